import type { Permission } from '../../shared/access-policy';
import { ADMIN_ROUTES, NAV_GROUPS, type NavGroup } from '../../shared/admin-routes';

export { NAV_GROUPS, type NavGroup };

export interface NavItem {
  label: string;
  to: string;
  /** The header menu it is listed under; absent: on the bar itself. */
  group?: NavGroup;
  /** Only users the access policy allows see the item; absent: everyone. */
  permission?: Permission;
}

/** The routes with a `nav` entry in shared/admin-routes.ts, in the table's order, with the permission of their route. */
export const NAV_ITEMS: NavItem[] = ADMIN_ROUTES.flatMap((route): NavItem[] => {
  if (!('nav' in route)) return [];
  const nav: { label: string; group?: NavGroup } = route.nav;
  return [
    {
      label: nav.label,
      to: route.path,
      ...(nav.group ? { group: nav.group } : {}),
      ...(typeof route.access === 'object' ? { permission: route.access } : {}),
    },
  ];
});

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
