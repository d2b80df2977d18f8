import { z } from 'zod';
import { idParamsSchema } from '../../../shared/id-params.js';
import { userCreateSchema, userSchema, userUpdateSchema } from '../../../shared/users.js';
import { callerOf } from '../../http/authenticate.js';
import { registerDeleteRoute } from '../../http/record-routes.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { UserService } from './service.js';

export function userRoutes(service: UserService) {
  return zodRoutes((r, app) => {
    r.get(
      '/api/users',
      { config: { policy: { area: 'users', action: 'read' } }, schema: { response: { 200: z.array(userSchema) } } },
      async (request) => service.listUsers(callerOf(request)),
    );
    r.post(
      '/api/users',
      { config: mayWrite('users', 'create'), schema: { body: userCreateSchema, response: { 201: userSchema } } },
      async (request, reply) => {
        return reply.status(201).send(await service.createUser(callerOf(request), request.body));
      },
    );
    r.put(
      '/api/users/:id',
      {
        config: mayWrite('users', 'update'),
        schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: userSchema } },
      },
      async (request) => service.updateUser(callerOf(request), request.params.id, request.body),
    );
    for (const [path, active] of [
      ['deactivate', false],
      ['reactivate', true],
    ] as const) {
      r.post(
        `/api/users/:id/${path}`,
        { config: mayWrite('users', 'deactivate'), schema: { params: idParamsSchema, response: { 200: userSchema } } },
        async (request) => service.setActive(callerOf(request), request.params.id, active),
      );
    }
    registerDeleteRoute(app, '/api/users/:id', may('users', 'delete'), service.deleteUser);
  });
}
