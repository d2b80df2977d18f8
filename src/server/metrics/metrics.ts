import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ERROR_CODES } from '../../shared/errors.js';
import type { DiskSpace } from '../core/disk-space.js';
import type { Database } from '../db/client.js';
import { inBackground } from '../db/fair-share.js';
import { closeNow, listenOn } from '../http/plain-server.js';
import type { Readiness } from '../http/readiness.js';
import type { JobRunner } from '../jobs/runner.js';
import type { PublicPageCache } from '../public-pages/page-cache.js';

/**
 * What an operator watches (decision 0085), in Prometheus's text format from a registry of the app's own (never
 * prom-client's global one): requests per route pattern, method and status with their times; the public page cache;
 * jobs; the mail outbox; imports; disk; the database's connections; readiness; and prom-client's process figures
 * (memory, CPU, event-loop delay, garbage collection). Label values are route patterns, methods, statuses, queue
 * names and fixed words: never an id, an e-mail or a slug.
 *
 * Requests are followed on the raw server (no Fastify hook: the public page's path stays as it was, decision 0083):
 * the route's pattern is noted on the raw request when Fastify makes the request's logger (which it does for every
 * request), and the answer is counted when the response closes. Everything else is read when Prometheus scrapes.
 */
export interface MetricsSources {
  database: Database;
  disk: DiskSpace;
  publicPages: PublicPageCache;
  jobs: JobRunner;
  readiness: Readiness;
  log: FastifyBaseLogger;
  /** The mail outbox: messages waiting or being sent, and messages given up on. */
  outbox(): Promise<{ pending: number; failed: number }>;
  /** Product imports being worked on. */
  runningImports(): Promise<number>;
}

/** The label of requests no route matched (404s, malformed URLs): one value, whatever the path was. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The status label of a request whose client went away before the answer was sent. */
export const ABORTED = 'aborted';

const ROUTE = Symbol('adega.route');
type RoutedRequest = IncomingMessage & { [ROUTE]?: string };

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds. The public page answers in about 0.1 ms from its cache; an import's upload can take seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetrics {
  readonly registry: Registry;
  /** Called by app.ts when the response to a request on the raw server closes (sent, or its client gone). */
  observe(request: IncomingMessage, response: ServerResponse, startedAt: number): void;
  /** Serves GET /metrics on a listener of its own (METRICS_PORT). */
  listen(port: number, host: string): Promise<Server>;
  close(): Promise<void>;
}

export function createMetrics(sources: MetricsSources, token: string | undefined): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'adega_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status (its _count is the number of requests).',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // One bound series per (route, method, status): the request's path costs a string and a map lookup.
  const series = new Map<string, Histogram.Internal<'route' | 'method' | 'status'>>();
  const observe = (route: string, method: string, status: string, seconds: number) => {
    const key = `${route} ${method} ${status}`;
    let bound = series.get(key);
    if (!bound) {
      bound = requests.labels({ route, method, status });
      series.set(key, bound);
    }
    bound.observe(seconds);
  };

  scrapeGauges(registry, sources);

  const servers = new Set<Server>();
  return {
    registry,
    observe(request, response, startedAt) {
      const route = (request as RoutedRequest)[ROUTE] ?? UNMATCHED_ROUTE;
      const method = METHODS.has(request.method ?? '') ? (request.method as string) : 'OTHER';
      const status = response.writableFinished ? String(response.statusCode) : ABORTED;
      observe(route, method, status, (performance.now() - startedAt) / 1000);
    },
    async listen(port, host) {
      const server = await listenOn(
        createServer((request, response) => {
          void serveOwnPort(request, response, registry, token, sources.log);
        }),
        port,
        host,
      );
      servers.add(server);
      return server;
    },
    async close() {
      await Promise.all([...servers].map(closeNow));
      servers.clear();
    },
  };
}

/**
 * Notes each route's pattern on the raw request: Fastify calls a route's childLoggerFactory for every request it
 * routes there, so this costs one property write and no hook. Registered before the routes.
 */
export function labelRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const label = route.url ?? UNMATCHED_ROUTE;
    const make = route.childLoggerFactory;
    route.childLoggerFactory = function labelled(logger, bindings, options, request) {
      (request as RoutedRequest)[ROUTE] = label;
      return make ? make.call(this, logger, bindings, options, request) : logger.child(bindings, options);
    };
  });
}

/** GET /metrics on the main port, only with METRICS_TOKEN (without it /metrics is not a route there). */
export function metricsRoute(metrics: AppMetrics, token: string) {
  return async (app: FastifyInstance) => {
    app.get('/metrics', { config: { public: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      if (!bearerMatches(request.headers.authorization, token)) return refuse(reply);
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    });
  };
}

function refuse(reply: FastifyReply) {
  return reply
    .status(401)
    .header('www-authenticate', 'Bearer realm="metrics"')
    .send({ detail: ERROR_CODES.metrics_token_required.detail, code: 'metrics_token_required' });
}

/** METRICS_PORT: GET /metrics (with the token when METRICS_TOKEN is set too); 404 for anything else. */
async function serveOwnPort(
  request: IncomingMessage,
  response: ServerResponse,
  registry: Registry,
  token: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  const json = (status: number, body: object, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const path = request.url?.split('?')[0];
  if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD'))
    return json(404, { detail: ERROR_CODES.not_found.detail, code: 'not_found' });
  if (token !== undefined && !bearerMatches(request.headers.authorization, token))
    return json(
      401,
      { detail: ERROR_CODES.metrics_token_required.detail, code: 'metrics_token_required' },
      { 'www-authenticate': 'Bearer realm="metrics"' },
    );
  try {
    const body = await registry.metrics();
    response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch (err) {
    log.error({ err }, 'metrics not collected');
    json(500, { detail: ERROR_CODES.internal_error.detail, code: 'internal_error' });
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Figures read at scrape time, each from something already counted or one small query (never per request). */
function scrapeGauges(registry: Registry, s: MetricsSources): void {
  const registers = [registry];
  new Counter({
    name: 'adega_public_page_cache_lookups_total',
    help: 'Public pages looked up in the cache, by result (hit: answered from memory; miss: rendered). A filtered page counts its base page too.',
    labelNames: ['result'] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, s.publicPages.hits);
      this.inc({ result: 'miss' }, s.publicPages.misses);
    },
  });
  new Gauge({
    name: 'adega_public_page_cache_entries',
    help: 'Rendered public pages held in memory.',
    registers,
    collect() {
      this.set(s.publicPages.size);
    },
  });
  new Gauge({
    name: 'adega_public_page_cache_bytes',
    help: 'Bytes of the rendered public pages held in memory (HTML and its compressed copies).',
    registers,
    collect() {
      this.set(s.publicPages.bytes);
    },
  });
  new Gauge({
    name: 'adega_disk_free_bytes',
    help: 'Free bytes on the file system of DATA_DIR.',
    registers,
    async collect() {
      const space = await s.disk.read();
      if (Number.isFinite(space.freeBytes)) this.set(space.freeBytes);
    },
  });
  new Gauge({
    name: 'adega_disk_min_free_bytes',
    help: 'MIN_FREE_DISK_MB in bytes: below it uploads are refused and imports pause.',
    registers,
    async collect() {
      this.set((await s.disk.read()).minFreeBytes);
    },
  });
  new Gauge({
    name: 'adega_db_pool_connections',
    help: 'Database connections of the app, by state (PGlite: its one connection, busy while a statement runs).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = s.database.poolUse();
      this.set({ state: 'busy' }, use.busy);
      this.set({ state: 'idle' }, use.connections - use.busy);
    },
  });
  new Gauge({
    name: 'adega_db_pool_waiting',
    help: 'Statements waiting for a database connection.',
    registers,
    collect() {
      this.set(s.database.poolUse().waiting);
    },
  });
  new Gauge({
    name: 'adega_ready',
    help: '1 when nothing holds this process back from traffic (start-up steps, shutdown); disk and database have their own figures.',
    registers,
    collect() {
      this.set(s.readiness.heldBack() ? 0 : 1);
    },
  });
  new Counter({
    name: 'adega_job_failures_total',
    help: 'Jobs that threw in this process, by queue (pg-boss retries them up to their limit).',
    labelNames: ['queue'] as const,
    registers,
    collect() {
      this.reset();
      for (const [queue, n] of s.jobs.failures()) this.inc({ queue }, n);
    },
  });

  // The database's figures: one scrape reads them once, in the background (on PGlite, after the requests being served).
  let reading: Promise<DatabaseFigures | undefined> | undefined;
  const databaseFigures = () => {
    reading ??= inBackground(() => readDatabaseFigures(s)).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'adega_database_up',
    help: "1 when the database answered the scrape's queries, 0 when it did not.",
    registers,
    async collect() {
      this.set((await databaseFigures()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'adega_job_queue_jobs',
    help: 'Jobs per queue and state (queued: waiting to run or for a retry; active; failed: given up, kept by pg-boss until deleted).',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const q of (await databaseFigures())?.queues ?? []) {
        this.set({ queue: q.name, state: 'queued' }, q.queued);
        this.set({ queue: q.name, state: 'active' }, q.active);
        this.set({ queue: q.name, state: 'failed' }, q.failed);
      }
    },
  });
  new Gauge({
    name: 'adega_mail_outbox_messages',
    help: 'E-mails in the outbox, by state (pending: waiting or being sent; failed: given up, see GET /api/mail/failed).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const figures = await databaseFigures();
      this.reset();
      if (!figures) return;
      this.set({ state: 'pending' }, figures.outbox.pending);
      this.set({ state: 'failed' }, figures.outbox.failed);
    },
  });
  new Gauge({
    name: 'adega_product_imports_running',
    help: 'Product imports being worked on (status processing, paused for disk included).',
    registers,
    async collect() {
      const figures = await databaseFigures();
      this.reset();
      if (figures) this.set(figures.runningImports);
    },
  });
}

interface DatabaseFigures {
  queues: Awaited<ReturnType<JobRunner['queueStats']>>;
  outbox: { pending: number; failed: number };
  runningImports: number;
}

async function readDatabaseFigures(s: MetricsSources): Promise<DatabaseFigures | undefined> {
  try {
    const [queues, outbox, runningImports] = await Promise.all([s.jobs.queueStats(), s.outbox(), s.runningImports()]);
    return { queues, outbox, runningImports };
  } catch (err) {
    s.log.warn({ err }, 'metrics: the database figures could not be read');
    return undefined;
  }
}
