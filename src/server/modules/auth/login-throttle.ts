import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/**
 * Claims one password check for this e-mail from this address, or answers false when the window already holds
 * MAX_FAILURES. The claim is written as a failure BEFORE the password is checked (and cleared on success), and
 * count-then-write runs under a transaction-scoped advisory lock on the pair, so attempts arriving together
 * cannot all read the same count. Throttles one e-mail from one address, so an attacker elsewhere cannot lock
 * the real user out.
 */
export async function claimAttempt(db: Db, email: string, ip: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-throttle\n${email}\n${ip}`}, 0))`);
    const [row] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip), gt(loginFailures.failedAt, since)));
    if ((row?.n ?? 0) >= MAX_FAILURES) return false;
    await tx.insert(loginFailures).values({ email, ip });
    return true;
  });
}

/** Old rows are useless; trimming after a failure keeps the table small without a scheduler. */
export async function trimExpiredFailures(db: Executor, now = new Date()): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - WINDOW_MS)));
}

export async function clearFailures(db: Executor, email: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}

/** A password reset proves the person holds the mailbox: the failures counted against the e-mail go, from every address. */
export async function clearFailuresOfEmail(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
