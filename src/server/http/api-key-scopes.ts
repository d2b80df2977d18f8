import type { ActionOf, Area } from '../../shared/access-policy.js';
import type { ApiKeyScope } from '../../shared/api-keys.js';
import type { RoutePolicy } from './route-policy.js';

/**
 * Which API key scope opens the routes of each (area, action) of the access policy (issue 31). A route whose policy is
 * not here (users, invitations, accounts, audit, the keys themselves, every 'signed-in' route) refuses keys.
 */
const KEY_SCOPES: { [A in Area]?: Partial<Record<ActionOf<A>, ApiKeyScope>> } = {
  menus: { read: 'menus:read' },
  cellar: { read: 'cellar:read', move: 'cellar:sales' },
  orders: { read: 'orders:read', create: 'orders:write', deliver: 'orders:write', cancel: 'orders:write' },
  products: { read: 'products:read' },
  webhooks: { read: 'webhooks', manage: 'webhooks' },
};

/**
 * The scope a key needs for a route, or undefined when keys may not take it: the route's own `keyScope` when it names
 * one, else its policy's. A write whose policy is only a read (a status change the service checks step by step) never
 * opens to a read scope: it names its scope itself.
 */
export function keyScopeOf(route: {
  method: string;
  policy: RoutePolicy | 'public' | undefined;
  keyScope?: ApiKeyScope;
}): ApiKeyScope | undefined {
  if (route.keyScope) return route.keyScope;
  const { policy } = route;
  if (!policy || policy === 'public' || policy === 'signed-in') return undefined;
  const scopes = KEY_SCOPES[policy.area] as Partial<Record<string, ApiKeyScope>> | undefined;
  const scope = scopes?.[policy.action];
  const isRead = route.method === 'GET' || route.method === 'HEAD';
  return scope && (isRead || !scope.endsWith(':read')) ? scope : undefined;
}
