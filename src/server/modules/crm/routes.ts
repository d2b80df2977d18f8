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
import { idParamsSchema as params } from '../../../shared/id-params.js';
import { callerOf } from '../../http/authenticate.js';
import { registerRecordRoutes } from '../../http/record-routes.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { CrmService } from './service.js';

const crmSeedResultSchema = z.object({ created: z.boolean(), leads: z.number(), opportunities: z.number(), activities: z.number() });

export function crmRoutes(service: CrmService) {
  return zodRoutes((r, app) => {
    // Leads
    registerRecordRoutes(app, {
      path: '/api/crm/leads',
      area: 'crm',
      item: leadSchema,
      input: leadInputSchema,
      list: { query: leadListQuerySchema, load: service.listLeads },
      create: service.createLead,
      update: service.updateLead,
    });
    r.delete(
      '/api/crm/leads/:id',
      { config: mayWrite('crm', 'delete'), schema: { params, querystring: leadDeleteQuerySchema } },
      async (request, reply) => {
        await service.deleteLead(callerOf(request), request.params.id, request.query.cascade);
        return reply.status(204).send();
      },
    );
    r.post(
      '/api/crm/leads/:id/convert',
      { config: mayWrite('crm', 'convert'), schema: { params, body: leadConvertSchema, response: { 200: convertResultSchema } } },
      async (request) => service.convertLead(callerOf(request), request.params.id, request.body),
    );

    // Opportunities
    registerRecordRoutes(app, {
      path: '/api/crm/opportunities',
      area: 'crm',
      item: opportunitySchema,
      input: opportunityInputSchema,
      list: { query: opportunityListQuerySchema, load: service.listOpportunities },
      create: service.createOpportunity,
      update: service.updateOpportunity,
      remove: service.deleteOpportunity,
    });
    r.post(
      '/api/crm/opportunities/:id/stage',
      { config: mayWrite('crm', 'update'), schema: { params, body: opportunityStageSchema, response: { 200: opportunitySchema } } },
      async (request) => service.moveOpportunity(callerOf(request), request.params.id, request.body.stage),
    );
    r.post(
      '/api/crm/opportunities/:id/close',
      { config: mayWrite('crm', 'close'), schema: { params, body: opportunityCloseSchema, response: { 200: opportunitySchema } } },
      async (request) => service.closeOpportunity(callerOf(request), request.params.id, request.body),
    );

    // Activities
    registerRecordRoutes(app, {
      path: '/api/crm/activities',
      area: 'crm',
      item: activitySchema,
      input: activityInputSchema,
      list: { query: activityListQuerySchema, load: service.listActivities },
      create: service.createActivity,
      update: service.updateActivity,
      remove: service.deleteActivity,
    });
    r.post(
      '/api/crm/activities/:id/complete',
      { config: mayWrite('crm', 'complete'), schema: { params, response: { 200: activitySchema } } },
      async (request) => service.completeActivity(callerOf(request), request.params.id),
    );

    // Sample data (docs/product.md "Sample data"): 201 when created, 200 when it was already there.
    r.post(
      '/api/seed/crm',
      {
        config: mayWrite('crm', 'create'),
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
  });
}
