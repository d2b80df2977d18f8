import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, loginResponseSchema, sessionUserSchema } from '../../../shared/auth.js';
import type { Db } from '../../db/client.js';
import { callerOf } from '../../http/authenticate.js';
import { login, sessionUserOf } from './service.js';
import type { TokenSigner } from './tokens.js';

export function authRoutes(db: Db, tokens: TokenSigner) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/auth/login',
      {
        config: { public: true, noStore: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      },
      async (request) => ({ access_token: await login(db, tokens, request.body, request.ip), token_type: 'bearer' as const }),
    );
    r.get('/api/auth/me', { schema: { response: { 200: sessionUserSchema } } }, async (request) => sessionUserOf(callerOf(request)));
  };
}
