import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * What an /api write route (POST, PUT, PATCH, DELETE) leaves in the audit trail (issue 29):
 * - 'recorded': its service records one audit entry (recordAuditEvent / modules/audit) in the write's own transaction;
 * - { none: why }: it changes nothing a person would ask "who changed this?" about (a search, a preview, a
 *   counter a guest's page bumps), said in a few words.
 */
export type RouteAudit = 'recorded' | { none: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAudit;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/** Is this (method, url) an /api write route, which must say what it leaves in the audit trail? */
export const isApiWrite = (method: string, url: string) => isApiRoute(url) && WRITE_METHODS.has(method.toUpperCase());

/** Every /api write route must declare `config.audit`; a route that says nothing stops the app from starting. */
export function assertRouteDeclaresAudit(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): void {
  const methods = [route.method].flat().map(String);
  if (!methods.some((method) => isApiWrite(method, route.url))) return;
  const audit = (route.config as { audit?: RouteAudit } | undefined)?.audit;
  const where = `${methods.join(',')} ${route.url}`;
  if (audit === 'recorded') return;
  if (audit && typeof audit === 'object' && typeof audit.none === 'string' && audit.none.trim()) return;
  throw new Error(`${where} is a write route that declares no audit: add config.audit ('recorded' or { none: why })`);
}

/** What one request has recorded so far (the test-mode check reads it). */
interface AuditTally {
  requestId: string;
  recorded: number;
  /** The write turned out to change nothing (sample data already there): no entry is owed. */
  unchanged?: boolean;
}
const tally = new AsyncLocalStorage<AuditTally>();

/** Called by recordAuditEvent: one more entry for the request being served, if any. */
export function countAuditEntry(): void {
  const current = tally.getStore();
  if (current) current.recorded += 1;
}

/** Called by a service whose write turned out to change nothing (so it recorded nothing, rightly). */
export function markNothingChanged(): void {
  const current = tally.getStore();
  if (current) current.unchanged = true;
}

/** The id of the request being served, as the audit trail's tally knows it (app.inject requests included). */
export const auditRequestId = (): string | undefined => tally.getStore()?.requestId;

/** The body a 'recorded' route answers in test mode when it recorded nothing. */
export const AUDIT_MISSING = { code: 'audit_missing', detail: 'A rota declara audit: recorded, mas não gravou nenhuma entrada.' };

/**
 * Start-up check of every route (`onRoute`), and in test mode (`checkRecorded`) a check of every answer: a 2xx of a
 * route declaring 'recorded' that recorded no entry in that request becomes a 500 `audit_missing`, so every API
 * test of a write also checks the trail.
 */
export function registerRouteAudit(app: FastifyInstance, options: { checkRecorded: boolean }): void {
  app.addHook('onRoute', assertRouteDeclaresAudit);
  if (!options.checkRecorded) return;
  // The handler runs inside done(), so the entries its promises record are counted in this request's tally.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.routeOptions.config?.audit !== 'recorded') return done();
    const store: AuditTally = { requestId: request.id, recorded: 0 };
    (request as unknown as { auditTally: AuditTally }).auditTally = store;
    tally.run(store, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const store = (request as unknown as { auditTally?: AuditTally }).auditTally;
    if (!store || reply.statusCode < 200 || reply.statusCode >= 300 || store.recorded > 0 || store.unchanged) return payload;
    request.log.error({ route: request.routeOptions.url }, 'audit_missing: a recorded route answered 2xx without an entry');
    reply.code(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(AUDIT_MISSING);
  });
}
