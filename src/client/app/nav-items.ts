import type { Permission } from '../../shared/access-policy';

/** The header's menus, in order; an item without a group sits on the bar itself. */
export const NAV_GROUPS = ['Cartas', 'Compras', 'Estoque', 'CRM', 'Administração'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  label: string;
  to: string;
  /** The header menu it is listed under; absent: on the bar itself. */
  group?: NavGroup;
  /** Only users the access policy allows see the item; absent: everyone. */
  permission?: Permission;
}

/** One line per screen the navigation leads to; items appear here only once their screen exists. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Início', to: '/' },
  { label: 'Cartas', to: '/cartas', group: 'Cartas', permission: { area: 'menus', action: 'read' } },
  { label: 'Insights da carta', to: '/insights', group: 'Cartas', permission: { area: 'menuInsights', action: 'read' } },
  { label: 'Catálogo', to: '/catalogo', group: 'Cartas', permission: { area: 'catalog', action: 'read' } },
  { label: 'Pedidos', to: '/pedidos', group: 'Compras', permission: { area: 'orders', action: 'read' } },
  { label: 'Fornecedores', to: '/fornecedores', group: 'Compras', permission: { area: 'suppliers', action: 'read' } },
  { label: 'Indicadores', to: '/analytics', group: 'Compras', permission: { area: 'analytics', action: 'read' } },
  { label: 'Adega da casa', to: '/adega', group: 'Estoque', permission: { area: 'cellar', action: 'read' } },
  { label: 'Produtos', to: '/produtos/gerenciar', group: 'Estoque', permission: { area: 'products', action: 'read' } },
  { label: 'Importar produtos', to: '/produtos/importar', group: 'Estoque', permission: { area: 'imports', action: 'create' } },
  { label: 'Histórico de importações', to: '/produtos/historico', group: 'Estoque', permission: { area: 'imports', action: 'read' } },
  { label: 'Painel do CRM', to: '/crm', group: 'CRM', permission: { area: 'crm', action: 'read' } },
  { label: 'Leads', to: '/crm/leads', group: 'CRM', permission: { area: 'crm', action: 'read' } },
  { label: 'Oportunidades', to: '/crm/opportunities', group: 'CRM', permission: { area: 'crm', action: 'read' } },
  { label: 'Atividades', to: '/crm/activities', group: 'CRM', permission: { area: 'crm', action: 'read' } },
  { label: 'Usuários', to: '/usuarios', group: 'Administração', permission: { area: 'users', action: 'read' } },
  { label: 'Cadastros', to: '/onboarding/cadastros', group: 'Administração', permission: { area: 'onboardingReview', action: 'read' } },
];

export interface NavSection {
  /** Absent for the items on the bar itself. */
  group?: NavGroup;
  items: NavItem[];
}

/** The items a user may open, in sections: the ungrouped ones first, then each menu that has at least one item. */
export function navSections(mayOpen: (item: NavItem) => boolean): NavSection[] {
  const items = NAV_ITEMS.filter(mayOpen);
  const sections: NavSection[] = [{ items: items.filter((i) => !i.group) }];
  for (const group of NAV_GROUPS) sections.push({ group, items: items.filter((i) => i.group === group) });
  return sections.filter((s) => s.items.length > 0);
}
