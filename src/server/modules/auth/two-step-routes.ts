import { z } from 'zod';
import {
  openSessionsSchema,
  passkeyAddRequestSchema,
  passkeyOptionsResponseSchema,
  recoveryCodesSchema,
  totpConfirmRequestSchema,
  totpDisableRequestSchema,
  totpSetupSchema,
  twoStepPolicySchema,
  twoStepStatusSchema,
} from '../../../shared/two-step.js';
import { callerOf } from '../../http/authenticate.js';
import { may } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { AuthService } from './service.js';

/** A role that must have two-step sign-in and has not set it up reaches these, and nothing else (docs/decisions/0094). */
const SET_UP = ['setup_required'] as const;
const idParams = z.object({ id: z.uuid('Identificador inválido.') });
const endedSchema = z.object({ ended: z.number().int() });

/** /conta: the person's own two-step sign-in, passkeys and open sessions. Every id comes from the session. */
export function twoStepRoutes(service: AuthService) {
  return zodRoutes((r) => {
    r.get(
      '/api/account/two-step',
      { config: { policy: 'signed-in', sessionStages: SET_UP, noStore: true }, schema: { response: { 200: twoStepStatusSchema } } },
      async (request) => service.twoStepStatus(callerOf(request)),
    );
    r.post(
      '/api/account/two-step/totp',
      {
        config: {
          policy: 'signed-in',
          sessionStages: SET_UP,
          noStore: true,
          audit: { none: 'a pending secret, not yet in use; turning two-step on is recorded at confirm' },
        },
        schema: { response: { 200: totpSetupSchema } },
      },
      async (request) => service.startTotpSetup(callerOf(request)),
    );
    r.post(
      '/api/account/two-step/totp/confirm',
      {
        config: { policy: 'signed-in', sessionStages: SET_UP, noStore: true, audit: 'recorded' },
        schema: { body: totpConfirmRequestSchema, response: { 200: recoveryCodesSchema } },
      },
      async (request) => ({ recovery_codes: await service.confirmTotp(callerOf(request), request.body.code, request.ip) }),
    );
    r.post(
      '/api/account/two-step/totp/disable',
      { config: { policy: 'signed-in', noStore: true, audit: 'recorded' }, schema: { body: totpDisableRequestSchema } },
      async (request, reply) => {
        await service.disableTotp(callerOf(request), request.body, request.ip);
        return reply.status(204).send();
      },
    );
    r.post(
      '/api/account/passkeys/options',
      {
        config: { policy: 'signed-in', noStore: true, audit: { none: 'a challenge for adding a passkey; the passkey added is recorded' } },
        schema: { response: { 200: passkeyOptionsResponseSchema } },
      },
      async (request) => service.passkeyRegistrationOptions(callerOf(request)),
    );
    r.post(
      '/api/account/passkeys',
      {
        config: { policy: 'signed-in', noStore: true, audit: 'recorded' },
        schema: { body: passkeyAddRequestSchema, response: { 201: twoStepStatusSchema.shape.passkeys.element } },
      },
      async (request, reply) => reply.status(201).send(await service.addPasskey(callerOf(request), request.body)),
    );
    r.delete(
      '/api/account/passkeys/:id',
      { config: { policy: 'signed-in', audit: 'recorded' }, schema: { params: idParams } },
      async (request, reply) => {
        await service.removePasskey(callerOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
    r.get(
      '/api/two-step-policy',
      { config: { ...may('users', 'update'), noStore: true }, schema: { response: { 200: twoStepPolicySchema } } },
      async () => ({ required_roles: await service.requiredRoles() }),
    );
    r.put(
      '/api/two-step-policy',
      {
        config: { ...may('users', 'update'), audit: 'recorded' },
        schema: { body: twoStepPolicySchema, response: { 200: twoStepPolicySchema } },
      },
      async (request) => ({ required_roles: await service.setRequiredRoles(callerOf(request), request.body.required_roles) }),
    );
    r.get(
      '/api/account/sessions',
      { config: { policy: 'signed-in', noStore: true }, schema: { response: { 200: openSessionsSchema } } },
      async (request) => ({ items: await service.listOpenSessions(callerOf(request)) }),
    );
    r.delete(
      '/api/account/sessions/:id',
      { config: { policy: 'signed-in', audit: 'recorded' }, schema: { params: idParams } },
      async (request, reply) => {
        await service.endOwnSession(callerOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
    r.post(
      '/api/account/sessions/end-others',
      { config: { policy: 'signed-in', audit: 'recorded' }, schema: { response: { 200: endedSchema } } },
      async (request) => ({ ended: await service.endOtherSessions(callerOf(request)) }),
    );
  });
}
