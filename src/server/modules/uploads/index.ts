/** The image uploads module's only door: the app imports from here. */
export { uploadRoutes } from './routes.js';
