import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cellarFiguresSchema,
  cellarItemCreateSchema,
  cellarItemSchema,
  cellarItemUpdateSchema,
  cellarMovementInputSchema,
  cellarMovementResultSchema,
  cellarMovementSchema,
  figuresQuerySchema,
  reorderSuggestionSchema,
} from '../../../shared/cellar.js';
import { idParamsSchema } from '../../../shared/id-params.js';
import { callerOf } from '../../http/authenticate.js';
import { may } from '../../http/route-policy.js';
import type { CellarService } from './service.js';

export function cellarRoutes(service: CellarService) {
  // Reads are scoped, not refused: a supplier gets 404 for an establishment's cellar, as for its menus.
  const read = { policy: { area: 'cellar', action: 'read', outOfScope: 'hidden' } } as const;
  const canCreate = may('cellar', 'create');
  const canUpdate = may('cellar', 'update');
  const canMove = may('cellar', 'move');

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/establishments/:id/cellar',
      { config: read, schema: { params: idParamsSchema, response: { 200: z.array(cellarItemSchema) } } },
      async (request) => service.listItems(callerOf(request), request.params.id),
    );
    r.post(
      '/api/establishments/:id/cellar',
      { config: canCreate, schema: { params: idParamsSchema, body: cellarItemCreateSchema, response: { 201: cellarItemSchema } } },
      async (request, reply) => reply.status(201).send(await service.createItem(callerOf(request), request.params.id, request.body)),
    );
    r.get(
      '/api/establishments/:id/cellar/reorder',
      { config: read, schema: { params: idParamsSchema, response: { 200: reorderSuggestionSchema } } },
      async (request) => service.reorder(callerOf(request), request.params.id),
    );
    r.get(
      '/api/establishments/:id/cellar/figures',
      { config: read, schema: { params: idParamsSchema, querystring: figuresQuerySchema, response: { 200: cellarFiguresSchema } } },
      async (request) => service.figures(callerOf(request), request.params.id, request.query.days),
    );
    r.put(
      '/api/cellar/:id',
      { config: canUpdate, schema: { params: idParamsSchema, body: cellarItemUpdateSchema, response: { 200: cellarItemSchema } } },
      async (request) => service.updateItem(callerOf(request), request.params.id, request.body),
    );
    r.post(
      '/api/cellar/:id/movements',
      {
        config: canMove,
        schema: { params: idParamsSchema, body: cellarMovementInputSchema, response: { 201: cellarMovementResultSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.recordMovement(callerOf(request), request.params.id, request.body)),
    );
    r.get(
      '/api/cellar/:id/movements',
      { config: read, schema: { params: idParamsSchema, response: { 200: z.array(cellarMovementSchema) } } },
      async (request) => service.listMovements(callerOf(request), request.params.id),
    );
  };
}
