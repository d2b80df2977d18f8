import type { FastifyInstance } from 'fastify';
import { supplierInputSchema, supplierListQuerySchema, supplierSchema } from '../../../shared/suppliers.js';
import { registerRecordRoutes } from '../../http/record-routes.js';
import type { SupplierService } from './service.js';

export function supplierRoutes(service: SupplierService) {
  return async (app: FastifyInstance) => {
    registerRecordRoutes(app, {
      path: '/api/suppliers',
      area: 'suppliers',
      item: supplierSchema,
      input: supplierInputSchema,
      list: { query: supplierListQuerySchema, load: service.listSuppliers },
      get: service.getSupplier,
      create: service.createSupplier,
      update: service.updateSupplier,
      remove: service.deleteSupplier,
    });
  };
}
