import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { type ActionOf, type Area, can, deniedDetail, isPermission, type Permission } from '../../shared/access-policy.js';
import { API_KEY_TEXTS, type ApiKeyScope } from '../../shared/api-keys.js';
import { appError, forbidden } from '../core/app-error.js';
import { keyScopeOf } from './api-key-scopes.js';
import { callerOf } from './authenticate.js';
import type { RouteAudit } from './route-audit.js';

/**
 * What an /api route requires: an (area, action) of the access policy, or only a signed-in user.
 * `outOfScope: 'hidden'` is for reads whose service answers an empty list or 404 to a caller with no scope
 * (a supplier listing establishments), instead of the guard's 403.
 */
export type RoutePolicy = (Permission & { outOfScope?: 'hidden' }) | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
    /** The API key scope that opens this route, when its policy's (api-key-scopes.ts) is not the right one. */
    keyScope?: ApiKeyScope;
  }
  interface FastifyInstance {
    /** Every /api route and what it requires, collected as routes are added (tests walk it). */
    apiRoutes: readonly ApiRoute[];
  }
}

/** A route's config that requires an (area, action) of the access policy: `{ config: may('crm', 'read') }`. */
export const may = <A extends Area>(area: A, action: ActionOf<A>) => ({ policy: { area, action } as Permission });

/** The config of a write route that requires (area, action) and records its write in the audit trail (issue 29). */
export const mayWrite = <A extends Area>(area: A, action: ActionOf<A>) => ({
  policy: { area, action } as Permission,
  audit: 'recorded' as const,
});

export interface ApiRoute {
  method: string;
  url: string;
  policy: RoutePolicy | 'public';
  /** What a write route leaves in the audit trail (route-audit.ts); undefined for reads. */
  audit?: RouteAudit;
  /** The API key scope that opens it; undefined: keys are refused. */
  keyScope?: ApiKeyScope;
  /** The route's schemas (zod), kept for the routes keys may call: the API document is checked against them. */
  schema?: FastifySchema;
}

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/** Every /api route must say who may call it; a route that says nothing stops the app from starting. */
export function assertRouteDeclaresPolicy(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): void {
  if (!isApiRoute(route.url)) return;
  const config = route.config as { public?: boolean; policy?: RoutePolicy } | undefined;
  const where = `${String(route.method)} ${route.url}`;
  if (config?.public) {
    if (config.policy) throw new Error(`${where} is public and declares a policy: choose one`);
    return;
  }
  const policy = config?.policy;
  if (!policy) throw new Error(`${where} declares no access policy: add config.policy (or config.public)`);
  if (policy !== 'signed-in' && !isPermission(policy.area, policy.action)) {
    throw new Error(`${where} names ${policy.area}.${policy.action}, which the access policy does not have`);
  }
}

/**
 * One guard for every route: 403 with the policy's pt-BR text when the caller may not take the route's action at
 * all, before the body is validated (a supplier gets 403, not a validation error). Which rows it may touch is the
 * service's job (scopeFor): it runs for background jobs too.
 */
export function registerRoutePolicy(app: FastifyInstance): void {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    assertRouteDeclaresPolicy(route);
    if (!isApiRoute(route.url)) return;
    const policy = route.config?.public ? 'public' : route.config?.policy;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || !policy) continue;
      const keyScope = keyScopeOf({ method, policy, ...(route.config?.keyScope && { keyScope: route.config.keyScope }) });
      apiRoutes.push({
        method,
        url: route.url,
        policy,
        ...(route.config?.audit && { audit: route.config.audit }),
        ...(keyScope && { keyScope, ...(route.schema && { schema: route.schema }) }),
      });
    }
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const apiKey = request.caller?.apiKey;
    if (apiKey) {
      const scope = keyScopeOf({ method: request.method, policy: config?.policy, ...(config?.keyScope && { keyScope: config.keyScope }) });
      if (!scope) throw appError('api_key_not_allowed');
      if (!apiKey.scopes.includes(scope)) throw appError('api_key_scope_missing', API_KEY_TEXTS.missingScope(scope));
    }
    const policy = config?.policy;
    if (!policy || policy === 'signed-in' || policy.outOfScope === 'hidden') return;
    const { area, action } = policy;
    if (!can(callerOf(request), area, action as never)) throw forbidden(deniedDetail(area, action as never));
  });
}
