/** The catalogue module's only door: other modules and the app import from here. */
export type { CatalogWineValues } from './repository.js';
export { catalogRoutes } from './routes.js';
export { type CatalogService, catalogSearchText, createCatalogService, toCatalogWineValues } from './service.js';
