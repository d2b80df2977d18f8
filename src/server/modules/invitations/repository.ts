import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/roles.js';
import type { Executor } from '../../db/client.js';
import { establishments, invitations, users } from '../../db/schema/index.js';

export type InvitationRow = typeof invitations.$inferSelect;
export interface InvitationWithInviter extends InvitationRow {
  inviterEmail: string | null;
  inviterName: string | null;
}

const MAX_LISTED = 500;

const withInviter = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  establishmentIds: invitations.establishmentIds,
  supplierId: invitations.supplierId,
  tokenHash: invitations.tokenHash,
  expiresAt: invitations.expiresAt,
  invitedBy: invitations.invitedBy,
  acceptedAt: invitations.acceptedAt,
  acceptedUserId: invitations.acceptedUserId,
  createdAt: invitations.createdAt,
  updatedAt: invitations.updatedAt,
  inviterEmail: users.email,
  inviterName: users.name,
};

/** Pending invitations, newest first; `establishmentIds` limits them to those touching these establishments. */
export async function listPending(
  db: Executor,
  filter: { establishmentIds?: readonly string[]; roles?: readonly Role[] } = {},
): Promise<InvitationWithInviter[]> {
  const conditions = [isNull(invitations.acceptedAt)];
  if (filter.establishmentIds) {
    conditions.push(sql`${invitations.establishmentIds} && ${sql.param([...filter.establishmentIds])}::uuid[]`);
  }
  if (filter.roles) conditions.push(inArray(invitations.role, [...filter.roles]));
  return db
    .select(withInviter)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(...conditions))
    .orderBy(desc(invitations.createdAt), asc(invitations.email))
    .limit(MAX_LISTED);
}

export async function findPending(db: Executor, id: string): Promise<InvitationWithInviter | undefined> {
  const [row] = await db
    .select(withInviter)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .limit(1);
  return row;
}

/** The pending, unexpired invitation of a token hash, locked until the transaction ends (accepting it). */
export async function findUsableByTokenHash(db: Executor, tokenHash: string, lock: boolean): Promise<InvitationRow | undefined> {
  const query = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), sql`${invitations.expiresAt} > now()`))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertInvitation(
  db: Executor,
  values: {
    email: string;
    role: Role;
    establishmentIds: string[];
    supplierId: string | null;
    tokenHash: string;
    expiresAt: Date;
    invitedBy: string | null;
  },
): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** An expired pending invitation of this e-mail gives way to a new one. */
export async function deleteExpiredPending(db: Executor, email: string): Promise<void> {
  await db
    .delete(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), lte(invitations.expiresAt, sql`now()`)));
}

/** The e-mail's pending invitation that can still be accepted, if any (locked: the caller is about to change it). */
export async function findLivePendingByEmail(db: Executor, email: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)))
    .for('update')
    .limit(1);
  return row;
}

/** One more establishment on a pending invitation, with a new token (the old link stops working). */
export async function widenPending(db: Executor, id: string, establishmentIds: string[], tokenHash: string, expiresAt: Date) {
  const [row] = await db
    .update(invitations)
    .set({ establishmentIds, tokenHash, expiresAt, updatedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning();
  return row;
}

export async function replaceToken(db: Executor, id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ tokenHash, expiresAt, updatedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function markAccepted(db: Executor, id: string, userId: string): Promise<void> {
  await db.update(invitations).set({ acceptedAt: new Date(), acceptedUserId: userId, updatedAt: new Date() }).where(eq(invitations.id, id));
}

export async function deletePending(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function establishmentNames(db: Executor, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: establishments.id, name: establishments.name })
    .from(establishments)
    .where(inArray(establishments.id, [...ids]))
    .orderBy(asc(establishments.name));
}

export async function emailHasAccount(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
}
