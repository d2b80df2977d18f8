import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seedResultSchema } from '../../../shared/wine-menus.js';
import type { Db } from '../../db/client.js';
import { accessHook } from '../../http/access-hook.js';
import { callerOf } from '../../http/authenticate.js';
import * as service from './service.js';

export function seedRoutes(db: Db, deps: service.SeedDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/seed/pedra-da-ilha',
      {
        onRequest: accessHook('establishments', 'create', service.CANNOT_SEED),
        schema: { response: { 200: seedResultSchema, 201: seedResultSchema } },
      },
      async (request, reply) => {
        const { created, result } = await service.seedPedraDaIlha(db, callerOf(request), deps);
        return reply.status(created ? 201 : 200).send(result);
      },
    );
  };
}
