import { useCallback } from 'react';
import { type ActionOf, type Area, can, type Permission, type Principal } from '../../shared/access-policy';
import type { SessionUser } from '../../shared/auth';
import { useSession } from './session';

export type CanFn = <A extends Area>(area: A, action: ActionOf<A>) => boolean;

export function principalOf(user: SessionUser): Principal {
  return { role: user.role, establishmentIds: user.establishment_ids, supplierId: user.supplier_id };
}

/** Asks the shared access policy about the session user; nobody may do anything before the session is known. */
export function usePolicy(): CanFn {
  const { user } = useSession();
  return useCallback(<A extends Area>(area: A, action: ActionOf<A>) => (user ? can(principalOf(user), area, action) : false), [user]);
}

/** May the session user take this action (on some rows)? Shows or hides a screen or a button. */
export function useCan<A extends Area>(area: A, action: ActionOf<A>): boolean {
  return usePolicy()(area, action);
}

/** The same question for a permission named as data (routes, navigation items). */
export function allows(canDo: CanFn, permission: Permission): boolean {
  return (canDo as (area: Area, action: string) => boolean)(permission.area, permission.action);
}
