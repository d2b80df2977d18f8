import { describe, expect, it } from 'vitest';
import { can, type Principal } from '../../shared/access-policy';
import { ROLES } from '../../shared/roles';
import { NAV_GROUPS, NAV_ITEMS, navSections } from './nav-items';
import { permissionForPath } from './route-permissions';

const principal = (role: (typeof ROLES)[number]): Principal => ({ role, establishmentIds: ['e1'], supplierId: 's1' });

describe('header navigation (nav-items.ts)', () => {
  it('shows each entry to exactly those who may open its screen', () => {
    for (const item of NAV_ITEMS) {
      expect(item.permission, item.to).toEqual(permissionForPath(item.to));
    }
  });

  it('lists every list screen of the route table once', () => {
    const paths = NAV_ITEMS.map((i) => i.to);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/cartas',
      '/catalogo',
      '/pedidos',
      '/fornecedores',
      '/analytics',
      '/produtos/gerenciar',
      '/produtos/historico',
      '/crm',
      '/usuarios',
      '/onboarding/cadastros',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('cuts what a role may open into sections in the menus order, leaving out empty groups', () => {
    for (const role of ROLES) {
      const sections = navSections(
        (item) => !item.permission || can(principal(role), item.permission.area, item.permission.action as never),
      );
      const groups = sections.flatMap((s) => (s.group ? [s.group] : []));
      expect(groups).toEqual(NAV_GROUPS.filter((g) => groups.includes(g)));
      expect(sections.every((s) => s.items.length > 0)).toBe(true);
      expect(sections[0]?.items.map((i) => i.to)).toEqual(['/']);
    }
    const admin = navSections(() => true);
    expect(admin.map((s) => s.group ?? null)).toEqual([null, ...NAV_GROUPS]);
    const manager = navSections(
      (item) => !item.permission || can(principal('restaurant_manager'), item.permission.area, item.permission.action as never),
    );
    expect(manager.find((s) => s.group === 'CRM')).toBeUndefined();
    // A manager runs the staff of its establishments (Usuários), reads their audit trail and makes their API keys, but
    // reviews no sign-ups.
    expect(manager.find((s) => s.group === 'Administração')?.items.map((i) => i.to)).toEqual(['/usuarios', '/auditoria', '/integracoes']);
  });
});
