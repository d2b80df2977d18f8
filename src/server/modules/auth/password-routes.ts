import type { FastifyRequest } from 'fastify';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  PASSWORD_TEXTS,
  resetLinkCheckSchema,
  resetPasswordRequestSchema,
} from '../../../shared/passwords.js';
import { appError } from '../../core/app-error.js';
import { callerOf } from '../../http/authenticate.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { AuthService } from './service.js';

/**
 * "Esqueci minha senha" per e-mail from one client address, and per address overall, each hour: enough for typos,
 * not for mail bombing. Never per e-mail alone: anyone could then use up a person's requests and lock them out of
 * resetting (the login throttle is per e-mail and address for the same reason). The counters are the database's
 * (rate_limit_counters), so every process and a restart see the same counts.
 */
export const RESET_REQUESTS_PER_EMAIL_AND_ADDRESS = 5;
export const RESET_REQUESTS_PER_ADDRESS = 20;
/** Tries of a reset link per address: a token has 256 bits, this only keeps scripts off the password hashing. */
const RESET_TRIES_PER_ADDRESS = 30;
const resetTriesLimit = (name: string) => ({
  max: RESET_TRIES_PER_ADDRESS,
  timeWindow: '15 minutes',
  keyGenerator: (request: FastifyRequest) => `${name}-ip:${request.ip}`,
});

const tooMany = () => appError('too_many_reset_requests');

/** Change (signed in), forgot and reset (public) of a password. */
export function passwordRoutes(service: AuthService) {
  return zodRoutes((r, app) => {
    r.post(
      '/api/auth/change-password',
      { config: { policy: 'signed-in', noStore: true, audit: 'recorded' }, schema: { body: changePasswordRequestSchema } },
      async (request, reply) => {
        await service.changePassword(callerOf(request), request.body, request.ip);
        return reply.status(204).send();
      },
    );

    // The e-mail's limit runs once the body is parsed (trimmed, lower-cased), so "A@x" and "a@x " share it. A second
    // limiter of the plugin's own kind would be skipped on a route that already has one: this one is called by hand.
    const emailLimit = app.createRateLimit({
      max: RESET_REQUESTS_PER_EMAIL_AND_ADDRESS,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => `forgot-password-email-ip:${(request.body as { email: string }).email}\n${request.ip}`,
    });
    const perEmail = async (request: FastifyRequest) => {
      const limit = await emailLimit(request);
      if (!limit.isAllowed && limit.isExceeded) throw tooMany();
    };
    r.post(
      '/api/auth/forgot-password',
      {
        config: {
          public: true,
          noStore: true,
          audit: { none: 'queues an e-mail with a link; the password changes, and is recorded, only at the reset' },
          rateLimit: {
            max: RESET_REQUESTS_PER_ADDRESS,
            timeWindow: '1 hour',
            keyGenerator: (request: FastifyRequest) => `forgot-password-ip:${request.ip}`,
            errorResponseBuilder: tooMany,
          },
        },
        preHandler: perEmail,
        schema: { body: forgotPasswordRequestSchema, response: { 202: forgotPasswordResponseSchema } },
      },
      async (request, reply) => {
        await service.requestPasswordReset(request.body.email, service.linkBase(request));
        return reply.status(202).send({ detail: PASSWORD_TEXTS.resetRequested, delivery: service.mailDelivery });
      },
    );

    r.post(
      '/api/auth/reset-password/check',
      {
        config: {
          public: true,
          noStore: true,
          rateLimit: resetTriesLimit('reset-link-check'),
          audit: { none: 'reads whether a link is live' },
        },
        schema: { body: resetLinkCheckSchema },
      },
      async (request, reply) => {
        await service.checkResetLink(request.body.token);
        return reply.status(204).send();
      },
    );

    r.post(
      '/api/auth/reset-password',
      {
        config: { public: true, noStore: true, rateLimit: resetTriesLimit('reset-password'), audit: 'recorded' },
        schema: { body: resetPasswordRequestSchema },
      },
      async (request, reply) => {
        await service.resetPassword(request.body);
        return reply.status(204).send();
      },
    );
  });
}
