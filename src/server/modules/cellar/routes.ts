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
import {
  cellarDiscrepancySchema,
  tillCodeBodySchema,
  tillCodeParamsSchema,
  tillProductCodeSchema,
  tillSalesBatchSchema,
  tillSalesResultSchema,
} from '../../../shared/till-sales.js';
import { callerOf } from '../../http/authenticate.js';
import { registerReadRoute } from '../../http/record-routes.js';
import { mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { CellarService } from './service.js';

export function cellarRoutes(service: CellarService) {
  // Reads are scoped, not refused: a supplier gets 404 for an establishment's cellar, as for its menus.
  const read = { policy: { area: 'cellar', action: 'read', outOfScope: 'hidden' } } as const;
  const canCreate = mayWrite('cellar', 'create');
  const canUpdate = mayWrite('cellar', 'update');
  const canMove = mayWrite('cellar', 'move');

  return zodRoutes((r, app) => {
    registerReadRoute(app, '/api/establishments/:id/cellar', read, z.array(cellarItemSchema), service.listItems);
    r.post(
      '/api/establishments/:id/cellar',
      { config: canCreate, schema: { params: idParamsSchema, body: cellarItemCreateSchema, response: { 201: cellarItemSchema } } },
      async (request, reply) => reply.status(201).send(await service.createItem(callerOf(request), request.params.id, request.body)),
    );
    registerReadRoute(app, '/api/establishments/:id/cellar/reorder', read, reorderSuggestionSchema, service.reorder);
    // Issue 31: the till's sales, in batches; what it sold beyond the count waits for the next recount.
    r.post(
      '/api/establishments/:id/cellar/sales',
      { config: canMove, schema: { params: idParamsSchema, body: tillSalesBatchSchema, response: { 200: tillSalesResultSchema } } },
      async (request) => service.recordTillSales(callerOf(request), request.params.id, request.body),
    );
    registerReadRoute(app, '/api/establishments/:id/cellar/discrepancies', read, z.array(cellarDiscrepancySchema), service.discrepancies);
    registerReadRoute(app, '/api/establishments/:id/till-codes', read, z.array(tillProductCodeSchema), service.tillCodes);
    r.put(
      '/api/establishments/:id/till-codes/:code',
      { config: canUpdate, schema: { params: tillCodeParamsSchema, body: tillCodeBodySchema, response: { 200: tillProductCodeSchema } } },
      async (request) =>
        service.saveTillCode(callerOf(request), request.params.id, {
          code: request.params.code,
          cellar_item_id: request.body.cellar_item_id,
        }),
    );
    r.delete(
      '/api/establishments/:id/till-codes/:code',
      { config: canUpdate, schema: { params: tillCodeParamsSchema } },
      async (request, reply) => {
        await service.deleteTillCode(callerOf(request), request.params.id, request.params.code);
        return reply.status(204).send();
      },
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
    registerReadRoute(app, '/api/cellar/:id/movements', read, z.array(cellarMovementSchema), service.listMovements);
  });
}
