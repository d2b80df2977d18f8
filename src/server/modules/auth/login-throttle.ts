import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/** Throttles one e-mail from one address, so an attacker elsewhere cannot lock the real user out. */
export async function isThrottled(db: Executor, email: string, ip: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip), gt(loginFailures.failedAt, since)));
  return (row?.n ?? 0) >= MAX_FAILURES;
}

export async function recordFailure(db: Executor, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
  // Old rows are useless; trimming here keeps the table small without a scheduler.
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(Date.now() - WINDOW_MS)));
}

export async function clearFailures(db: Executor, email: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}
