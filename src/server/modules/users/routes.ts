import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, userCreateSchema, userSchema, userUpdateSchema } from '../../../shared/users.js';
import type { Db } from '../../db/client.js';
import { adminOnly, callerOf } from '../../http/authenticate.js';
import * as service from './service.js';

export function userRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', adminOnly);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/users', { schema: { response: { 200: z.array(userSchema) } } }, async () => service.listUsers(db));
    r.post('/api/users', { schema: { body: userCreateSchema, response: { 201: userSchema } } }, async (request, reply) => {
      return reply.status(201).send(await service.createUser(db, request.body));
    });
    r.put(
      '/api/users/:id',
      { schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: userSchema } } },
      async (request) => service.updateUser(db, callerOf(request), request.params.id, request.body),
    );
    r.delete('/api/users/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
      await service.deleteUser(db, callerOf(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
