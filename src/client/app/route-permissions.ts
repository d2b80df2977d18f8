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
  { path: '/adega', permission: { area: 'cellar', action: 'read' } },
  { path: '/adega/recontagem', permission: { area: 'cellar', action: 'read' } },
  { path: '/catalogo', permission: { area: 'catalog', action: 'read' } },
  { path: '/catalogo/novo', permission: { area: 'catalog', action: 'create' } },
  { path: '/catalogo/:id/editar', permission: { area: 'catalog', action: 'update' } },
  { path: '/onboarding/cadastros', permission: { area: 'onboardingReview', action: 'read' } },
  { path: '/onboarding/cadastros/:id', permission: { area: 'onboardingReview', action: 'read' } },
  { path: '/insights', permission: { area: 'menuInsights', action: 'read' } },
  { path: '/analytics', permission: { area: 'analytics', action: 'read' } },
  { path: '/produtos/gerenciar', permission: { area: 'products', action: 'read' } },
  { path: '/fornecedores', permission: { area: 'suppliers', action: 'read' } },
  { path: '/fornecedores/novo', permission: { area: 'suppliers', action: 'create' } },
  { path: '/fornecedores/:id/editar', permission: { area: 'suppliers', action: 'update' } },
  { path: '/pedidos', permission: { area: 'orders', action: 'read' } },
  { path: '/pedidos/novo', permission: { area: 'orders', action: 'create' } },
  { path: '/pedidos/:id', permission: { area: 'orders', action: 'read' } },
  { path: '/produtos/importar', permission: { area: 'imports', action: 'create' } },
  { path: '/produtos/historico', permission: { area: 'imports', action: 'read' } },
  { path: '/crm', permission: { area: 'crm', action: 'read' } },
  { path: '/crm/*', permission: { area: 'crm', action: 'read' } },
];

export function permissionForPath(pathname: string): Permission | undefined {
  return ROUTE_PERMISSIONS.find((r) => matchPath(r.path, pathname))?.permission;
}
