import { z } from 'zod';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyParamsSchema, apiKeySchema } from '../../../shared/api-keys.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { callerOf } from '../../http/authenticate.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { ApiKeyService } from './service.js';

const establishmentParams = z.object({ id: z.uuid(ESTABLISHMENT_NOT_FOUND) });

/** The "Integrações" screen's keys. Keys never reach these routes: their policies name no key scope. */
export function apiKeyRoutes(service: ApiKeyService) {
  return zodRoutes((r) => {
    r.get(
      '/api/establishments/:id/api-keys',
      { config: may('apiKeys', 'read'), schema: { params: establishmentParams, response: { 200: z.array(apiKeySchema) } } },
      async (request) => service.list(callerOf(request), request.params.id),
    );
    r.post(
      '/api/establishments/:id/api-keys',
      {
        config: mayWrite('apiKeys', 'create'),
        schema: { params: establishmentParams, body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.params.id, request.body)),
    );
    r.post(
      '/api/establishments/:id/api-keys/:keyId/revoke',
      { config: mayWrite('apiKeys', 'revoke'), schema: { params: apiKeyParamsSchema, response: { 200: apiKeySchema } } },
      async (request) => service.revoke(callerOf(request), request.params.id, request.params.keyId),
    );
  });
}
