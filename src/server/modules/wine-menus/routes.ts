import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  menuIdParamsSchema,
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
import { callerOf } from '../../http/authenticate.js';
import { publicBaseUrl } from '../../http/request-origin.js';
import type { QrBase, WineMenuService } from './service.js';

export function wineMenuRoutes(service: WineMenuService) {
  const qrBase = (request: FastifyRequest): QrBase => ({
    url: publicBaseUrl(request, service.publicBaseUrl),
    source: service.publicBaseUrl ? 'config' : 'request',
  });
  // Reads are scoped, not refused: a supplier lists no menus and gets 404 for one.
  const read = { policy: { area: 'menus', action: 'read', outOfScope: 'hidden' } } as const;
  const canCreate = { policy: { area: 'menus', action: 'create' } } as const;
  const canUpdate = { policy: { area: 'menus', action: 'update' } } as const;
  const canDelete = { policy: { area: 'menus', action: 'delete' } } as const;

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/wine-menus',
      { config: read, schema: { querystring: menuListQuerySchema, response: { 200: z.array(wineMenuSummarySchema) } } },
      async (request) => service.listMenus(callerOf(request), request.query.establishment_id),
    );
    r.get(
      '/api/wine-menus/:id',
      { config: read, schema: { params: menuIdParamsSchema, response: { 200: wineMenuSchema } } },
      async (request) => service.getMenu(callerOf(request), request.params.id),
    );
    r.post(
      '/api/wine-menus',
      { config: canCreate, schema: { body: wineMenuInputSchema, response: { 201: wineMenuSchema } } },
      async (request, reply) => reply.status(201).send(await service.createMenu(callerOf(request), request.body)),
    );
    r.put(
      '/api/wine-menus/:id',
      { config: canUpdate, schema: { params: menuIdParamsSchema, body: wineMenuInputSchema, response: { 200: wineMenuSchema } } },
      async (request) => service.updateMenu(callerOf(request), request.params.id, request.body),
    );
    r.delete('/api/wine-menus/:id', { config: canDelete, schema: { params: menuIdParamsSchema } }, async (request, reply) => {
      await service.deleteMenu(callerOf(request), request.params.id);
      return reply.status(204).send();
    });

    r.post(
      '/api/wine-menus/:id/wines',
      { config: canUpdate, schema: { params: menuIdParamsSchema, body: menuWineInputSchema, response: { 201: menuWineDetailSchema } } },
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
    r.put(
      '/api/wine-menus/:id/reorder',
      { config: canUpdate, schema: { params: menuIdParamsSchema, body: reorderInputSchema, response: { 200: wineMenuSchema } } },
      async (request) => service.reorderWines(callerOf(request), request.params.id, request.body.new_order),
    );

    r.get(
      '/api/wine-menus/:id/qr-code',
      { config: read, schema: { params: menuIdParamsSchema, response: { 200: qrCodeSchema } } },
      async (request) => service.qrCode(callerOf(request), request.params.id, qrBase(request)),
    );
    r.get('/api/wine-menus/:id/qr-code.svg', { config: read, schema: { params: menuIdParamsSchema } }, async (request, reply) => {
      const { svg, fileName } = await service.qrCodeSvg(callerOf(request), request.params.id, qrBase(request));
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-cache')
        .send(svg);
    });
    r.get('/api/wine-menus/:id/qr-code.png', { config: read, schema: { params: menuIdParamsSchema } }, async (request, reply) => {
      const { png, fileName } = await service.qrCodePng(callerOf(request), request.params.id, qrBase(request));
      return reply
        .type('image/png')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-cache')
        .send(png);
    });
    for (const format of TABLE_QR_FORMATS) {
      r.get(
        `/api/wine-menus/:id/table-qr-codes.${format}`,
        { config: read, schema: { params: menuIdParamsSchema, querystring: tableQrQuerySchema } },
        async (request, reply) => {
          const sheet = await service.tableQrSheet(callerOf(request), request.params.id, qrBase(request), request.query.tables, format);
          return reply
            .type(sheet.type)
            .header('Content-Disposition', `inline; filename="${sheet.fileName}"`)
            .header('Cache-Control', 'private, no-cache')
            .send(sheet.body);
        },
      );
    }
  };
}
