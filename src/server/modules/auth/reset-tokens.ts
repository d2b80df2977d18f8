import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export async function insertResetToken(db: Executor, userId: string, tokenHash: string, now = new Date()): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS) });
}

/** The unused, unexpired link with this hash and whose it is, or undefined. */
export async function findLiveResetToken(db: Executor, tokenHash: string, now = new Date()) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: users.id, email: users.email, role: users.role })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        // A link sent before the account was deactivated does not bring it back.
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the link used if it still is live: false when another request used it first (single use under races). */
export async function claimResetToken(db: Executor, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/** Once the password changed, every other link sent for the old one stops working too. */
export async function retireResetTokensOf(db: Executor, userId: string, now = new Date()): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Expired links are useless; trimmed whenever a new one is made. */
export async function trimExpiredResetTokens(db: Executor, now = new Date()): Promise<void> {
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
}
