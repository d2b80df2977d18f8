import { and, asc, eq, exists, getTableColumns, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { recordQueries } from '../../db/records.js';
import {
  establishments,
  invitations,
  passwordResetTokens,
  sessions,
  twoStepPolicy,
  userEstablishments,
  users,
  userTotp,
} from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export interface UserWithLinks extends UserRow {
  establishmentIds: string[];
}

export async function findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

const establishmentIdsOfUser = sql<string[]>`array(
  select ${userEstablishments.establishmentId}::text from ${userEstablishments} where ${userEstablishments.userId} = ${users.id})`;

/** The user and its establishments in one round trip: every authenticated request reads it (auth/service.ts). */
export async function findById(db: Executor, id: string): Promise<UserWithLinks | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(users),
      establishmentIds: establishmentIdsOfUser,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * The user behind a live session, with its establishments, in one round trip: every authenticated request reads it
 * (auth/service.ts), so a session deleted a moment ago already answers nothing.
 */
export interface UserOfSession extends UserWithLinks {
  sessionStage: (typeof sessions.$inferSelect)['stage'];
  sessionLastUsedAt: Date;
  /** The person has a confirmed authenticator app (two-step sign-in on). */
  totpEnabled: boolean;
  /** The person's role must use two-step sign-in (two_step_policy). */
  twoStepRequired: boolean;
}

export async function findBySession(db: Executor, userId: string, sessionId: string, now = new Date()): Promise<UserOfSession | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(users),
      establishmentIds: establishmentIdsOfUser,
      sessionStage: sessions.stage,
      sessionLastUsedAt: sessions.lastUsedAt,
      totpEnabled: sql<boolean>`exists(select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.enabledAt} is not null)`,
      twoStepRequired: sql<boolean>`exists(select 1 from ${twoStepPolicy} where ${users.role} = any(${twoStepPolicy.requiredRoles}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now), isNull(users.deactivatedAt)))
    .limit(1);
  return row;
}

export async function listAll(db: Executor): Promise<UserWithLinks[]> {
  const rows = await db.select().from(users).orderBy(asc(users.email));
  const links = await db.select().from(userEstablishments);
  const byUser = new Map<string, string[]>();
  for (const link of links) byUser.set(link.userId, [...(byUser.get(link.userId) ?? []), link.establishmentId]);
  return rows.map((row) => ({ ...row, establishmentIds: byUser.get(row.id) ?? [] }));
}

/** Managers and sommeliers linked to at least one of these establishments, with only those links. */
export async function listStaffOf(db: Executor, establishmentIds: readonly string[]): Promise<UserWithLinks[]> {
  if (establishmentIds.length === 0) return [];
  const inScope = and(eq(userEstablishments.userId, users.id), inArray(userEstablishments.establishmentId, [...establishmentIds]));
  const rows = await db
    .select({
      ...getTableColumns(users),
      establishmentIds: sql<string[]>`array(
        select ${userEstablishments.establishmentId}::text from ${userEstablishments} where ${inScope})`,
    })
    .from(users)
    .where(
      and(
        inArray(users.role, ['restaurant_manager', 'sommelier']),
        exists(db.select({ one: sql`1` }).from(userEstablishments).where(inScope)),
      ),
    )
    .orderBy(asc(users.email));
  return rows;
}

/**
 * Deactivating also ends every session of the user (its tokens stay refused if the account comes back), uses up every
 * reset link still outstanding (a link from before must not work again after a reactivation), and withdraws the
 * invitations nobody accepted yet that it sent or that were addressed to its e-mail, in one transaction.
 */
export async function setDeactivated(db: Executor, id: string, deactivated: boolean): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set(deactivated ? { deactivatedAt: now, updatedAt: now } : { deactivatedAt: null, updatedAt: now })
      .where(eq(users.id, id));
    if (!deactivated) return;
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, id), isNull(passwordResetTokens.usedAt)));
    const addressedToUser = sql`${invitations.email} = (select ${users.email} from ${users} where ${users.id} = ${id})`;
    await tx.delete(invitations).where(and(or(eq(invitations.invitedBy, id), addressedToUser), isNull(invitations.acceptedAt)));
  });
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function existingEstablishmentIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(inArray(establishments.id, [...ids]));
  return rows.map((r) => r.id);
}

export const { insert: insertUser, update: updateUser } = recordQueries(users);

export async function setPasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function replaceEstablishmentLinks(db: Executor, userId: string, establishmentIds: readonly string[]): Promise<void> {
  await db.delete(userEstablishments).where(eq(userEstablishments.userId, userId));
  if (establishmentIds.length > 0) {
    await db.insert(userEstablishments).values(establishmentIds.map((establishmentId) => ({ userId, establishmentId })));
  }
}

export async function deleteUser(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
