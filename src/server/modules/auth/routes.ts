import { loginRequestSchema, loginResponseSchema, sessionUserSchema } from '../../../shared/auth.js';
import { callerOf } from '../../http/authenticate.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { AuthService } from './service.js';

export function authRoutes(service: AuthService) {
  return zodRoutes((r) => {
    r.post(
      '/api/auth/login',
      {
        config: { public: true, noStore: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      },
      async (request) => ({ access_token: await service.login(request.body, request.ip), token_type: 'bearer' as const }),
    );
    r.post('/api/auth/logout', { config: { policy: 'signed-in', noStore: true } }, async (request, reply) => {
      await service.logout(callerOf(request));
      return reply.status(204).send();
    });
    r.get('/api/auth/me', { config: { policy: 'signed-in' }, schema: { response: { 200: sessionUserSchema } } }, async (request) =>
      service.sessionUserOf(callerOf(request)),
    );
  });
}
