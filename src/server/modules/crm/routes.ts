import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityInputSchema,
  activityListQuerySchema,
  activitySchema,
  convertResultSchema,
  crmDashboardQuerySchema,
  crmDashboardSchema,
  leadConvertSchema,
  leadDeleteQuerySchema,
  leadInputSchema,
  leadListQuerySchema,
  leadSchema,
  opportunityCloseSchema,
  opportunityInputSchema,
  opportunityListQuerySchema,
  opportunitySchema,
  opportunityStageSchema,
} from '../../../shared/crm.js';
import { CRM_HAS_MORE_HEADER } from '../../../shared/crm-vocabulary.js';
import { idParamsSchema as params } from '../../../shared/id-params.js';
import { callerOf } from '../../http/authenticate.js';
import { may } from '../../http/route-policy.js';
import type { CrmService, ListResult } from './service.js';

const crmSeedResultSchema = z.object({ created: z.boolean(), leads: z.number(), opportunities: z.number(), activities: z.number() });

/** A bounded list: the rows, and X-Has-More when more match (a narrower search finds them). */
function sendList<T>(reply: FastifyReply, { items, hasMore }: ListResult<T>) {
  if (hasMore) reply.header(CRM_HAS_MORE_HEADER, 'true');
  return reply.send(items);
}

export function crmRoutes(service: CrmService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Leads
    r.get(
      '/api/crm/leads',
      { config: may('crm', 'read'), schema: { querystring: leadListQuerySchema, response: { 200: z.array(leadSchema) } } },
      async (request, reply) => sendList(reply, await service.listLeads(callerOf(request), request.query)),
    );
    r.post(
      '/api/crm/leads',
      { config: may('crm', 'create'), schema: { body: leadInputSchema, response: { 201: leadSchema } } },
      async (request, reply) => reply.status(201).send(await service.createLead(callerOf(request), request.body)),
    );
    r.put(
      '/api/crm/leads/:id',
      { config: may('crm', 'update'), schema: { params, body: leadInputSchema, response: { 200: leadSchema } } },
      async (request) => service.updateLead(callerOf(request), request.params.id, request.body),
    );
    r.delete(
      '/api/crm/leads/:id',
      { config: may('crm', 'delete'), schema: { params, querystring: leadDeleteQuerySchema } },
      async (request, reply) => {
        await service.deleteLead(callerOf(request), request.params.id, request.query.cascade);
        return reply.status(204).send();
      },
    );
    r.post(
      '/api/crm/leads/:id/convert',
      { config: may('crm', 'convert'), schema: { params, body: leadConvertSchema, response: { 200: convertResultSchema } } },
      async (request) => service.convertLead(callerOf(request), request.params.id, request.body),
    );

    // Opportunities
    r.get(
      '/api/crm/opportunities',
      { config: may('crm', 'read'), schema: { querystring: opportunityListQuerySchema, response: { 200: z.array(opportunitySchema) } } },
      async (request, reply) => sendList(reply, await service.listOpportunities(callerOf(request), request.query)),
    );
    r.post(
      '/api/crm/opportunities',
      { config: may('crm', 'create'), schema: { body: opportunityInputSchema, response: { 201: opportunitySchema } } },
      async (request, reply) => reply.status(201).send(await service.createOpportunity(callerOf(request), request.body)),
    );
    r.put(
      '/api/crm/opportunities/:id',
      { config: may('crm', 'update'), schema: { params, body: opportunityInputSchema, response: { 200: opportunitySchema } } },
      async (request) => service.updateOpportunity(callerOf(request), request.params.id, request.body),
    );
    r.post(
      '/api/crm/opportunities/:id/stage',
      { config: may('crm', 'update'), schema: { params, body: opportunityStageSchema, response: { 200: opportunitySchema } } },
      async (request) => service.moveOpportunity(callerOf(request), request.params.id, request.body.stage),
    );
    r.post(
      '/api/crm/opportunities/:id/close',
      { config: may('crm', 'close'), schema: { params, body: opportunityCloseSchema, response: { 200: opportunitySchema } } },
      async (request) => service.closeOpportunity(callerOf(request), request.params.id, request.body),
    );
    r.delete('/api/crm/opportunities/:id', { config: may('crm', 'delete'), schema: { params } }, async (request, reply) => {
      await service.deleteOpportunity(callerOf(request), request.params.id);
      return reply.status(204).send();
    });

    // Activities
    r.get(
      '/api/crm/activities',
      { config: may('crm', 'read'), schema: { querystring: activityListQuerySchema, response: { 200: z.array(activitySchema) } } },
      async (request, reply) => sendList(reply, await service.listActivities(callerOf(request), request.query)),
    );
    r.post(
      '/api/crm/activities',
      { config: may('crm', 'create'), schema: { body: activityInputSchema, response: { 201: activitySchema } } },
      async (request, reply) => reply.status(201).send(await service.createActivity(callerOf(request), request.body)),
    );
    r.put(
      '/api/crm/activities/:id',
      { config: may('crm', 'update'), schema: { params, body: activityInputSchema, response: { 200: activitySchema } } },
      async (request) => service.updateActivity(callerOf(request), request.params.id, request.body),
    );
    r.post(
      '/api/crm/activities/:id/complete',
      { config: may('crm', 'complete'), schema: { params, response: { 200: activitySchema } } },
      async (request) => service.completeActivity(callerOf(request), request.params.id),
    );
    r.delete('/api/crm/activities/:id', { config: may('crm', 'delete'), schema: { params } }, async (request, reply) => {
      await service.deleteActivity(callerOf(request), request.params.id);
      return reply.status(204).send();
    });

    // Sample data (docs/product.md "Sample data"): 201 when created, 200 when it was already there.
    r.post(
      '/api/seed/crm',
      {
        config: may('crm', 'create'),
        schema: { response: { 200: crmSeedResultSchema, 201: crmSeedResultSchema } },
      },
      async (request, reply) => {
        const result = await service.seedCrm(callerOf(request));
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );

    // Dashboard
    r.get(
      '/api/crm/dashboard',
      { config: may('crm', 'read'), schema: { querystring: crmDashboardQuerySchema, response: { 200: crmDashboardSchema } } },
      async (request) => service.dashboard(callerOf(request), request.query),
    );
  };
}
