import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../core/app-error.js';
import * as service from './service.js';

interface MenuPathParams {
  estSlug: string;
  menuSlug: string;
}

/** Guest-facing JSON (SPEC §7 "Public"): no login, only available wines. */
export function publicApiRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    const config = { public: true };
    app.get<{ Params: MenuPathParams }>('/api/public/carta/:estSlug/:menuSlug', { config }, async (request) => {
      const data = await service.menuByPath(db, request.params.estSlug, request.params.menuSlug);
      if (!data) throw notFound(service.MENU_NOT_FOUND);
      return data;
    });
    app.get<{ Params: { slug: string } }>('/api/public/carta/:slug', { config }, async (request) => {
      const data = await service.menuBySlugOrId(db, request.params.slug);
      if (!data) throw notFound(service.MENU_NOT_FOUND);
      return data;
    });
    app.get<{ Params: { estSlug: string } }>('/api/public/estabelecimento/:estSlug', { config }, async (request) => {
      const data = await service.establishmentPage(db, request.params.estSlug);
      if (!data) throw notFound(service.ESTABLISHMENT_NOT_FOUND);
      return data;
    });
  };
}
