import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ActionOf, Area, Permission } from '../../shared/access-policy.js';
import { CATALOG_TOTAL_CAPPED_HEADER, CATALOG_TOTAL_HEADER } from '../../shared/catalog.js';
import { CRM_HAS_MORE_HEADER } from '../../shared/crm-vocabulary.js';
import { idParamsSchema as params } from '../../shared/id-params.js';
import type { Caller } from '../core/caller.js';
import { callerOf } from './authenticate.js';
import type { RouteAudit } from './route-audit.js';
import type { RoutePolicy } from './route-policy.js';

/** The areas of the access policy whose records are read, created, updated and deleted. */
type RecordArea = { [A in Area]: 'read' | 'create' | 'update' | 'delete' extends ActionOf<A> ? A : never }[Area];
type RecordAction = 'read' | 'create' | 'update' | 'delete';

/**
 * The routes of a kind of record that people list and edit: GET (the list) and POST (create, 201) at `path`,
 * GET (read), PUT (update) and DELETE (204) at `path/:id`, each guarded by the area's action of the same name.
 */
export interface RecordRoutes<Item extends z.ZodType, Input extends z.ZodType, Query extends z.ZodType> {
  path: string;
  area: RecordArea;
  /** Reads answer an empty list or 404 outside the caller's scope, instead of the guard's 403 (`outOfScope`). */
  hiddenReads?: boolean;
  item: Item;
  /** The body of create and update. */
  input: Input;
  /** The list (an array of `item`) and its query string. */
  list?: { query: Query; load: (caller: Caller, query: z.output<Query>) => Promise<ListAnswer<z.output<Item>>> };
  get?: (caller: Caller, id: string) => Promise<z.output<Item>>;
  create: (caller: Caller, input: z.output<Input>) => Promise<z.output<Item>>;
  update: (caller: Caller, id: string, input: z.output<Input>) => Promise<z.output<Item>>;
  /** Absent when deleting takes more than the id (the module writes that route). */
  remove?: (caller: Caller, id: string) => Promise<void>;
}

export function registerRecordRoutes<Item extends z.ZodType, Input extends z.ZodType, Query extends z.ZodType>(
  app: FastifyInstance,
  routes: RecordRoutes<Item, Input, Query>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The handlers are typed by the options; the schemas go to Fastify as plain ones (it validates and serializes).
  const { path } = routes;
  const item: z.ZodType = routes.item;
  const body: z.ZodType = routes.input;
  const config = (action: RecordAction): { policy: RoutePolicy; audit?: RouteAudit } => {
    const policy = { area: routes.area, action } as Permission;
    if (action !== 'read') return { policy, audit: 'recorded' };
    return { policy: routes.hiddenReads ? { ...policy, outOfScope: 'hidden' } : policy };
  };

  const { list, get } = routes;
  if (list) {
    r.get(path, { config: config('read'), schema: { querystring: list.query, response: { 200: z.array(item) } } }, async (request, reply) =>
      sendList(reply, await list.load(callerOf(request), request.query as z.output<Query>)),
    );
  }
  r.post(path, { config: config('create'), schema: { body, response: { 201: item } } }, async (request, reply) =>
    reply.status(201).send(await routes.create(callerOf(request), request.body as z.output<Input>)),
  );
  if (get) registerReadRoute(app, `${path}/:id`, config('read'), item, get);
  r.put(`${path}/:id`, { config: config('update'), schema: { params, body, response: { 200: item } } }, async (request) =>
    routes.update(callerOf(request), request.params.id, request.body as z.output<Input>),
  );
  if (routes.remove) registerDeleteRoute(app, `${path}/:id`, config('delete'), routes.remove);
}

/** GET `path`, which names a record by `:id`: what `read` answers for the caller and that id, as `response`. */
export function registerReadRoute<Answer extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  config: { policy: RoutePolicy },
  response: Answer,
  read: (caller: Caller, id: string) => Promise<z.output<Answer>>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(path, { config, schema: { params, response: { 200: response as z.ZodType } } }, async (request) =>
    read(callerOf(request), request.params.id),
  );
}

/**
 * DELETE `path`, which names a record by `:id`: 204 once `remove` has deleted it for the caller (and recorded it in the
 * audit trail: `audit` is 'recorded' unless the config says otherwise).
 */
export function registerDeleteRoute(
  app: FastifyInstance,
  path: string,
  config: { policy: RoutePolicy; audit?: RouteAudit },
  remove: (caller: Caller, id: string) => Promise<void>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.delete(path, { config: { audit: 'recorded', ...config }, schema: { params } }, async (request, reply) => {
    await remove(callerOf(request), request.params.id);
    return reply.status(204).send();
  });
}

/**
 * What a list's service answers: a page and how many match (a lower bound when `capped`), or a bounded list that
 * says whether more match (a narrower search finds them).
 */
export type ListAnswer<T> = { items: T[]; total: number; capped?: boolean } | { items: T[]; hasMore: boolean };

/**
 * A list as the client reads it (docs/decisions/0074): the rows as a plain array; a page's count in `X-Total-Count`
 * with `X-Total-Count-Capped: true` when counting was cut short, a bounded list's `X-Has-More: true` when more match.
 */
export function sendList<T>(reply: FastifyReply, answer: ListAnswer<T>) {
  if ('total' in answer) {
    reply.header(CATALOG_TOTAL_HEADER, String(answer.total));
    if (answer.capped) reply.header(CATALOG_TOTAL_CAPPED_HEADER, 'true');
  } else if (answer.hasMore) {
    reply.header(CRM_HAS_MORE_HEADER, 'true');
  }
  return reply.send(answer.items);
}
