/** The establishments module's only door: other modules and the app import from here. */
export { establishmentRoutes } from './routes.js';
export {
  addEstablishment,
  chooseSlug,
  createEstablishmentService,
  type EstablishmentRow,
  type EstablishmentService,
  type EstablishmentValues,
  findEstablishmentBySlug,
  findVisibleEstablishment,
  isReservedEstablishmentSlug,
  linkUserToEstablishment,
  type OnPublicChange,
} from './service.js';
