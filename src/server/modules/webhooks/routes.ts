import { z } from 'zod';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import {
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookParamsSchema,
} from '../../../shared/webhooks.js';
import { callerOf } from '../../http/authenticate.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { WebhookService } from './service.js';

const establishmentParams = z.object({ id: z.uuid(ESTABLISHMENT_NOT_FOUND) });
const read = may('webhooks', 'read');
const manage = mayWrite('webhooks', 'manage');

/** The "Integrações" screen's webhooks; a key with the `webhooks` scope may call them too. */
export function webhookRoutes(service: WebhookService) {
  return zodRoutes((r) => {
    r.get(
      '/api/establishments/:id/webhooks',
      { config: read, schema: { params: establishmentParams, response: { 200: z.array(webhookEndpointSchema) } } },
      async (request) => service.list(callerOf(request), request.params.id),
    );
    r.post(
      '/api/establishments/:id/webhooks',
      {
        config: manage,
        schema: { params: establishmentParams, body: webhookEndpointInputSchema, response: { 201: webhookEndpointWithSecretSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.params.id, request.body)),
    );
    r.put(
      '/api/establishments/:id/webhooks/:webhookId',
      {
        config: manage,
        schema: { params: webhookParamsSchema, body: webhookEndpointInputSchema, response: { 200: webhookEndpointSchema } },
      },
      async (request) => service.update(callerOf(request), request.params.id, request.params.webhookId, request.body),
    );
    r.delete(
      '/api/establishments/:id/webhooks/:webhookId',
      { config: manage, schema: { params: webhookParamsSchema } },
      async (request, reply) => {
        await service.remove(callerOf(request), request.params.id, request.params.webhookId);
        return reply.status(204).send();
      },
    );
    r.post(
      '/api/establishments/:id/webhooks/:webhookId/secret',
      { config: manage, schema: { params: webhookParamsSchema, response: { 200: webhookEndpointWithSecretSchema } } },
      async (request) => service.rotateSecret(callerOf(request), request.params.id, request.params.webhookId),
    );
    r.post(
      '/api/establishments/:id/webhooks/:webhookId/resume',
      { config: manage, schema: { params: webhookParamsSchema, response: { 200: webhookEndpointSchema } } },
      async (request) => service.resume(callerOf(request), request.params.id, request.params.webhookId),
    );
    r.get(
      '/api/establishments/:id/webhooks/:webhookId/deliveries',
      { config: read, schema: { params: webhookParamsSchema, response: { 200: z.array(webhookDeliverySchema) } } },
      async (request) => service.deliveries(callerOf(request), request.params.id, request.params.webhookId),
    );
    r.post(
      '/api/establishments/:id/webhooks/:webhookId/deliveries/:deliveryId/resend',
      { config: manage, schema: { params: webhookDeliveryParamsSchema, response: { 201: webhookDeliverySchema } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.resend(callerOf(request), request.params.id, request.params.webhookId, request.params.deliveryId)),
    );
  });
}
