import { describe, expect, it } from 'vitest';
import { type Area, allPermissions, can, deniedDetail, invitableRoles, type Principal, scopeCovers, scopeFor } from './access-policy.js';
import type { Role } from './roles.js';

/**
 * docs/product.md "Roles", written out cell by cell: for each area and action, what a manager, a sommelier and a supplier
 * get ('all' rows, 'own' rows: their establishments or their supplier, or '-' nothing). Admin gets 'all' everywhere.
 * Read independently of POLICY, so a change to either side shows here.
 */
type Cell = 'all' | 'own' | '-';
const DESIGN_ROLES: Record<string, [manager: Cell, sommelier: Cell, supplier: Cell]> = {
  'establishments.read': ['own', 'own', '-'],
  'establishments.create': ['own', '-', '-'],
  'establishments.update': ['own', '-', '-'],
  'establishments.delete': ['own', '-', '-'],
  'menus.read': ['own', 'own', '-'],
  'menus.create': ['own', 'own', '-'],
  'menus.update': ['own', 'own', '-'],
  'menus.delete': ['own', 'own', '-'],
  // Issue 18: the house cellar is scoped like the menus.
  'cellar.read': ['own', 'own', '-'],
  'cellar.create': ['own', 'own', '-'],
  'cellar.update': ['own', 'own', '-'],
  'cellar.move': ['own', 'own', '-'],
  // Views, tables, searches and wines opened on the establishment's public menus (decision 0064).
  'menuInsights.read': ['own', 'own', '-'],
  'catalog.read': ['all', 'all', 'all'],
  'catalog.create': ['-', 'all', '-'],
  'catalog.update': ['-', 'all', '-'],
  'catalog.delete': ['-', '-', '-'],
  'suppliers.read': ['all', 'all', 'own'],
  'suppliers.create': ['-', '-', '-'],
  'suppliers.update': ['-', '-', 'own'],
  // Commission rate and contract dates: a supplier edits its contact details, not its terms.
  'suppliers.setTerms': ['-', '-', '-'],
  'suppliers.delete': ['-', '-', '-'],
  'orders.read': ['own', 'own', 'own'],
  'orders.create': ['own', '-', '-'],
  'orders.confirm': ['-', '-', 'own'],
  'orders.ship': ['-', '-', 'own'],
  'orders.deliver': ['own', 'own', '-'],
  'orders.cancel': ['own', '-', 'own'],
  'products.read': ['all', 'all', 'own'],
  'products.create': ['-', '-', 'own'],
  'products.update': ['-', '-', 'own'],
  'products.delete': ['-', '-', 'own'],
  // Categories are one tree shared by every supplier: everyone reads it, suppliers add to it, only the admin reshapes it.
  'productCategories.read': ['all', 'all', 'all'],
  'productCategories.create': ['-', '-', 'all'],
  'productCategories.update': ['-', '-', '-'],
  // An import is a supplier's private spreadsheet: establishments see the products it creates, not the file.
  'imports.read': ['-', '-', 'own'],
  'imports.create': ['-', '-', 'own'],
  'imports.execute': ['-', '-', 'own'],
  'imports.retry': ['-', '-', 'own'],
  'imports.delete': ['-', '-', 'own'],
  'analytics.read': ['own', 'own', 'own'],
  'crm.read': ['-', '-', '-'],
  'crm.create': ['-', '-', '-'],
  'crm.update': ['-', '-', '-'],
  'crm.delete': ['-', '-', '-'],
  'crm.convert': ['-', '-', '-'],
  'crm.close': ['-', '-', '-'],
  'crm.complete': ['-', '-', '-'],
  'onboardingReview.read': ['-', '-', '-'],
  'onboardingReview.approve': ['-', '-', '-'],
  'onboardingReview.reject': ['-', '-', '-'],
  'mail.readFailed': ['-', '-', '-'],
  'backups.readStatus': ['-', '-', '-'],
  // "users and invitations": a manager, the sommeliers and managers of its own establishments.
  'users.read': ['own', '-', '-'],
  'users.create': ['-', '-', '-'],
  'users.update': ['-', '-', '-'],
  'users.deactivate': ['own', '-', '-'],
  'users.delete': ['-', '-', '-'],
  'invitations.read': ['own', '-', '-'],
  'invitations.create': ['own', '-', '-'],
  'invitations.resend': ['own', '-', '-'],
  'invitations.delete': ['own', '-', '-'],
  // Not rows of DESIGN's table: the sample data creates an establishment; every user may upload an image.
  // Data subjects' rights (issue 29): the admin's only.
  'lgpd.read': ['-', '-', '-'],
  'lgpd.export': ['-', '-', '-'],
  'lgpd.erase': ['-', '-', '-'],
  'lgpd.manageRetention': ['-', '-', '-'],
  'seed.create': ['own', '-', '-'],
  'uploads.create': ['all', 'all', 'all'],
  // Issue 31: API keys, admins for any establishment, managers for theirs.
  'apiKeys.read': ['own', '-', '-'],
  'apiKeys.create': ['own', '-', '-'],
  'apiKeys.revoke': ['own', '-', '-'],
  // Issue 31: webhooks, the same people.
  'webhooks.read': ['own', '-', '-'],
  'webhooks.manage': ['own', '-', '-'],
  // Issue 29: the audit trail, admins all, managers their establishments' entries.
  'audit.read': ['own', '-', '-'],
};

const ESTABLISHMENTS = ['e1', 'e2'];
const principal = (role: Role): Principal => ({
  role,
  establishmentIds: role === 'restaurant_manager' || role === 'sommelier' ? ESTABLISHMENTS : [],
  supplierId: role === 'supplier' ? 's1' : null,
});

function expectedScope(role: Exclude<Role, 'admin'>, cell: Cell) {
  if (cell === 'all') return { kind: 'all' };
  if (cell === '-') return { kind: 'none' };
  return role === 'supplier' ? { kind: 'supplier', id: 's1' } : { kind: 'establishments', ids: ESTABLISHMENTS };
}

describe('the access policy', () => {
  it('has exactly the (area, action) pairs of the DESIGN table', () => {
    expect(allPermissions().map((p) => `${p.area}.${p.action}`)).toEqual(Object.keys(DESIGN_ROLES));
  });

  const cells = Object.entries(DESIGN_ROLES).flatMap(([key, row]) => {
    const [area, action] = key.split('.') as [Area, string];
    return (['restaurant_manager', 'sommelier', 'supplier'] as const).map((role, i) => ({ area, action, role, cell: row[i] as Cell }));
  });

  it.each(cells)('$role on $area.$action: $cell', ({ area, action, role, cell }) => {
    const scope = scopeFor(principal(role), area, action as never);
    expect(scope).toEqual(expectedScope(role, cell));
    expect(can(principal(role), area, action as never)).toBe(cell !== '-');
  });

  it('gives the admin every row of every action', () => {
    for (const { area, action } of allPermissions()) expect(scopeFor(principal('admin'), area, action as never)).toEqual({ kind: 'all' });
  });

  it('gives a supplier user without a supplier nothing of its own', () => {
    const orphan: Principal = { role: 'supplier', establishmentIds: [], supplierId: null };
    expect(scopeFor(orphan, 'products', 'update')).toEqual({ kind: 'none' });
    expect(scopeFor(orphan, 'catalog', 'read')).toEqual({ kind: 'all' });
  });

  it('covers a row only within the scope', () => {
    expect(scopeCovers({ kind: 'establishments', ids: ['e1'] }, { establishmentId: 'e1' })).toBe(true);
    expect(scopeCovers({ kind: 'establishments', ids: ['e1'] }, { establishmentId: 'e2' })).toBe(false);
    expect(scopeCovers({ kind: 'establishments', ids: ['e1'] }, { supplierId: 'e1' })).toBe(false);
    expect(scopeCovers({ kind: 'supplier', id: 's1' }, { supplierId: 's1', establishmentId: 'e9' })).toBe(true);
    expect(scopeCovers({ kind: 'supplier', id: 's1' }, { supplierId: null })).toBe(false);
    expect(scopeCovers({ kind: 'all' }, {})).toBe(true);
    expect(scopeCovers({ kind: 'none' }, { establishmentId: 'e1', supplierId: 's1' })).toBe(false);
  });

  it('lets the admin invite every role and a manager only managers and sommeliers', () => {
    expect(invitableRoles(principal('admin'))).toEqual(['admin', 'restaurant_manager', 'sommelier', 'supplier']);
    expect(invitableRoles(principal('restaurant_manager'))).toEqual(['restaurant_manager', 'sommelier']);
    expect(invitableRoles(principal('sommelier'))).toEqual([]);
    expect(invitableRoles(principal('supplier'))).toEqual([]);
  });

  it('says in pt-BR why an action is refused', () => {
    expect(deniedDetail('establishments', 'create')).toBe('Você não tem permissão para criar estabelecimentos.');
    expect(deniedDetail('catalog', 'delete')).toBe('Apenas administradores podem excluir vinhos do catálogo.');
    // An action nobody but the admin has.
    expect(deniedDetail('users', 'delete')).toBe('Apenas administradores podem fazer isto.');
    expect(deniedDetail('crm', 'convert')).toBe('Apenas administradores podem fazer isto.');
    expect(deniedDetail('orders', 'create')).toBe('Apenas gerentes de restaurante e administradores podem fazer pedidos.');
    expect(deniedDetail('analytics', 'read')).toBe('Você não tem permissão para esta ação.');
  });
});
