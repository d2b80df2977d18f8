import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import { deviceOf, type OpenSession } from '../../../shared/two-step.js';
import type { SessionStage } from '../../../shared/two-step-rules.js';
import { notFound } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { recordAuditEvent } from '../audit/index.js';
import { TOKEN_LIFETIME_MS, type TokenSigner } from './tokens.js';

/** Where a session began, shown on /conta, and what it may do at first ('full' unless the two-step code is owed). */
export interface SessionMeta {
  stage?: SessionStage;
  userAgent?: string;
  ip?: string;
}

/** The User-Agent is the client's to choose: kept short. */
const USER_AGENT_MAX = 400;

/**
 * The one way a session begins (login, an accepted invitation): a session row and the token that names it.
 * Pass the transaction that created the user when there is one, so both commit together.
 */
export async function startSession(db: Executor, tokens: TokenSigner, userId: string, meta: SessionMeta = {}): Promise<string> {
  return (await startSessionRow(db, tokens, userId, meta)).token;
}

export async function startSessionRow(
  db: Executor,
  tokens: TokenSigner,
  userId: string,
  meta: SessionMeta = {},
): Promise<{ token: string; sessionId: string }> {
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt,
      stage: meta.stage ?? 'full',
      userAgent: (meta.userAgent ?? '').slice(0, USER_AGENT_MAX),
      ip: meta.ip ?? '',
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert returned no row');
  return { token: await tokens.sign({ userId, sessionId: row.id, expiresAt }), sessionId: row.id };
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

/** A session's "last used" moves at most this often: one small write a minute per active session, not one per request. */
export const LAST_USED_EVERY_MS = 60_000;

export async function touchSession(db: Executor, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS))));
}

/** A person has a handful of sessions at most; bounded all the same. */
const OPEN_SESSIONS_MAX = 100;

/** The caller's own open sessions, the most recently used first; the one asking is marked. */
export async function listOpenSessions(db: Executor, caller: Caller): Promise<OpenSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, caller.id), gt(sessions.expiresAt, new Date()), eq(sessions.stage, 'full')))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(OPEN_SESSIONS_MAX);
  return rows.map((s) => ({
    id: s.id,
    device: deviceOf(s.userAgent),
    ip: s.ip,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
    current: s.id === caller.sessionId,
  }));
}

/** Ends one of the caller's own sessions (another person's answers 404 like a missing one). */
export async function endOwnSession(db: Db, caller: Caller, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, caller.id)))
      .returning({ id: sessions.id });
    if (!row) throw notFound('Sessão não encontrada.');
    await recordAuditEvent(tx, {
      actor: caller,
      recordKind: 'session',
      recordId: row.id,
      action: row.id === caller.sessionId ? 'sign_out' : 'session_end',
    });
  });
}

/** Ends every other session of the caller; answers how many ended. */
export async function endOtherSessions(db: Db, caller: Caller): Promise<number> {
  return db.transaction(async (tx) => {
    const keep = caller.sessionId;
    const ended = await tx
      .delete(sessions)
      .where(keep ? and(eq(sessions.userId, caller.id), ne(sessions.id, keep)) : eq(sessions.userId, caller.id))
      .returning({ id: sessions.id });
    for (const row of ended) {
      await recordAuditEvent(tx, { actor: caller, recordKind: 'session', recordId: row.id, action: 'session_end' });
    }
    return ended.length;
  });
}
