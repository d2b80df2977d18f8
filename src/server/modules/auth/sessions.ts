import { and, eq, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { TOKEN_LIFETIME_MS, type TokenSigner } from './tokens.js';

/**
 * The one way a session begins (login, an accepted invitation): a session row and the token that names it.
 * Pass the transaction that created the user when there is one, so both commit together.
 */
export async function startSession(db: Executor, tokens: TokenSigner, userId: string, now = new Date()): Promise<string> {
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  if (!row) throw new Error('insert returned no row');
  return tokens.sign({ userId, sessionId: row.id, expiresAt });
}

export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of the user ends, except `keep` (the one that changed the password). */
export async function endSessionsOf(db: Executor, userId: string, keep?: string): Promise<void> {
  await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

/** Expired rows are useless; trimming at each login keeps the table small without a scheduler. */
export async function trimExpiredSessions(db: Executor, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
