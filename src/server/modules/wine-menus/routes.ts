import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/id-params.js';
import { applyPricesSchema } from '../../../shared/menu-engineering.js';
import { qrLanguageQuerySchema } from '../../../shared/menu-languages.js';
import {
  menuListQuerySchema,
  menuWineDetailSchema,
  menuWineInputSchema,
  menuWineParamsSchema,
  qrCodeSchema,
  reorderInputSchema,
  TABLE_QR_FORMATS,
  tableQrQuerySchema,
  wineMenuInputSchema,
  wineMenuSchema,
  wineMenuSummarySchema,
} from '../../../shared/wine-menus.js';
import { appError } from '../../core/app-error.js';
import { callerOf } from '../../http/authenticate.js';
import { registerRecordRoutes } from '../../http/record-routes.js';
import { publicBaseUrl } from '../../http/request-origin.js';
import { mayWrite } from '../../http/route-policy.js';
import { zodRoutes } from '../../http/zod-routes.js';
import type { QrBase, WineMenuService } from './service.js';

export const TABLE_SHEETS_PER_MINUTE = 10;
export const TOO_MANY_TABLE_SHEETS = 'Muitas folhas de QR codes por mesa em pouco tempo. Aguarde um minuto e tente novamente.';

/** A QR code file, shown in the browser under its name; only the browser keeps it, and asks again before reusing it. */
const sendQrFile = (reply: FastifyReply, type: string, fileName: string, body: string | Buffer) =>
  reply.type(type).header('Content-Disposition', `inline; filename="${fileName}"`).header('Cache-Control', 'private, no-cache').send(body);

export function wineMenuRoutes(service: WineMenuService) {
  const qrBase = (request: FastifyRequest): QrBase => ({
    url: publicBaseUrl(request, service.publicBaseUrl),
    source: service.publicBaseUrl ? 'config' : 'request',
  });
  // Reads are scoped, not refused: a supplier lists no menus and gets 404 for one.
  const read = { policy: { area: 'menus', action: 'read', outOfScope: 'hidden' } } as const;
  const canUpdate = mayWrite('menus', 'update');

  return zodRoutes((r, app) => {
    r.get(
      '/api/wine-menus',
      { config: read, schema: { querystring: menuListQuerySchema, response: { 200: z.array(wineMenuSummarySchema) } } },
      async (request) => service.listMenus(callerOf(request), request.query.establishment_id),
    );
    registerRecordRoutes(app, {
      path: '/api/wine-menus',
      area: 'menus',
      hiddenReads: true,
      item: wineMenuSchema,
      input: wineMenuInputSchema,
      get: service.getMenu,
      create: service.createMenu,
      update: service.updateMenu,
      remove: service.deleteMenu,
    });

    r.post(
      '/api/wine-menus/:id/wines',
      { config: canUpdate, schema: { params: idParamsSchema, body: menuWineInputSchema, response: { 201: menuWineDetailSchema } } },
      async (request, reply) => reply.status(201).send(await service.addWine(callerOf(request), request.params.id, request.body)),
    );
    r.put(
      '/api/wine-menus/:id/wines/:wineId',
      { config: canUpdate, schema: { params: menuWineParamsSchema, body: menuWineInputSchema, response: { 200: menuWineDetailSchema } } },
      async (request) => service.updateWine(callerOf(request), request.params.id, request.params.wineId, request.body),
    );
    r.delete(
      '/api/wine-menus/:id/wines/:wineId',
      { config: canUpdate, schema: { params: menuWineParamsSchema } },
      async (request, reply) => {
        await service.deleteWine(callerOf(request), request.params.id, request.params.wineId);
        return reply.status(204).send();
      },
    );
    // Issue 32: the menu engineering's price suggestions, applied together through the wine form's write.
    r.post(
      '/api/wine-menus/:id/prices',
      {
        config: canUpdate,
        schema: { params: idParamsSchema, body: applyPricesSchema, response: { 200: z.object({ updated: z.number().int() }) } },
      },
      async (request) => service.repriceWines(callerOf(request), request.params.id, request.body.prices),
    );
    r.put(
      '/api/wine-menus/:id/reorder',
      { config: canUpdate, schema: { params: idParamsSchema, body: reorderInputSchema, response: { 200: wineMenuSchema } } },
      async (request) => service.reorderWines(callerOf(request), request.params.id, request.body.new_order),
    );

    r.get(
      '/api/wine-menus/:id/qr-code',
      { config: read, schema: { params: idParamsSchema, querystring: qrLanguageQuerySchema, response: { 200: qrCodeSchema } } },
      async (request) => service.qrCode(callerOf(request), request.params.id, qrBase(request), request.query.lang),
    );
    const qrFile = { config: read, schema: { params: idParamsSchema, querystring: qrLanguageQuerySchema } };
    r.get('/api/wine-menus/:id/qr-code.svg', qrFile, async (request, reply) => {
      const { svg, fileName } = await service.qrCodeSvg(callerOf(request), request.params.id, qrBase(request), request.query.lang);
      return sendQrFile(reply, 'image/svg+xml; charset=utf-8', fileName, svg);
    });
    r.get('/api/wine-menus/:id/qr-code.png', qrFile, async (request, reply) => {
      const { png, fileName } = await service.qrCodePng(callerOf(request), request.params.id, qrBase(request), request.query.lang);
      return sendQrFile(reply, 'image/png', fileName, png);
    });
    // Per user, not per address: a sheet is seconds of work, and colleagues behind one router keep their own budget.
    const sheetRateLimit = {
      max: TABLE_SHEETS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `table-qr:${request.caller?.id ?? request.ip}`,
      errorResponseBuilder: () => appError('rate_limited', TOO_MANY_TABLE_SHEETS),
    };
    for (const format of TABLE_QR_FORMATS) {
      r.get(
        `/api/wine-menus/:id/table-qr-codes.${format}`,
        { config: { ...read, rateLimit: sheetRateLimit }, schema: { params: idParamsSchema, querystring: tableQrQuerySchema } },
        async (request, reply) => {
          const { tables, lang } = request.query;
          const sheet = await service.tableQrSheet(callerOf(request), request.params.id, qrBase(request), tables, format, lang);
          return sendQrFile(reply, sheet.type, sheet.fileName, sheet.body);
        },
      );
    }
  });
}
