import type { Role } from '../../shared/roles.js';
import { forbidden, notFound } from './app-error.js';

/** Who is calling, loaded from the database on every authenticated request (so role changes apply at once). */
export interface Caller {
  id: string;
  email: string;
  role: Role;
  /** Establishments a manager or sommelier works for; empty for the other roles. */
  establishmentIds: readonly string[];
  /** The supplier a supplier user belongs to. */
  supplierId: string | null;
}

export type Area = 'establishments' | 'menus' | 'catalog' | 'suppliers' | 'users';
export type Action = 'read' | 'create' | 'update' | 'delete';
/** all: every row; own: rows of the caller's establishments (or supplier); none: not at all. */
export type Access = 'all' | 'own' | 'none';

type Rules = Record<Area, Record<Action, Partial<Record<Role, Access>>>>;

// docs/product.md §3 "Roles": the single table every module asks. Admin may do everything.
const RULES: Rules = {
  establishments: {
    read: { restaurant_manager: 'own', sommelier: 'own' },
    create: { restaurant_manager: 'own' },
    update: { restaurant_manager: 'own' },
    delete: { restaurant_manager: 'own' },
  },
  menus: {
    read: { restaurant_manager: 'own', sommelier: 'own' },
    create: { restaurant_manager: 'own', sommelier: 'own' },
    update: { restaurant_manager: 'own', sommelier: 'own' },
    delete: { restaurant_manager: 'own', sommelier: 'own' },
  },
  catalog: {
    read: { restaurant_manager: 'all', sommelier: 'all', supplier: 'all' },
    create: { sommelier: 'all' },
    update: { sommelier: 'all' },
    delete: {},
  },
  suppliers: {
    read: { restaurant_manager: 'all', sommelier: 'all', supplier: 'own' },
    create: {},
    update: { supplier: 'own' },
    delete: {},
  },
  users: { read: {}, create: {}, update: {}, delete: {} },
};

export function accessOf(caller: Caller, area: Area, action: Action): Access {
  if (caller.role === 'admin') return 'all';
  return RULES[area][action][caller.role] ?? 'none';
}

/** Throws 403 when the caller may not do this at all; returns the access otherwise. */
export function requireAccess(caller: Caller, area: Area, action: Action, detail?: string): Exclude<Access, 'none'> {
  const access = accessOf(caller, area, action);
  if (access === 'none') throw forbidden(detail);
  return access;
}

/** The establishment ids the caller's queries must be limited to, or null for all. */
export function establishmentFilter(caller: Caller, area: Area, action: Action = 'read'): readonly string[] | null {
  const access = accessOf(caller, area, action);
  if (access === 'all') return null;
  if (access === 'own') return caller.establishmentIds;
  return [];
}

export function canTouchEstablishment(caller: Caller, area: Area, action: Action, establishmentId: string): boolean {
  const access = accessOf(caller, area, action);
  return access === 'all' || (access === 'own' && caller.establishmentIds.includes(establishmentId));
}

/**
 * For one object of an establishment: outside what the caller can read answers 404 (its existence stays hidden);
 * readable but not allowed to do `action` answers 403.
 */
export function assertEstablishmentAccess(
  caller: Caller,
  area: Area,
  action: Action,
  establishmentId: string,
  notFoundDetail: string,
): void {
  if (!canTouchEstablishment(caller, area, 'read', establishmentId)) throw notFound(notFoundDetail);
  if (!canTouchEstablishment(caller, area, action, establishmentId)) throw forbidden();
}
