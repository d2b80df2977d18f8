import { z } from 'zod';
import { idParamsSchema } from '../../../shared/id-params.js';
import { engineeringQuerySchema, engineeringReportSchema, periodOf, targetMarginSchema } from '../../../shared/menu-engineering.js';
import { callerOf } from '../../http/authenticate.js';
import { mayWrite } from '../../http/route-policy.js';
import { sendSpreadsheet } from '../../http/spreadsheet-download.js';
import { zodRoutes } from '../../http/zod-routes.js';
import { engineeringWorkbook } from './engineering-sheet.js';
import type { MenuEngineeringService } from './service.js';

/** Issue 32: what each wine of a menu earns, its matrix, dead stock and price suggestions. */
export function menuEngineeringRoutes(service: MenuEngineeringService) {
  // Another establishment's menu does not exist for the caller (404), as for the menu itself.
  const read = { policy: { area: 'menus', action: 'read', outOfScope: 'hidden' } } as const;
  return zodRoutes((r) => {
    r.get(
      '/api/wine-menus/:id/engineering',
      {
        config: read,
        schema: { params: idParamsSchema, querystring: engineeringQuerySchema, response: { 200: engineeringReportSchema } },
        // The schema documents the answer; checking 500 wines' figures against it cost ~15 ms a request (the report
        // is built by typed code), so the answer is sent as it is.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => service.report(callerOf(request), request.params.id, request.query),
    );
    r.get(
      '/api/wine-menus/:id/engineering.xlsx',
      { config: read, schema: { params: idParamsSchema, querystring: engineeringQuerySchema } },
      async (request, reply) => {
        const report = await service.report(callerOf(request), request.params.id, request.query);
        const { from, to } = periodOf(request.query);
        return sendSpreadsheet(reply, `engenharia-${report.menu.name}-${from}-a-${to}.xlsx`, await engineeringWorkbook(report));
      },
    );
    r.put(
      '/api/establishments/:id/engineering-target',
      {
        config: mayWrite('menus', 'update'),
        schema: {
          params: idParamsSchema,
          body: targetMarginSchema,
          response: { 200: z.object({ target_margin_percent: z.number().nullable() }) },
        },
      },
      async (request) => service.setTarget(callerOf(request), request.params.id, request.body.target_margin_percent),
    );
  });
}
