/** The health check's only door: the app imports from here. */
export { healthRoutes } from './routes.js';
