import { z } from 'zod';
import {
  LGPD_REQUESTS_PAGE_SIZE,
  lgpdRequestSchema,
  lgpdRequestsQuerySchema,
  retentionRuleSchema,
  retentionUpdateSchema,
  subjectFindingsSchema,
  subjectQuerySchema,
} from '../../../shared/lgpd.js';
import { callerOf } from '../../http/authenticate.js';
import { may } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { LgpdService } from './service.js';

const downloadParams = z.object({ id: z.string().max(64) });
const downloadQuery = z.object({ expires: z.string().max(20).default(''), signature: z.string().max(128).default('') });

/**
 * /lgpd's calls (admin only). The person's e-mail, CPF or phone travels in POST bodies, never in a URL, so it stays
 * out of access logs and proxies.
 */
export function lgpdRoutes(service: LgpdService) {
  return zodRoutes((r) => {
    r.post(
      '/api/lgpd/search',
      {
        config: { ...may('lgpd', 'read'), noStore: true, audit: { none: 'a search: reads only' } },
        schema: { body: subjectQuerySchema, response: { 200: subjectFindingsSchema } },
      },
      async (request) => service.search(callerOf(request), request.body.query),
    );
    r.post(
      '/api/lgpd/exports',
      {
        config: { ...may('lgpd', 'export'), noStore: true, audit: 'recorded' },
        schema: { body: subjectQuerySchema, response: { 202: lgpdRequestSchema } },
      },
      async (request, reply) => reply.status(202).send(await service.requestExport(callerOf(request), request.body.query)),
    );
    r.post(
      '/api/lgpd/erasures',
      {
        config: { ...may('lgpd', 'erase'), noStore: true, audit: 'recorded' },
        schema: { body: subjectQuerySchema, response: { 200: lgpdRequestSchema } },
      },
      async (request) => service.erase(callerOf(request), request.body.query),
    );
    r.get(
      '/api/lgpd/requests',
      {
        config: { ...may('lgpd', 'read'), noStore: true },
        schema: { querystring: lgpdRequestsQuerySchema, response: { 200: z.array(lgpdRequestSchema) } },
      },
      async (request, reply) => {
        const { items, total } = await service.listRequests(
          callerOf(request),
          request.query.page ?? 1,
          request.query.limit ?? LGPD_REQUESTS_PAGE_SIZE,
        );
        void reply.header('x-total-count', String(total));
        return items;
      },
    );
    // The signed link is the key (links.ts): an admin's browser opens it without a token, for 24 hours.
    r.get(
      '/api/lgpd/exports/:id/download',
      {
        config: { public: true, noStore: true },
        schema: { params: downloadParams, querystring: downloadQuery },
      },
      async (request, reply) => {
        const file = await service.download(request.params.id, request.query.expires, request.query.signature);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );
    r.get(
      '/api/lgpd/retention',
      {
        config: { ...may('lgpd', 'read'), noStore: true },
        schema: { response: { 200: z.array(retentionRuleSchema) } },
      },
      async (request) => service.retention(callerOf(request)),
    );
    r.put(
      '/api/lgpd/retention',
      {
        config: { ...may('lgpd', 'manageRetention'), audit: 'recorded' },
        schema: { body: retentionUpdateSchema, response: { 200: z.array(retentionRuleSchema) } },
      },
      async (request) => service.updateRetention(callerOf(request), request.body.onboarding_days),
    );
  });
}
