import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { establishmentInputSchema, establishmentListSchema, establishmentSchema } from '../../../shared/establishments.js';
import { idParamsSchema } from '../../../shared/users.js';
import type { Db } from '../../db/client.js';
import { accessHook } from '../../http/access-hook.js';
import { callerOf } from '../../http/authenticate.js';
import * as service from './service.js';

export function establishmentRoutes(db: Db, deps: service.EstablishmentDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/establishments', { schema: { response: { 200: establishmentListSchema } } }, async (request) =>
      service.listEstablishments(db, callerOf(request)),
    );
    r.get('/api/establishments/:id', { schema: { params: idParamsSchema, response: { 200: establishmentSchema } } }, async (request) =>
      service.getEstablishment(db, callerOf(request), request.params.id),
    );
    r.post(
      '/api/establishments',
      {
        onRequest: accessHook('establishments', 'create', service.CANNOT_CREATE),
        schema: { body: establishmentInputSchema, response: { 201: establishmentSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.createEstablishment(db, callerOf(request), request.body, deps)),
    );
    r.put(
      '/api/establishments/:id',
      {
        onRequest: accessHook('establishments', 'update', service.CANNOT_UPDATE),
        schema: { params: idParamsSchema, body: establishmentInputSchema, response: { 200: establishmentSchema } },
      },
      async (request) => service.updateEstablishment(db, callerOf(request), request.params.id, request.body, deps),
    );
    r.delete(
      '/api/establishments/:id',
      { onRequest: accessHook('establishments', 'delete', service.CANNOT_DELETE), schema: { params: idParamsSchema } },
      async (request, reply) => {
        await service.deleteEstablishment(db, callerOf(request), request.params.id, deps);
        return reply.status(204).send();
      },
    );
  };
}
