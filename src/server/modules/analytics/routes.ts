import { analyticsDashboardSchema, analyticsQuerySchema } from '../../../shared/analytics.js';
import { callerOf } from '../../http/authenticate.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { AnalyticsService } from './service.js';

export function analyticsRoutes(service: AnalyticsService) {
  return zodRoutes((r) => {
    r.get(
      '/api/analytics/dashboard',
      {
        config: { policy: { area: 'analytics', action: 'read' } },
        schema: { querystring: analyticsQuerySchema, response: { 200: analyticsDashboardSchema } },
      },
      async (request) => service.dashboard(callerOf(request), request.query.days),
    );
  });
}
