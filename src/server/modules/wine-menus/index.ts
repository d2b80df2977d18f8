/** The wine lists module's only door: other modules and the app import from here. */
import * as repo from './repository.js';

export { wineMenuRoutes } from './routes.js';
export { availableWines, createWineMenuService, isReservedMenuSlug, menuBySlug, type WineMenuService } from './service.js';

/** Row writes another module may run inside its own transaction (the sample data creates one menu). */
export const menuRows = {
  findMenuBySlug: repo.findMenuBySlug,
  insertMenu: repo.insertMenu,
  insertWines: repo.insertWines,
  positionStats: repo.positionStats,
};
