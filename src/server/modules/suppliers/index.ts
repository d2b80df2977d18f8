/** The suppliers module's only door: other modules and the app import from here. */

export { supplierRoutes } from './routes.js';
export { createSupplierService, findSupplierById, type SupplierService } from './service.js';
