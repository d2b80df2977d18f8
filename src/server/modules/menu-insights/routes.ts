import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { idParamsSchema } from '../../../shared/id-params.js';
import { MENU_EVENT_MESSAGES, menuEventSchema, menuInsightsQuerySchema, menuInsightsSchema } from '../../../shared/menu-insights.js';
import type { PublicMenuResponse } from '../../../shared/public-menu.js';
import { appError, notFound } from '../../core/app-error.js';
import { callerOf } from '../../http/authenticate.js';
import { zodRoutes } from '../../http/zod-routes.js';
import { isGuest } from './countable.js';
import type { MenuEventCounter } from './event-counter.js';
import type { MenuInsightsService } from './service.js';

/**
 * Beacons per source address and minute: a restaurant's guests share one Wi-Fi address, and a table opening a few
 * dozen wines each passes; a script sending in a loop does not.
 */
export const EVENTS_PER_MINUTE = 120;
const BEACON_BODY_LIMIT = 2048;

export function menuInsightsRoutes(service: MenuInsightsService) {
  return zodRoutes((r) => {
    r.get(
      '/api/establishments/:id/menu-insights',
      {
        config: { policy: { area: 'menuInsights', action: 'read' } },
        schema: { params: idParamsSchema, querystring: menuInsightsQuerySchema, response: { 200: menuInsightsSchema } },
      },
      async (request) => service.insights(callerOf(request), request.params.id, request.query.days),
    );
  });
}

export interface MenuEventRouteDeps {
  /** The menu a public page address shows (public-pages/routes.ts). */
  findMenu: (pagePath: string) => Promise<PublicMenuResponse | null>;
  events: MenuEventCounter;
  /** Keys the rate limit's row: the address is kept only as an HMAC with this secret, never as it is. */
  secret: string;
}

/**
 * POST /api/public/events: the public page's beacon when a guest opens a wine (assets/menu-chips.js). No cookie, and
 * nothing of the request is kept but the count; a bot's or a prefetch's beacon is answered and not counted.
 */
export function menuEventRoutes(deps: MenuEventRouteDeps) {
  const addressKey = (request: FastifyRequest) =>
    `menu-events:${createHmac('sha256', deps.secret).update(request.ip).digest('base64url').slice(0, 22)}`;
  return zodRoutes((r, app) => {
    // navigator.sendBeacon sends a string as text/plain (a CORS-safelisted type): its body is the JSON event.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(appError('validation_error', MENU_EVENT_MESSAGES.invalidBody), undefined);
      }
    });
    r.post(
      '/api/public/events',
      {
        bodyLimit: BEACON_BODY_LIMIT,
        config: {
          public: true,
          noStore: true,
          audit: { none: "a guest's menu events, counted anonymously" },
          rateLimit: {
            max: EVENTS_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: addressKey,
            errorResponseBuilder: () => appError('too_many_events'),
          },
        },
        schema: { body: menuEventSchema },
      },
      async (request, reply) => {
        const { menu, wine, lang } = request.body;
        const data = await deps.findMenu(menu);
        if (!data) throw notFound(MENU_EVENT_MESSAGES.menuNotFound);
        const found = data.menu.wines.find((w) => w.id === wine) ?? data.menu.wines.find((w) => w.name === wine);
        if (!found) throw notFound(MENU_EVENT_MESSAGES.wineNotFound);
        if (isGuest(request)) deps.events.open(data.menu.id, found.id, lang);
        return reply.code(204).send();
      },
    );
  });
}
