import type { FastifyInstance } from 'fastify';
import { catalogListQuerySchema, catalogWineInputSchema, catalogWineSchema } from '../../../shared/catalog.js';
import { registerRecordRoutes } from '../../http/record-routes.js';
import type { CatalogService } from './service.js';

export function catalogRoutes(service: CatalogService) {
  return async (app: FastifyInstance) => {
    registerRecordRoutes(app, {
      path: '/api/catalog/wines',
      area: 'catalog',
      item: catalogWineSchema,
      input: catalogWineInputSchema,
      list: { query: catalogListQuerySchema, load: service.listWines },
      get: service.getWine,
      create: service.createWine,
      update: service.updateWine,
      remove: service.deleteWine,
    });
  };
}
