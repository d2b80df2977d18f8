/** The menu engineering module's only door (issue 32). */
export { menuEngineeringRoutes } from './routes.js';
export { createMenuEngineeringService, type MenuEngineeringService } from './service.js';
