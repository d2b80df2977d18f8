import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The request id (decision 0085): every answer carries it in `X-Request-Id`, every log line of the request shows it
 * as `reqId`, and a job the request queues carries it in its data (`requestId`), so the job's log lines show it too.
 * An id that nginx (`proxy_set_header X-Request-Id $request_id`) or another client sends is kept when it looks like
 * one; otherwise a random UUID is made.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: nginx's 32 hex digits, a UUID, a trace id. Nothing that could carry a line break. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

interface Context {
  requestId: string;
  /** True inside a job: its log lines get the id (a request's own lines carry it already, as Fastify binds it). */
  job: boolean;
}

const context = new AsyncLocalStorage<Context>();

/** The id of the request (or of the job, queued by a request) being served, if any. */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** Runs `work` as part of a job queued by request `requestId` (its log lines show the id). */
export function runAsJobOf<T>(requestId: string | undefined, work: () => Promise<T>): Promise<T> {
  return requestId ? context.run({ requestId, job: true }, work) : work();
}

const NO_FIELDS = Object.freeze({});

/** pino's `mixin`: a job's log lines get `reqId`. Called for every line, so it does one lookup and allocates nothing else. */
export function jobLogFields(): object {
  const store = context.getStore();
  return store?.job ? { reqId: store.requestId } : NO_FIELDS;
}

/** pino's `mixinMergeStrategy` to go with it: a line outside a job is left as it is (its default writes into the mixin's object). */
export function mergeJobLogFields(line: object, fields: object): object {
  return fields === NO_FIELDS ? line : Object.assign(fields, line);
}

/**
 * Gives the request its id, before Fastify sees it (a listener put ahead of Fastify's on the raw server: no Fastify
 * hook on the public page's path, decision 0083). Fastify reads the id from the header (`requestIdHeader`), so its log
 * lines carry the same one. The id is entered into the current async context, which the request's hooks, handler and
 * every promise they make inherit: that is how a job sent while serving it learns it.
 */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): void {
  const incoming = request.headers[REQUEST_ID_HEADER];
  let requestId: string;
  if (typeof incoming === 'string' && SANE_ID.test(incoming)) requestId = incoming;
  else {
    requestId = randomUUID();
    request.headers[REQUEST_ID_HEADER] = requestId;
  }
  response.setHeader('X-Request-Id', requestId);
  context.enterWith({ requestId, job: false });
}

/** Fastify's genReqId for requests that did not come through the raw server (app.inject in tests). */
export const newRequestId = (): string => randomUUID();
