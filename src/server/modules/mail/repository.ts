import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { mailMessages } from '../../db/schema/index.js';

export type MailRow = typeof mailMessages.$inferSelect;

export interface NewMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function insertMail(executor: Executor, mail: NewMail): Promise<string> {
  const [row] = await executor
    .insert(mailMessages)
    .values({ kind: mail.kind, recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
    .returning({ id: mailMessages.id });
  if (!row) throw new Error('mail row not inserted');
  return row.id;
}

export async function markJobQueued(executor: Executor, id: string): Promise<void> {
  await executor.update(mailMessages).set({ jobQueued: true }).where(eq(mailMessages.id, id));
}

/**
 * Takes a message for one delivery attempt. Only one worker gets it: a queued message, or one whose previous
 * attempt was claimed before `staleBefore` and never finished (its process died mid-send).
 */
export async function claimMail(db: Db, id: string, staleBefore: Date): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailMessages)
    .set({ status: 'sending', claimedAt: sql`now()`, attempts: sql`${mailMessages.attempts} + 1` })
    .where(
      and(
        eq(mailMessages.id, id),
        or(eq(mailMessages.status, 'queued'), and(eq(mailMessages.status, 'sending'), lt(mailMessages.claimedAt, staleBefore))),
      ),
    )
    .returning();
  return row;
}

/**
 * Once a message is delivered or given up, its bodies go: they may carry a one-time link (password reset, invitation)
 * whose token the database otherwise keeps only as a hash.
 */
const FORGET_BODIES = { textBody: '', htmlBody: '' } as const;

export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...FORGET_BODIES })
    .where(eq(mailMessages.id, id));
}

/** Back to the queue after a failed attempt that may pass later; the job's retry brings it back. */
export async function releaseForRetry(db: Db, id: string, answer: string): Promise<void> {
  await db.update(mailMessages).set({ status: 'queued', lastError: answer }).where(eq(mailMessages.id, id));
}

export async function markFailed(db: Db, id: string, answer: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: 'failed', lastError: answer, ...FORGET_BODIES })
    .where(eq(mailMessages.id, id));
}

/** Messages written while no job runner was started (or whose job was lost), oldest first. */
export async function mailWithoutJob(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, 'queued'), eq(mailMessages.jobQueued, false)))
    .orderBy(mailMessages.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Attempts that started before `staleBefore` and never finished go back to the queue, to be given a new job. */
export async function requeueStale(db: Db, staleBefore: Date): Promise<number> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'queued', jobQueued: false })
    .where(and(eq(mailMessages.status, 'sending'), lt(mailMessages.claimedAt, staleBefore)))
    .returning({ id: mailMessages.id });
  return rows.length;
}

export async function listFailedMail(db: Db, limit: number): Promise<MailRow[]> {
  return db.select().from(mailMessages).where(eq(mailMessages.status, 'failed')).orderBy(desc(mailMessages.createdAt)).limit(limit);
}

/** The outbox for the metrics: messages waiting or being sent, and messages given up on (one indexed count each). */
export async function outboxCounts(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mailMessages.status, n: count() })
    .from(mailMessages)
    .where(inArray(mailMessages.status, ['queued', 'sending', 'failed']))
    .groupBy(mailMessages.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { pending: of('queued') + of('sending'), failed: of('failed') };
}
