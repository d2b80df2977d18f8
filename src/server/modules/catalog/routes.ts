import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_TOTAL_CAPPED_HEADER,
  CATALOG_TOTAL_HEADER,
  catalogListQuerySchema,
  catalogWineInputSchema,
  catalogWineSchema,
} from '../../../shared/catalog.js';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../http/authenticate.js';
import type { Action } from '../../core/caller.js';
import * as service from './service.js';

const params = z.object({ id: z.uuid('Identificador inválido.') });

/** Runs before body validation, so a caller who may not write always gets 403, whatever the body. */
const may = (action: Action) => async (request: FastifyRequest) => {
  service.assertCatalogAccess(callerOf(request), action);
};

export function catalogRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/catalog/wines',
      { schema: { querystring: catalogListQuerySchema, response: { 200: z.array(catalogWineSchema) } } },
      async (request, reply) => {
        const { items, total, capped } = await service.listWines(db, callerOf(request), request.query);
        reply.header(CATALOG_TOTAL_HEADER, String(total));
        if (capped) reply.header(CATALOG_TOTAL_CAPPED_HEADER, 'true');
        return reply.send(items);
      },
    );
    r.post(
      '/api/catalog/wines',
      { onRequest: may('create'), schema: { body: catalogWineInputSchema, response: { 201: catalogWineSchema } } },
      async (request, reply) => {
        return reply.status(201).send(await service.createWine(db, callerOf(request), request.body));
      },
    );
    r.get('/api/catalog/wines/:id', { schema: { params, response: { 200: catalogWineSchema } } }, async (request) =>
      service.getWine(db, callerOf(request), request.params.id),
    );
    r.put(
      '/api/catalog/wines/:id',
      { onRequest: may('update'), schema: { params, body: catalogWineInputSchema, response: { 200: catalogWineSchema } } },
      async (request) => service.updateWine(db, callerOf(request), request.params.id, request.body),
    );
    r.delete('/api/catalog/wines/:id', { onRequest: may('delete'), schema: { params } }, async (request, reply) => {
      await service.deleteWine(db, callerOf(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
