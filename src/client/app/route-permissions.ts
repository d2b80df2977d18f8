import { matchPath } from 'react-router';
import type { Permission } from '../../shared/access-policy';

/** The permission each admin screen needs; a path not listed here is open to every signed-in user. */
const ROUTE_PERMISSIONS: { path: string; permission: Permission }[] = [
  { path: '/usuarios', permission: { area: 'users', action: 'read' } },
  { path: '/cartas', permission: { area: 'menus', action: 'read' } },
  { path: '/carta/nova', permission: { area: 'menus', action: 'create' } },
  { path: '/carta/:id/editar', permission: { area: 'menus', action: 'update' } },
  { path: '/carta/:id/qr', permission: { area: 'menus', action: 'read' } },
  { path: '/estabelecimento/novo', permission: { area: 'establishments', action: 'create' } },
  { path: '/estabelecimento/:id/editar', permission: { area: 'establishments', action: 'read' } },
  { path: '/catalogo', permission: { area: 'catalog', action: 'read' } },
  { path: '/catalogo/novo', permission: { area: 'catalog', action: 'create' } },
  { path: '/catalogo/:id/editar', permission: { area: 'catalog', action: 'update' } },
  { path: '/crm', permission: { area: 'crm', action: 'read' } },
  { path: '/crm/*', permission: { area: 'crm', action: 'read' } },
];

export function permissionForPath(pathname: string): Permission | undefined {
  return ROUTE_PERMISSIONS.find((r) => matchPath(r.path, pathname))?.permission;
}
