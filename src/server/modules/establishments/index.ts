/** The establishments module's only door: other modules and the app import from here. */
import * as repo from './repository.js';

export { establishmentRoutes } from './routes.js';
export {
  chooseSlug,
  createEstablishmentService,
  type EstablishmentService,
  findVisibleEstablishment,
  isReservedEstablishmentSlug,
  type OnPublicChange,
} from './service.js';

/** Row writes another module may run inside its own transaction (the sample data creates one establishment). */
export const establishmentRows = { findBySlug: repo.findBySlug, insert: repo.insert, linkUser: repo.linkUser };
