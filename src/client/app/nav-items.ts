import type { Role } from '../../shared/roles';

export interface NavItem {
  label: string;
  to: string;
  /** Only these roles see the item; absent: everyone. */
  roles?: Role[];
}

/** Items appear here only once their screen exists. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Início', to: '/' },
  { label: 'Cartas', to: '/cartas', roles: ['admin', 'restaurant_manager', 'sommelier'] },
  { label: 'Catálogo', to: '/catalogo' },
  { label: 'Usuários', to: '/usuarios', roles: ['admin'] },
];
