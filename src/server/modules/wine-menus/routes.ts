import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  menuIdParamsSchema,
  menuListQuerySchema,
  menuWineInputSchema,
  menuWineParamsSchema,
  menuWineSchema,
  qrCodeSchema,
  reorderInputSchema,
  wineMenuInputSchema,
  wineMenuSchema,
  wineMenuSummarySchema,
} from '../../../shared/wine-menus.js';
import type { Db } from '../../db/client.js';
import { accessHook } from '../../http/access-hook.js';
import { callerOf } from '../../http/authenticate.js';
import * as service from './service.js';

export interface WineMenuRouteDeps extends service.WineMenuDeps {
  /** PUBLIC_BASE_URL; without it QR codes point at the host the request came to. */
  publicBaseUrl: string | undefined;
}

export function wineMenuRoutes(db: Db, deps: WineMenuRouteDeps) {
  const qrBase = (request: FastifyRequest): service.QrBase =>
    deps.publicBaseUrl
      ? { url: deps.publicBaseUrl, source: 'config' }
      : { url: `${request.protocol}://${request.host}`, source: 'request' };
  const canCreate = accessHook('menus', 'create', service.CANNOT_CHANGE_MENUS);
  const canUpdate = accessHook('menus', 'update', service.CANNOT_CHANGE_MENUS);
  const canDelete = accessHook('menus', 'delete', service.CANNOT_CHANGE_MENUS);

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/wine-menus',
      { schema: { querystring: menuListQuerySchema, response: { 200: z.array(wineMenuSummarySchema) } } },
      async (request) => service.listMenus(db, callerOf(request), request.query.establishment_id),
    );
    r.get('/api/wine-menus/:id', { schema: { params: menuIdParamsSchema, response: { 200: wineMenuSchema } } }, async (request) =>
      service.getMenu(db, callerOf(request), request.params.id),
    );
    r.post(
      '/api/wine-menus',
      { onRequest: canCreate, schema: { body: wineMenuInputSchema, response: { 201: wineMenuSchema } } },
      async (request, reply) => reply.status(201).send(await service.createMenu(db, callerOf(request), request.body, deps)),
    );
    r.put(
      '/api/wine-menus/:id',
      { onRequest: canUpdate, schema: { params: menuIdParamsSchema, body: wineMenuInputSchema, response: { 200: wineMenuSchema } } },
      async (request) => service.updateMenu(db, callerOf(request), request.params.id, request.body, deps),
    );
    r.delete('/api/wine-menus/:id', { onRequest: canDelete, schema: { params: menuIdParamsSchema } }, async (request, reply) => {
      await service.deleteMenu(db, callerOf(request), request.params.id, deps);
      return reply.status(204).send();
    });

    r.post(
      '/api/wine-menus/:id/wines',
      { onRequest: canUpdate, schema: { params: menuIdParamsSchema, body: menuWineInputSchema, response: { 201: menuWineSchema } } },
      async (request, reply) => reply.status(201).send(await service.addWine(db, callerOf(request), request.params.id, request.body, deps)),
    );
    r.put(
      '/api/wine-menus/:id/wines/:wineId',
      { onRequest: canUpdate, schema: { params: menuWineParamsSchema, body: menuWineInputSchema, response: { 200: menuWineSchema } } },
      async (request) => service.updateWine(db, callerOf(request), request.params.id, request.params.wineId, request.body, deps),
    );
    r.delete(
      '/api/wine-menus/:id/wines/:wineId',
      { onRequest: canUpdate, schema: { params: menuWineParamsSchema } },
      async (request, reply) => {
        await service.deleteWine(db, callerOf(request), request.params.id, request.params.wineId, deps);
        return reply.status(204).send();
      },
    );
    r.put(
      '/api/wine-menus/:id/reorder',
      { onRequest: canUpdate, schema: { params: menuIdParamsSchema, body: reorderInputSchema, response: { 200: wineMenuSchema } } },
      async (request) => service.reorderWines(db, callerOf(request), request.params.id, request.body.new_order, deps),
    );

    r.get('/api/wine-menus/:id/qr-code', { schema: { params: menuIdParamsSchema, response: { 200: qrCodeSchema } } }, async (request) =>
      service.qrCode(db, callerOf(request), request.params.id, qrBase(request)),
    );
    r.get('/api/wine-menus/:id/qr-code.svg', { schema: { params: menuIdParamsSchema } }, async (request, reply) => {
      const { svg, fileName } = await service.qrCodeSvg(db, callerOf(request), request.params.id, qrBase(request));
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-cache')
        .send(svg);
    });
    r.get('/api/wine-menus/:id/qr-code.png', { schema: { params: menuIdParamsSchema } }, async (request, reply) => {
      const { png, fileName } = await service.qrCodePng(db, callerOf(request), request.params.id, qrBase(request));
      return reply
        .type('image/png')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-cache')
        .send(png);
    });
  };
}
