import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_TOTAL_CAPPED_HEADER,
  CATALOG_TOTAL_HEADER,
  catalogListQuerySchema,
  catalogWineInputSchema,
  catalogWineSchema,
} from '../../../shared/catalog.js';
import { idParamsSchema as params } from '../../../shared/id-params.js';
import { callerOf } from '../../http/authenticate.js';
import { may } from '../../http/route-policy.js';
import type { CatalogService } from './service.js';

export function catalogRoutes(service: CatalogService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/catalog/wines',
      { config: may('catalog', 'read'), schema: { querystring: catalogListQuerySchema, response: { 200: z.array(catalogWineSchema) } } },
      async (request, reply) => {
        const { items, total, capped } = await service.listWines(callerOf(request), request.query);
        reply.header(CATALOG_TOTAL_HEADER, String(total));
        if (capped) reply.header(CATALOG_TOTAL_CAPPED_HEADER, 'true');
        return reply.send(items);
      },
    );
    r.post(
      '/api/catalog/wines',
      { config: may('catalog', 'create'), schema: { body: catalogWineInputSchema, response: { 201: catalogWineSchema } } },
      async (request, reply) => {
        return reply.status(201).send(await service.createWine(callerOf(request), request.body));
      },
    );
    r.get(
      '/api/catalog/wines/:id',
      { config: may('catalog', 'read'), schema: { params, response: { 200: catalogWineSchema } } },
      async (request) => service.getWine(callerOf(request), request.params.id),
    );
    r.put(
      '/api/catalog/wines/:id',
      { config: may('catalog', 'update'), schema: { params, body: catalogWineInputSchema, response: { 200: catalogWineSchema } } },
      async (request) => service.updateWine(callerOf(request), request.params.id, request.body),
    );
    r.delete('/api/catalog/wines/:id', { config: may('catalog', 'delete'), schema: { params } }, async (request, reply) => {
      await service.deleteWine(callerOf(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
