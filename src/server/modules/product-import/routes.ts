import { idParamsSchema } from '../../../shared/id-params.js';
import {
  executeImportSchema,
  importHistoryQuerySchema,
  importHistorySchema,
  importStatusSchema,
  previewSchema,
  uploadResponseSchema,
} from '../../../shared/product-import.js';
import { callerOf } from '../../http/authenticate.js';
import { readSpreadsheetUpload } from '../../http/multipart-file.js';
import { registerDeleteRoute, registerReadRoute } from '../../http/record-routes.js';
import { may, mayWrite } from '../../http/route-policy.js';
import { sendSpreadsheet } from '../../http/spreadsheet-download.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { ProductImportService } from './service.js';

const NO_FILE = 'Por favor, selecione um arquivo';

export function productImportRoutes(service: ProductImportService) {
  return zodRoutes((r, app) => {
    // Reads answer 404 for others' imports and an empty history, never a 403 that says they exist.
    const read = { policy: { area: 'imports', action: 'read', outOfScope: 'hidden' } } as const;

    r.post(
      '/api/product-import/upload',
      { config: { ...mayWrite('imports', 'create'), writesFiles: true }, schema: { response: { 201: uploadResponseSchema } } },
      async (request, reply) => {
        const caller = callerOf(request);
        const file = await readSpreadsheetUpload(request, NO_FILE);
        const result = await service.upload(caller, { fileName: file.filename || 'planilha', bytes: file.bytes });
        return reply.status(201).send(result);
      },
    );
    registerReadRoute(app, '/api/product-import/preview/:id', read, previewSchema, service.preview);
    r.post(
      '/api/product-import/execute',
      {
        config: mayWrite('imports', 'execute'),
        schema: { body: executeImportSchema, response: { 202: importStatusSchema } },
      },
      async (request, reply) => reply.status(202).send(await service.execute(callerOf(request), request.body)),
    );
    // The wizard polls an import's status; the history opens its details: the same answer.
    for (const url of ['/api/product-import/status/:id', '/api/product-import/details/:id']) {
      registerReadRoute(app, url, read, importStatusSchema, service.status);
    }
    r.get(
      '/api/product-import/history',
      { config: read, schema: { querystring: importHistoryQuerySchema, response: { 200: importHistorySchema } } },
      async (request) => service.history(callerOf(request), request.query.page, request.query.limit),
    );
    r.post(
      '/api/product-import/retry/:id',
      {
        config: mayWrite('imports', 'retry'),
        schema: { params: idParamsSchema, response: { 202: importStatusSchema } },
      },
      async (request, reply) => reply.status(202).send(await service.retry(callerOf(request), request.params.id)),
    );
    registerDeleteRoute(app, '/api/product-import/:id', may('imports', 'delete'), service.remove);
    r.get('/api/product-import/:id/failed-rows', { config: read, schema: { params: idParamsSchema } }, async (request, reply) => {
      const { fileName, bytes } = await service.failedRows(callerOf(request), request.params.id);
      return sendSpreadsheet(reply, fileName, bytes);
    });
  });
}
