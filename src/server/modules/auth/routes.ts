import type { FastifyRequest } from 'fastify';
import { loginRequestSchema, loginResponseSchema, sessionUserSchema } from '../../../shared/auth.js';
import {
  loginCodeRequestSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsResponseSchema,
  sessionStageResponseSchema,
} from '../../../shared/two-step.js';
import { callerOf } from '../../http/authenticate.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { AuthService, SignInOrigin } from './service.js';

const originOf = (request: FastifyRequest): SignInOrigin => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

/** Every stage a session can be in: logging out and asking "who am I" work in all of them. */
const ANY_STAGE = ['second_factor', 'setup_required'] as const;

export function authRoutes(service: AuthService) {
  return zodRoutes((r) => {
    r.post(
      '/api/auth/login',
      {
        config: { public: true, noStore: true, rateLimit: { max: 60, timeWindow: '1 minute' }, audit: 'recorded' },
        schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      },
      async (request) => {
        const { token, stage } = await service.login(request.body, originOf(request));
        return { access_token: token, token_type: 'bearer' as const, stage };
      },
    );
    // The second step: the token of the session that knew the password, and a code (app or recovery).
    r.post(
      '/api/auth/login/code',
      {
        config: {
          policy: 'signed-in',
          sessionStages: ['second_factor'],
          noStore: true,
          rateLimit: { max: 60, timeWindow: '1 minute' },
          audit: 'recorded',
        },
        schema: { body: loginCodeRequestSchema, response: { 200: sessionStageResponseSchema } },
      },
      async (request) => {
        await service.loginWithCode(callerOf(request), request.body.code, request.ip);
        return { stage: 'full' as const };
      },
    );
    r.post(
      '/api/auth/passkey/options',
      {
        config: {
          public: true,
          noStore: true,
          rateLimit: { max: 30, timeWindow: '1 minute' },
          audit: { none: 'a challenge for a passkey sign-in; the sign-in itself is recorded' },
        },
        schema: { response: { 200: passkeyOptionsResponseSchema } },
      },
      async () => service.passkeyLoginOptions(),
    );
    r.post(
      '/api/auth/passkey/login',
      {
        config: { public: true, noStore: true, rateLimit: { max: 30, timeWindow: '1 minute' }, audit: 'recorded' },
        schema: { body: passkeyLoginRequestSchema, response: { 200: loginResponseSchema } },
      },
      async (request) => {
        const { token, stage } = await service.loginWithPasskey(request.body, originOf(request));
        return { access_token: token, token_type: 'bearer' as const, stage };
      },
    );
    r.post(
      '/api/auth/logout',
      { config: { policy: 'signed-in', sessionStages: ANY_STAGE, noStore: true, audit: 'recorded' } },
      async (request, reply) => {
        await service.logout(callerOf(request));
        return reply.status(204).send();
      },
    );
    r.get(
      '/api/auth/me',
      { config: { policy: 'signed-in', sessionStages: ANY_STAGE }, schema: { response: { 200: sessionUserSchema } } },
      async (request) => service.sessionUserOf(callerOf(request)),
    );
  });
}
