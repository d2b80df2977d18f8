export { menuLanguageRoutes } from './routes.js';
export { publicLanguages } from './service.js';
