/** The suppliers module's only door: other modules and the app import from here. */
import * as repo from './repository.js';

export { supplierRoutes } from './routes.js';
export { createSupplierService, type SupplierService } from './service.js';

/** Row reads another module may run inside its own transaction (an order reads its supplier's rate). */
export const supplierRows = { findById: repo.findById };
