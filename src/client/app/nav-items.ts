import type { Permission } from '../../shared/access-policy';

export interface NavItem {
  label: string;
  to: string;
  /** Only users the access policy allows see the item; absent: everyone. */
  permission?: Permission;
}

/** Items appear here only once their screen exists. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Início', to: '/' },
  { label: 'Cartas', to: '/cartas', permission: { area: 'menus', action: 'read' } },
  { label: 'Catálogo', to: '/catalogo', permission: { area: 'catalog', action: 'read' } },
  { label: 'Cadastros', to: '/onboarding/cadastros', permission: { area: 'onboardingReview', action: 'read' } },
  { label: 'Indicadores', to: '/analytics', permission: { area: 'analytics', action: 'read' } },
  { label: 'Produtos', to: '/produtos/gerenciar', permission: { area: 'products', action: 'read' } },
  { label: 'Fornecedores', to: '/fornecedores', permission: { area: 'suppliers', action: 'read' } },
  { label: 'Pedidos', to: '/pedidos', permission: { area: 'orders', action: 'read' } },
  { label: 'Importar produtos', to: '/produtos/importar', permission: { area: 'imports', action: 'create' } },
  { label: 'CRM', to: '/crm', permission: { area: 'crm', action: 'read' } },
  { label: 'Usuários', to: '/usuarios', permission: { area: 'users', action: 'read' } },
];
