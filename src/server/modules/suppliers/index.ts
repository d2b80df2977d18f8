/** The suppliers module's only door: other modules and the app import from here. */

export { supplierRoutes } from './routes.js';
export {
  addSupplierByName,
  createSupplierService,
  findSupplierById,
  type SupplierService,
  supplierIdsByFoldedName,
  supplierNameProblem,
} from './service.js';
