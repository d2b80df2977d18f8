/**
 * In-memory cache of rendered public pages: the HTML plus precompressed gzip and brotli bodies and strong
 * ETags (one per representation), so a cache hit costs no database query, no rendering and no compression.
 *
 * Invalidation: writers call `app.publicPages.invalidateEstablishment(establishmentId)` (menu and establishment
 * services through their onPublicChange dependency); with several app processes on one PostgreSQL server,
 * app.ts broadcasts that through NOTIFY so every process drops its copy. Each invalidation bumps a generation
 * number: a page rendered from data loaded before it is not stored. Entries also expire after `maxAgeMs`
 * (default 60 s), a safety net should a notification be lost while a listener reconnects. Size is bounded by
 * entry count and bytes (LRU). Search results (free words) are never stored: routes.ts renders them per request.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages; call invalidateEstablishment(id) after any change to an establishment, its menus or wines. */
    publicPages: PublicPageCache;
  }
}

export interface CachedPage {
  /** UTF-8 HTML, for clients that accept neither brotli nor gzip. */
  readonly html: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
  /** Strong ETags, one per representation (RFC 9110: a strong validator differs per content-coding). */
  readonly etag: { readonly identity: string; readonly gzip: string; readonly br: string };
  /** The establishment whose data the page shows (null for pages that show none, e.g. 404s). */
  readonly establishmentId: string | null;
  readonly createdAt: number;
  /** What the page was rendered from (e.g. the menu, to render its filtered variants). */
  readonly source?: unknown;
}

export interface PublicPageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export interface PublicPageCache {
  get(key: string): CachedPage | undefined;
  /** `get` for a page about to be answered: counted as a hit or a miss (the metrics' figures). */
  lookup(key: string): CachedPage | undefined;
  /** Lookups answered from the cache, and lookups that had to render, since the process started. */
  readonly hits: number;
  readonly misses: number;
  /**
   * Stores a page. Pass the `generation()` read before loading the data it was rendered from: if an
   * invalidation happened in between, the page may be stale and is not stored (returns false).
   */
  set(key: string, page: CachedPage, generation?: number): boolean;
  /** Changes on every invalidation. */
  generation(): number;
  invalidateEstablishment(establishmentId: string): void;
  invalidateAll(): void;
  readonly size: number;
  readonly bytes: number;
}

/** Renders once into a cacheable page: hashes and compresses (off the event loop, in libuv's thread pool). */
export async function buildCachedPage(
  html: string,
  establishmentId: string | null,
  source?: unknown,
  now = Date.now(),
): Promise<CachedPage> {
  const body = Buffer.from(html, 'utf8');
  const [gz, br] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, {
      params: {
        // The maximum: the sample menu must stay inside the first TCP round trip (decision 0025); the extra cost is paid
        // only when the cache fills, in libuv's thread pool.
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    html: body,
    gzip: gz,
    br,
    etag: { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` },
    establishmentId,
    createdAt: now,
    source,
  };
}

/**
 * A body sent as it is, with no compressed copies (a PDF compresses its own streams): `html` holds the bytes and
 * the three ETags are the same. Cached, expired and invalidated like the pages.
 */
export function buildCachedBody(body: Buffer, establishmentId: string | null, source?: unknown, now = Date.now()): CachedPage {
  const tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const empty = Buffer.alloc(0);
  return { html: body, gzip: empty, br: empty, etag: { identity: tag, gzip: tag, br: tag }, establishmentId, createdAt: now, source };
}

const sizeOf = (page: CachedPage) => page.html.length + page.gzip.length + page.br.length + 256;

export function createPublicPageCache(options: PublicPageCacheOptions = {}): PublicPageCache {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const drop = (key: string) => {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    bytes -= sizeOf(page);
  };

  const cache: PublicPageCache = {
    lookup(key) {
      const page = cache.get(key);
      if (page) hits++;
      else misses++;
      return page;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    get(key) {
      const page = entries.get(key);
      if (!page) return undefined;
      if (now() - page.createdAt > maxAgeMs) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, page);
      return page;
    },
    set(key, page, expectedGeneration) {
      if (expectedGeneration !== undefined && expectedGeneration !== generation) return false;
      const size = sizeOf(page);
      if (size > maxBytes) return false;
      drop(key);
      entries.set(key, page);
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
      return true;
    },
    generation: () => generation,
    invalidateEstablishment(establishmentId) {
      generation++;
      for (const [key, page] of entries) if (page.establishmentId === establishmentId) drop(key);
    },
    invalidateAll() {
      generation++;
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
  return cache;
}
