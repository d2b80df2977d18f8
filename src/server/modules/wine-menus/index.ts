/** The wine lists module's only door: other modules and the app import from here. */

export { wineMenuRoutes } from './routes.js';
export {
  addMenuWithWines,
  availableWines,
  createWineMenuService,
  isReservedMenuSlug,
  menuBySlug,
  menuWineCount,
  type WineMenuService,
} from './service.js';
