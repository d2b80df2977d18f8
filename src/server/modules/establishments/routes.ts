import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { establishmentInputSchema, establishmentListSchema, establishmentSchema } from '../../../shared/establishments.js';
import { idParamsSchema } from '../../../shared/id-params.js';
import { callerOf } from '../../http/authenticate.js';
import type { EstablishmentService } from './service.js';

export function establishmentRoutes(service: EstablishmentService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Reads are scoped, not refused: a supplier lists no establishments and gets 404 for one.
    const read = { policy: { area: 'establishments', action: 'read', outOfScope: 'hidden' } } as const;
    r.get('/api/establishments', { config: read, schema: { response: { 200: establishmentListSchema } } }, async (request) =>
      service.listEstablishments(callerOf(request)),
    );
    r.get(
      '/api/establishments/:id',
      { config: read, schema: { params: idParamsSchema, response: { 200: establishmentSchema } } },
      async (request) => service.getEstablishment(callerOf(request), request.params.id),
    );
    r.post(
      '/api/establishments',
      {
        config: { policy: { area: 'establishments', action: 'create' } },
        schema: { body: establishmentInputSchema, response: { 201: establishmentSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.createEstablishment(callerOf(request), request.body)),
    );
    r.put(
      '/api/establishments/:id',
      {
        config: { policy: { area: 'establishments', action: 'update' } },
        schema: { params: idParamsSchema, body: establishmentInputSchema, response: { 200: establishmentSchema } },
      },
      async (request) => service.updateEstablishment(callerOf(request), request.params.id, request.body),
    );
    r.delete(
      '/api/establishments/:id',
      { config: { policy: { area: 'establishments', action: 'delete' } }, schema: { params: idParamsSchema } },
      async (request, reply) => {
        await service.deleteEstablishment(callerOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
