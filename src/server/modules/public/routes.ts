import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/app-error.js';
import { ESTABLISHMENT_NOT_FOUND, MENU_NOT_FOUND, type PublicService } from './service.js';

interface MenuPathParams {
  estSlug: string;
  menuSlug: string;
}

/** Guest-facing JSON (docs/product.md §7 "Public"): no login, only available wines. */
export function publicApiRoutes(service: PublicService) {
  return async (app: FastifyInstance) => {
    const config = { public: true };
    app.get<{ Params: MenuPathParams }>('/api/public/carta/:estSlug/:menuSlug', { config }, async (request) => {
      const data = await service.menuByPath(request.params.estSlug, request.params.menuSlug);
      if (!data) throw notFound(MENU_NOT_FOUND);
      return data;
    });
    app.get<{ Params: { slug: string } }>('/api/public/carta/:slug', { config }, async (request) => {
      const data = await service.menuBySlugOrId(request.params.slug);
      if (!data) throw notFound(MENU_NOT_FOUND);
      return data;
    });
    app.get<{ Params: { estSlug: string } }>('/api/public/estabelecimento/:estSlug', { config }, async (request) => {
      const data = await service.establishmentPage(request.params.estSlug);
      if (!data) throw notFound(ESTABLISHMENT_NOT_FOUND);
      return data;
    });
  };
}
