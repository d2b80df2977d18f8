/** The guest JSON API's only door: other modules and the app import from here. */
export { publicApiRoutes } from './routes.js';
export { createPublicService, establishmentPage, menuByPath, menuBySlugOrId, type PublicService } from './service.js';
