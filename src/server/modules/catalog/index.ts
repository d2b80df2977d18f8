/** The catalogue module's only door: other modules and the app import from here. */
export type { CatalogWineValues } from './repository.js';
export { catalogRoutes } from './routes.js';
export { catalogSearchText } from './search-text.js';
export { type CatalogService, createCatalogService, toCatalogWineValues } from './service.js';
