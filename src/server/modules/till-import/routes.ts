import { idParamsSchema } from '../../../shared/id-params.js';
import { importHistoryQuerySchema, uploadResponseSchema } from '../../../shared/product-import.js';
import {
  executeTillImportSchema,
  tillImportHistorySchema,
  tillImportParamsSchema,
  tillImportPreviewSchema,
  tillImportStatusSchema,
} from '../../../shared/till-sales-import.js';
import { callerOf } from '../../http/authenticate.js';
import { readSpreadsheetUpload } from '../../http/multipart-file.js';
import { mayWrite } from '../../http/route-policy.js';
import { sendSpreadsheet } from '../../http/spreadsheet-download.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { TillImportService } from './service.js';

const NO_FILE = 'Por favor, selecione um arquivo';
const BASE = '/api/establishments/:id/cellar/sales-imports';

/** Issue 31: the till's daily sales spreadsheet, imported in the background for one establishment's cellar. */
export function tillImportRoutes(service: TillImportService) {
  // Reads are scoped, not refused: outside the caller's establishments an import does not exist.
  const read = { policy: { area: 'cellar', action: 'read', outOfScope: 'hidden' } } as const;
  const canMove = mayWrite('cellar', 'move');
  return zodRoutes((r) => {
    r.post(
      BASE,
      { config: { ...canMove, writesFiles: true }, schema: { params: idParamsSchema, response: { 201: uploadResponseSchema } } },
      async (request, reply) => {
        const file = await readSpreadsheetUpload(request, NO_FILE);
        const fileName = file.filename || 'vendas';
        return reply.status(201).send(await service.upload(callerOf(request), request.params.id, { fileName, bytes: file.bytes }));
      },
    );
    r.get(
      BASE,
      {
        config: read,
        schema: { params: idParamsSchema, querystring: importHistoryQuerySchema, response: { 200: tillImportHistorySchema } },
      },
      async (request) => service.history(callerOf(request), request.params.id, request.query.page, request.query.limit),
    );
    r.get(
      `${BASE}/:importId`,
      { config: read, schema: { params: tillImportParamsSchema, response: { 200: tillImportStatusSchema } } },
      async (request) => service.status(callerOf(request), request.params.id, request.params.importId),
    );
    r.get(
      `${BASE}/:importId/preview`,
      { config: read, schema: { params: tillImportParamsSchema, response: { 200: tillImportPreviewSchema } } },
      async (request) => service.preview(callerOf(request), request.params.id, request.params.importId),
    );
    r.post(
      `${BASE}/:importId/execute`,
      {
        config: canMove,
        schema: { params: tillImportParamsSchema, body: executeTillImportSchema, response: { 202: tillImportStatusSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await service.execute(callerOf(request), request.params.id, request.params.importId, request.body)),
    );
    r.post(
      `${BASE}/:importId/retry`,
      { config: canMove, schema: { params: tillImportParamsSchema, response: { 202: tillImportStatusSchema } } },
      async (request, reply) => reply.status(202).send(await service.retry(callerOf(request), request.params.id, request.params.importId)),
    );
    r.delete(`${BASE}/:importId`, { config: canMove, schema: { params: tillImportParamsSchema } }, async (request, reply) => {
      await service.remove(callerOf(request), request.params.id, request.params.importId);
      return reply.status(204).send();
    });
    r.get(`${BASE}/:importId/failed-rows`, { config: read, schema: { params: tillImportParamsSchema } }, async (request, reply) => {
      const { fileName, bytes } = await service.failedRows(callerOf(request), request.params.id, request.params.importId);
      return sendSpreadsheet(reply, fileName, bytes);
    });
  });
}
