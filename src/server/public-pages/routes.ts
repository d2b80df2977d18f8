/**
 * The guest-facing HTML pages: /{estSlug}, /{estSlug}/{menuSlug} and /carta/{slug}. Rendered once, cached
 * with precompressed bodies (see page-cache.ts); admin app paths that share the URL space get the SPA shell.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseGuestLanguage, DEFAULT_GUEST_LANGUAGE, type GuestLanguage, parseGuestLanguage } from '../../shared/guest-i18n/catalogue.js';
import { type PublicMenuResponse, publicMenuPath } from '../../shared/public-menu.js';
import { RESERVED_MENU_SLUGS, RESERVED_SLUGS } from '../../shared/reserved-slugs.js';
import type { Db } from '../db/client.js';
import { publicBaseUrl } from '../http/request-origin.js';
import type { SpaShell } from '../http/static-and-spa.js';
import { tableOf } from '../modules/menu-insights/index.js';
import * as publicService from '../modules/public/index.js';
import {
  deriveFilterOptions,
  FILTER_PARAMS,
  type FilterOptions,
  filterWines,
  hasActiveFilters,
  type MenuFilters,
  normalizeKey,
  parseMenuFilters,
  sanitizeFilters,
} from './filters.js';
import { renderMenuPdf } from './menu-pdf.js';
import { MENU_WORKER_PATH, MENU_WORKER_SCRIPT } from './menu-script.js';
import { buildCachedBody, buildCachedPage, type CachedPage, type PublicPageCache } from './page-cache.js';
import { PRIVACY_PATH, renderPrivacyPage } from './privacy.js';
import { LANG_PARAM, renderEstablishmentNotFoundPage, renderEstablishmentPage, renderMenuNotFoundPage, renderMenuPage } from './render.js';

export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const HTML = 'text/html; charset=utf-8';
/** First segments that are never pages of ours nor of the admin app: let the not-found handler answer. */
const NOT_PAGES = new Set(['api', 'assets', 'uploads']);

type Encoding = 'br' | 'gzip' | 'identity';

const encodingByHeader = new Map<string, Encoding>();
function parseAcceptEncoding(header: string): Encoding {
  let br = false;
  let gz = false;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') br = ok;
    else if (name === 'gzip' || name === 'x-gzip') gz = ok;
    else if (name === '*') {
      br ||= ok;
      gz ||= ok;
    }
  }
  return br ? 'br' : gz ? 'gzip' : 'identity';
}

/** Browsers send a handful of distinct Accept-Encoding values: parse each once. */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let enc = encodingByHeader.get(header);
  if (enc === undefined) {
    enc = parseAcceptEncoding(header);
    if (encodingByHeader.size < 64) encodingByHeader.set(header, enc);
  }
  return enc;
}

function matchesEtag(ifNoneMatch: string, page: CachedPage): boolean {
  const { identity, gzip, br } = page.etag;
  if (ifNoneMatch === gzip || ifNoneMatch === br || ifNoneMatch === identity) return true;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*' || tag === identity || tag === gzip || tag === br) return true;
  }
  return false;
}

export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, status = 200, byLanguage = false): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  // A menu in several languages answers by Accept-Language too (a menu in pt-BR alone keeps its header's bytes).
  reply.header('vary', byLanguage ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding');
  if (status === 200) {
    reply.header('cache-control', PUBLIC_PAGE_CACHE_CONTROL).header('etag', page.etag[encoding]);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && matchesEtag(ifNoneMatch, page)) return reply.code(304).send();
  } else {
    reply.header('cache-control', 'no-cache');
  }
  reply.code(status).header('content-type', HTML);
  if (encoding === 'identity') return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}

/** Cache key part of sanitized filters, e.g. "?pais=franca&preco=ate-100&taca=1". */
function filterKey(filters: MenuFilters): string {
  const parts: string[] = [];
  if (filters.country) parts.push(`${FILTER_PARAMS.country}=${normalizeKey(filters.country)}`);
  if (filters.grape) parts.push(`${FILTER_PARAMS.grape}=${normalizeKey(filters.grape)}`);
  if (filters.priceBand) parts.push(`${FILTER_PARAMS.priceBand}=${filters.priceBand}`);
  if (filters.glass) parts.push(`${FILTER_PARAMS.glass}=1`);
  return `?${parts.join('&')}`;
}

interface MenuSource {
  data: PublicMenuResponse;
  options: FilterOptions;
  basePath: string;
}

const lazy = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
const menuNotFoundPage = lazy(() => buildCachedPage(renderMenuNotFoundPage(), null));
const establishmentNotFoundPage = lazy(() => buildCachedPage(renderEstablishmentNotFoundPage(), null));
const privacyPage = lazy(() => buildCachedPage(renderPrivacyPage(), null));

const segmentKey = (value: string) => value.trim().toLowerCase();
const PDF_SUFFIX = '.pdf';
/** "carta.pdf" -> "carta"; null for a segment that does not ask for the PDF. */
const pdfSlug = (segment: string) => (segment.endsWith(PDF_SUFFIX) ? segment.slice(0, -PDF_SUFFIX.length) : null);
const path = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`;

/**
 * @fastify/helmet builds a new helmet middleware (re-parsing the CSP) on every request, about a fifth of the CPU
 * of a cached page hit. These routes opt out of that per-request build and set the very same headers, computed
 * once by helmet itself from the app's global configuration (security-headers.ts stays the single source).
 */
function cachedSecurityHeaders() {
  let headers: [string, number | string | string[]][] | undefined;
  // onSend, not onRequest: it also runs when an earlier hook failed and the error handler answers.
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const raw = reply.raw;
    if (headers) {
      for (const [name, value] of headers) raw.setHeader(name, value);
      return payload;
    }
    const before = new Set(raw.getHeaderNames());
    reply.helmet();
    headers = raw
      .getHeaderNames()
      .filter((name) => !before.has(name))
      .map((name) => [name, raw.getHeader(name) as number | string | string[]]);
    return payload;
  };
}

export interface PublicPageOptions {
  /** PUBLIC_BASE_URL: what the PDF's QR code points at; without it, the host the request came to. */
  publicBaseUrl?: string;
  /** Called for every menu page answered with the menu (200 or 304), to count views; never awaited. */
  onMenuView?: (request: FastifyRequest, view: MenuView) => void;
}

/** What a menu page request showed, for counting (modules/menu-insights). */
export interface MenuView {
  menuId: string;
  /** The guest's search: its normalised words and how many wines they find (the words alone, without the filters). */
  search: { words: string; found: () => number } | null;
  /** The filters applied, canonical: "pais=Chile", "uva=Malbec", "preco=ate-100", "taca=1". */
  filters: string[];
  /** The language the page was shown in. */
  lang: GuestLanguage;
}

const NO_FILTERS: MenuView['filters'] = [];

function viewOf(source: MenuSource, filters: MenuFilters, lang: GuestLanguage): MenuView {
  const query = filters.query;
  const list: string[] = [];
  if (filters.country) list.push(`${FILTER_PARAMS.country}=${filters.country}`);
  if (filters.grape) list.push(`${FILTER_PARAMS.grape}=${filters.grape}`);
  if (filters.priceBand) list.push(`${FILTER_PARAMS.priceBand}=${filters.priceBand}`);
  if (filters.glass) list.push(`${FILTER_PARAMS.glass}=1`);
  return {
    menuId: source.data.menu.id,
    search: query ? { words: normalizeKey(query), found: () => filterWines(source.data.menu.wines, { query }).length } : null,
    filters: list.length > 0 ? list : NO_FILTERS,
    lang,
  };
}

export function publicPageRoutes(db: Db, cache: PublicPageCache, spa: SpaShell, options: PublicPageOptions = {}) {
  // The alternates' absolute base: only a configured one (render.tsx's RenderMenuOptions.origin).
  const origin = options.publicBaseUrl;
  return async (app: FastifyInstance) => {
    const routeOptions = { helmet: false as const, onSend: cachedSecurityHeaders() };
    // Concurrent misses of one key share a single load-and-render (no stampede after an invalidation).
    const inFlight = new Map<string, Promise<CachedPage | null>>();
    function once(key: string, make: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
      let pending = inFlight.get(key);
      if (!pending) {
        pending = make().finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    }

    /**
     * The cached entry of `key`, or the one `make` builds on a miss (null: nothing to show), kept while `keep()` holds.
     * The generation is read before the build: an invalidation during it keeps the stale entry out of the cache.
     */
    async function cached(key: string, make: () => Promise<CachedPage | null>, keep = () => true): Promise<CachedPage | null> {
      return (
        cache.lookup(key) ??
        (await once(key, async () => {
          const generation = cache.generation();
          const made = await make();
          if (made && keep()) cache.set(key, made, generation);
          return made;
        }))
      );
    }

    /** Admin app paths and files are not establishment pages; null when the segment may be a slug. */
    function notAPage(reply: FastifyReply, first: string): FastifyReply | null {
      const key = segmentKey(first);
      if (NOT_PAGES.has(key) || key.includes('.')) {
        reply.callNotFound();
        return reply;
      }
      // "/" (an empty segment) is the admin home.
      if (!key || RESERVED_SLUGS.has(key)) return spa.send(reply);
      return null;
    }

    /** The menu page (base or filtered variant) for a cache key, loading the menu on a miss. */
    async function menuPage(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      basePath: string,
      load: () => Promise<PublicMenuResponse | null>,
    ): Promise<FastifyReply> {
      const base = await cached(key, async () => {
        const data = await load();
        if (!data) return null;
        const source: MenuSource = { data, options: deriveFilterOptions(data.menu.wines), basePath };
        return buildCachedPage(renderMenuPage(data, {}, { basePath, origin }), data.establishment.id, source);
      });
      if (!base) return sendPage(request, reply, await menuNotFoundPage(), 404);
      const source = base.source as MenuSource;
      const languages = source.data.menu.languages ?? [DEFAULT_GUEST_LANGUAGE];
      const several = languages.length > 1;
      if (!request.url.includes('?') && !several) {
        options.onMenuView?.(request, { menuId: source.data.menu.id, search: null, filters: NO_FILTERS, lang: DEFAULT_GUEST_LANGUAGE });
        return sendPage(request, reply, base);
      }
      const query = request.query as Record<string, unknown>;
      // The guest's language: ?lang=, else the best of Accept-Language among the menu's languages, else pt-BR.
      const lang = several ? chooseGuestLanguage(query[LANG_PARAM], request.headers['accept-language'], languages) : DEFAULT_GUEST_LANGUAGE;
      const filters = sanitizeFilters(parseMenuFilters(query), source.options);
      options.onMenuView?.(request, viewOf(source, filters, lang));
      // A table's page carries its number in the search form and links, so later views are credited to it too.
      const table = tableOf(query);
      if (!hasActiveFilters(filters) && !table && lang === DEFAULT_GUEST_LANGUAGE) return sendPage(request, reply, base, 200, several);
      // Free search words are unbounded: such pages are rendered for the request and not kept.
      if (filters.query) {
        const page = renderMenuPage(source.data, filters, { basePath, table, lang, origin });
        return sendPage(request, reply, await buildCachedPage(page, base.establishmentId), 200, several);
      }
      // Sanitized against the menu's own countries and grapes, tables 1..200 and three languages: the variants per
      // menu stay bounded.
      const variantKey = `${key}${filterKey(filters)}${table ? `&mesa=${table}` : ''}${lang === DEFAULT_GUEST_LANGUAGE ? '' : `|${lang}`}`;
      const variant = await cached(
        variantKey,
        () => buildCachedPage(renderMenuPage(source.data, filters, { basePath, table, lang, origin }), base.establishmentId),
        // Only while the base page it derives from is still current.
        () => cache.get(key) === base,
      );
      return sendPage(request, reply, variant ?? base, 200, several);
    }

    /** The menu as a PDF (menu-pdf.ts), cached per base URL like the page and dropped on the same events. */
    async function menuPdf(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      load: () => Promise<PublicMenuResponse | null>,
    ): Promise<FastifyReply> {
      const base = publicBaseUrl(request, options.publicBaseUrl);
      // The PDF's language is the link's (`.pdf?lang=en`): a printed or shared PDF is one language, whoever opens it.
      const lang = parseGuestLanguage((request.query as Record<string, unknown>)[LANG_PARAM]) ?? DEFAULT_GUEST_LANGUAGE;
      const pdfKey = `pdf:${base}|${key}|${lang}`;
      const pdf = await cached(pdfKey, async () => {
        const data = await load();
        if (!data) return null;
        const shownIn = (data.menu.languages ?? []).includes(lang) ? lang : DEFAULT_GUEST_LANGUAGE;
        const path = publicMenuPath(data.establishment, data.menu);
        const url = `${base}${path}${shownIn === DEFAULT_GUEST_LANGUAGE ? '' : `?${LANG_PARAM}=${shownIn}`}`;
        const suffix = shownIn === DEFAULT_GUEST_LANGUAGE ? [] : [shownIn];
        return buildCachedBody(await renderMenuPdf(data, url, shownIn), data.establishment.id, {
          fileName: `${[data.establishment.slug, data.menu.slug || 'carta', ...suffix].filter(Boolean).join('-')}.pdf`,
        });
      });
      if (!pdf) return sendPage(request, reply, await menuNotFoundPage(), 404);
      const ifNoneMatch = request.headers['if-none-match'];
      reply.header('cache-control', PUBLIC_PAGE_CACHE_CONTROL).header('etag', pdf.etag.identity);
      if (ifNoneMatch && matchesEtag(ifNoneMatch, pdf)) return reply.code(304).send();
      const { fileName } = pdf.source as { fileName: string };
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName.replace(/[^a-z0-9.-]/gi, '-')}"`)
        .send(pdf.html);
    }

    // The offline copy's worker (decision 0066). no-cache: a changed worker reaches every browser on its next visit.
    app.get(MENU_WORKER_PATH, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(MENU_WORKER_SCRIPT),
    );

    // @fastify/compress stays on these routes (the SPA shell uses reply.compress); its onSend hook leaves
    // bodies that already carry a Content-Encoding alone, so the precompressed ones are sent as they are.
    // What Adega keeps about whom (issue 29); 'privacidade' is a reserved slug, so no establishment can take the path.
    app.get(PRIVACY_PATH, routeOptions, async (request, reply) => sendPage(request, reply, await privacyPage()));

    app.get<{ Params: { slug: string } }>('/carta/:slug', routeOptions, async (request, reply) => {
      const slug = segmentKey(request.params.slug);
      const pdfOf = pdfSlug(slug);
      if (pdfOf) return menuPdf(request, reply, `c:${pdfOf}`, () => publicService.menuBySlugOrId(db, pdfOf));
      if (!slug || RESERVED_MENU_SLUGS.has(slug)) return spa.send(reply);
      return menuPage(request, reply, `c:${slug}`, path('carta', slug), () => publicService.menuBySlugOrId(db, slug));
    });

    app.get<{ Params: { estSlug: string; menuSlug: string } }>('/:estSlug/:menuSlug', routeOptions, async (request, reply) => {
      const skipped = notAPage(reply, request.params.estSlug);
      if (skipped) return skipped;
      const est = segmentKey(request.params.estSlug);
      const menu = segmentKey(request.params.menuSlug);
      if (!menu) return establishmentPage(request, reply, est);
      const pdfOf = pdfSlug(menu);
      if (pdfOf) return menuPdf(request, reply, `m:${est}/${pdfOf}`, () => publicService.menuByPath(db, est, pdfOf));
      return menuPage(request, reply, `m:${est}/${menu}`, path(est, menu), () => publicService.menuByPath(db, est, menu));
    });

    app.get<{ Params: { estSlug: string } }>('/:estSlug', routeOptions, async (request, reply) => {
      const skipped = notAPage(reply, request.params.estSlug);
      if (skipped) return skipped;
      return establishmentPage(request, reply, segmentKey(request.params.estSlug));
    });

    async function establishmentPage(request: FastifyRequest, reply: FastifyReply, est: string): Promise<FastifyReply> {
      const key = `e:${est}`;
      const page = await cached(key, async () => {
        const data = await publicService.establishmentPage(db, est);
        return data ? buildCachedPage(renderEstablishmentPage(data), data.establishment.id) : null;
      });
      if (!page) return sendPage(request, reply, await establishmentNotFoundPage(), 404);
      return sendPage(request, reply, page);
    }
  };
}

/**
 * The menu a public page address shows ("/{est}/{menu}" or "/carta/{slug}", as the guest's browser has it), from the
 * page cache when it is there, else from the database; null for any other address. The wine-open beacon names its
 * menu this way: the page has no room for ids (docs/decisions/0064).
 */
export function publicMenuByPagePath(db: Db, cache: PublicPageCache) {
  return async (pagePath: string): Promise<PublicMenuResponse | null> => {
    let segments: string[];
    try {
      segments = pagePath.split(/[?#]/)[0]!.split('/').slice(1).map(decodeURIComponent).map(segmentKey);
    } catch {
      return null;
    }
    if (segments.length !== 2 || !segments[0] || !segments[1] || segments[1].endsWith(PDF_SUFFIX)) return null;
    const [first, second] = segments as [string, string];
    const carta = first === 'carta';
    if (!carta && (NOT_PAGES.has(first) || first.includes('.') || RESERVED_SLUGS.has(first))) return null;
    if (carta && RESERVED_MENU_SLUGS.has(second)) return null;
    const cached = cache.get(carta ? `c:${second}` : `m:${first}/${second}`)?.source as MenuSource | undefined;
    if (cached) return cached.data;
    return carta ? publicService.menuBySlugOrId(db, second) : publicService.menuByPath(db, first, second);
  };
}
