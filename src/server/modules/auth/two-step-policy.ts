import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '../../../shared/roles.js';
import type { Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { twoStepPolicy } from '../../db/schema/index.js';
import { recordAuditEvent } from '../audit/index.js';

const POLICY_ID = 1;
const inRoleOrder = (roles: readonly string[]) => ROLES.filter((r) => roles.includes(r));

/** At start-up: the rule is TWO_STEP_REQUIRED_ROLES until an admin first changes it on /conta. */
export async function ensureTwoStepPolicy(db: Db, defaultRoles: readonly Role[]): Promise<void> {
  await db
    .insert(twoStepPolicy)
    .values({ id: POLICY_ID, requiredRoles: [...defaultRoles] })
    .onConflictDoNothing();
}

/** The roles that must use two-step sign-in now. */
export async function requiredRoles(executor: Executor): Promise<Role[]> {
  const [row] = await executor.select({ roles: twoStepPolicy.requiredRoles }).from(twoStepPolicy).where(eq(twoStepPolicy.id, POLICY_ID));
  return inRoleOrder(row?.roles ?? []);
}

/** An admin's choice; it applies to the next request of every session (loadCaller reads it with the session). */
export async function setRequiredRoles(db: Db, caller: Caller, roles: readonly Role[]): Promise<Role[]> {
  const next = inRoleOrder(roles);
  return db.transaction(async (tx) => {
    const before = await requiredRoles(tx);
    await tx
      .insert(twoStepPolicy)
      .values({ id: POLICY_ID, requiredRoles: next })
      .onConflictDoUpdate({ target: twoStepPolicy.id, set: { requiredRoles: next, updatedAt: new Date() } });
    await recordAuditEvent(tx, {
      actor: caller,
      recordKind: 'two_step_policy',
      recordId: String(POLICY_ID),
      action: 'update',
      changes: [{ field: 'required_roles', old: before, new: next }],
    });
    return next;
  });
}
