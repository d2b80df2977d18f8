/** The sample data module's only door: other modules and the app import from here. */
export { seedRoutes } from './routes.js';
export { createSeedService, type SeedService } from './service.js';
