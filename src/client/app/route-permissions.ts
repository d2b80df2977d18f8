import { matchPath } from 'react-router';
import type { Permission } from '../../shared/access-policy';
import { ADMIN_ROUTES, type RouteAccess } from '../../shared/admin-routes';

const accessOf = (path: string): RouteAccess | undefined => ADMIN_ROUTES.find((r) => matchPath(r.path, path))?.access;

/**
 * The permission a path of the signed-in app needs (shared/admin-routes.ts). A path that matches no route takes its
 * nearest parent route's (/crm/anything needs what /crm needs), so an unknown path under a guarded area stays guarded.
 */
export function permissionForPath(pathname: string): Permission | undefined {
  const parts = pathname.split('/').filter(Boolean);
  for (let n = parts.length; n >= 1; n--) {
    const access = accessOf(`/${parts.slice(0, n).join('/')}`);
    if (access !== undefined) return typeof access === 'object' ? access : undefined;
  }
  return undefined;
}
