import { z } from 'zod';
import { auditEntrySchema, auditListQuerySchema, auditPersonSchema } from '../../../shared/audit.js';
import { callerOf } from '../../http/authenticate.js';
import { sendList } from '../../http/record-routes.js';
import { may } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { AuditService } from './service.js';

export function auditRoutes(service: AuditService) {
  return zodRoutes((r) => {
    r.get(
      '/api/audit',
      { config: may('audit', 'read'), schema: { querystring: auditListQuerySchema, response: { 200: z.array(auditEntrySchema) } } },
      async (request, reply) => sendList(reply, await service.list(callerOf(request), request.query)),
    );
    r.get(
      '/api/audit/people',
      { config: may('audit', 'read'), schema: { response: { 200: z.array(auditPersonSchema) } } },
      async (request) => service.people(callerOf(request)),
    );
  });
}
