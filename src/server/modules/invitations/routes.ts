import { z } from 'zod';
import { loginResponseSchema } from '../../../shared/auth.js';
import { idParamsSchema } from '../../../shared/id-params.js';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenSchema,
} from '../../../shared/invitations.js';
import { callerOf } from '../../http/authenticate.js';
import { registerDeleteRoute } from '../../http/record-routes.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { InvitationService } from './service.js';

/** A person with a link tries it a few times at most; guessing tokens is what this limit slows down. */
const PUBLIC_LIMIT = { max: 30, timeWindow: '1 minute' };

export function invitationRoutes(service: InvitationService) {
  return zodRoutes((r, app) => {
    r.get(
      '/api/invitations',
      {
        config: { policy: { area: 'invitations', action: 'read' }, noStore: true },
        schema: { response: { 200: z.array(invitationSchema) } },
      },
      async (request) => service.list(callerOf(request)),
    );
    r.post(
      '/api/invitations',
      {
        config: { ...mayWrite('invitations', 'create'), noStore: true },
        schema: { body: invitationCreateSchema, response: { 201: invitationSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body, service.linkBase(request))),
    );
    r.post(
      '/api/invitations/:id/resend',
      {
        config: { ...mayWrite('invitations', 'resend'), noStore: true },
        schema: { params: idParamsSchema, response: { 200: invitationSchema } },
      },
      async (request) => service.resend(callerOf(request), request.params.id, service.linkBase(request)),
    );
    registerDeleteRoute(app, '/api/invitations/:id', may('invitations', 'delete'), service.remove);
    // The token travels in a body, not a URL, so it stays out of access logs.
    r.post(
      '/api/invitations/preview',
      {
        config: { public: true, noStore: true, rateLimit: PUBLIC_LIMIT, audit: { none: 'reads an invitation by its token' } },
        schema: { body: invitationTokenSchema, response: { 200: invitationPreviewSchema } },
      },
      async (request) => service.preview(request.body.token),
    );
    r.post(
      '/api/invitations/accept',
      {
        config: { public: true, noStore: true, rateLimit: PUBLIC_LIMIT, audit: 'recorded' },
        schema: { body: invitationAcceptSchema, response: { 201: loginResponseSchema } },
      },
      async (request, reply) =>
        reply
          // A role that must have two-step sign-in is sent to set it up by GET /api/auth/me's stage.
          .status(201)
          .send({ access_token: await service.accept(request.body), token_type: 'bearer' as const, stage: 'full' as const }),
    );
  });
}
