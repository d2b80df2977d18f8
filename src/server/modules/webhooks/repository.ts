import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The endpoints of an establishment that want `event`. */
export async function endpointsWanting(executor: Executor, establishmentId: string, event: string): Promise<{ id: string }[]> {
  return executor
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.establishmentId, establishmentId), sql`${event} = any(${webhookEndpoints.events})`));
}

export interface NewDelivery {
  endpointId: string;
  eventId: string;
  event: string;
  recordKey: string;
  body: object;
}

export async function insertDeliveries(executor: Executor, rows: NewDelivery[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return executor.insert(webhookDeliveries).values(rows).returning();
}

export type LineHead =
  | { kind: 'empty' }
  /** Someone else is sending it, it is not due yet, or its endpoint is paused: this job has nothing to do now. */
  | { kind: 'wait' }
  | { kind: 'claimed'; delivery: DeliveryRow; endpoint: EndpointRow };

/**
 * Takes the first undelivered delivery of a line (an endpoint and a record) for one attempt, when it is due and
 * nobody holds it (a hold older than `staleBefore` belongs to a process that died mid-send). One worker gets it.
 */
export async function claimHead(db: Db, endpointId: string, recordKey: string, staleBefore: Date): Promise<LineHead> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) return { kind: 'empty' } as const;
    const [head] = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.recordKey, recordKey),
          eq(webhookDeliveries.status, 'pending'),
        ),
      )
      .orderBy(asc(webhookDeliveries.seq))
      .limit(1)
      .for('update');
    if (!head) return { kind: 'empty' } as const;
    const held = head.claimedAt !== null && head.claimedAt > staleBefore;
    if (endpoint.pausedAt || held || head.nextAttemptAt > new Date()) return { kind: 'wait' } as const;
    const [claimed] = await tx
      .update(webhookDeliveries)
      .set({ claimedAt: sql`now()`, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(eq(webhookDeliveries.id, head.id))
      .returning();
    if (!claimed) throw new Error('webhook delivery not claimed');
    return { kind: 'claimed', delivery: claimed, endpoint } as const;
  });
}

export async function markDelivered(db: Db, delivery: DeliveryRow, status: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'delivered', lastStatusCode: status, lastError: null, claimedAt: null, deliveredAt: sql`now()` })
      .where(eq(webhookDeliveries.id, delivery.id));
    await tx.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, delivery.endpointId));
  });
}

export interface FailedAttempt {
  status: number | null;
  error: string;
  /** When to try again; undefined: given up (the delivery is failed for good). */
  nextAttemptAt: Date | undefined;
}

/** Records a failed attempt on the delivery and on its endpoint; answers the endpoint's failures in a row. */
export async function markAttemptFailed(db: Db, delivery: DeliveryRow, attempt: FailedAttempt): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        lastStatusCode: attempt.status,
        lastError: attempt.error,
        claimedAt: null,
        ...(attempt.nextAttemptAt ? { nextAttemptAt: attempt.nextAttemptAt } : { status: 'failed' as const }),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .returning({ failures: webhookEndpoints.consecutiveFailures });
    return endpoint?.failures ?? 0;
  });
}

/** Pauses an endpoint that is not paused yet; answers it (with its creator's address) when this call paused it. */
export async function pauseEndpoint(
  executor: Executor,
  endpointId: string,
  reason: string,
): Promise<(EndpointRow & { ownerEmail: string | null; ownerName: string | null }) | undefined> {
  const [paused] = await executor
    .update(webhookEndpoints)
    .set({ pausedAt: sql`now()`, pausedReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.pausedAt)))
    .returning();
  if (!paused) return undefined;
  const [owner] = paused.createdBy
    ? await executor
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.id, paused.createdBy), isNull(users.deactivatedAt)))
    : [];
  return { ...paused, ownerEmail: owner?.email ?? null, ownerName: owner?.name ?? null };
}

/**
 * Lines (endpoint, record) whose first undelivered delivery is due and free, on endpoints not paused, the longest
 * waiting first. Only a line's first delivery counts: the ones behind it wait for it, whatever their own time.
 */
export async function dueLines(db: Db, staleBefore: Date, limit: number): Promise<{ endpointId: string; recordKey: string }[]> {
  const d = webhookDeliveries;
  const heads = db
    .selectDistinctOn([d.endpointId, d.recordKey], {
      endpointId: d.endpointId,
      recordKey: d.recordKey,
      nextAttemptAt: d.nextAttemptAt,
      claimedAt: d.claimedAt,
    })
    .from(d)
    .where(eq(d.status, 'pending'))
    .orderBy(d.endpointId, d.recordKey, d.seq)
    .as('heads');
  return db
    .select({ endpointId: heads.endpointId, recordKey: heads.recordKey })
    .from(heads)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, heads.endpointId))
    .where(
      and(
        isNull(webhookEndpoints.pausedAt),
        lte(heads.nextAttemptAt, sql`now()`),
        or(isNull(heads.claimedAt), lt(heads.claimedAt, staleBefore)),
      ),
    )
    .orderBy(heads.nextAttemptAt)
    .limit(limit);
}

/** The lines of an endpoint that still have something to deliver (to queue when it is resumed). */
export async function pendingLines(executor: Executor, endpointId: string): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ recordKey: webhookDeliveries.recordKey })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  return rows.map((row) => row.recordKey);
}

export async function recentDeliveries(executor: Executor, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return executor
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit);
}

/** Deliveries done with (delivered or given up) whose event is older than `before`: the screen lists recent ones. */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lt(webhookDeliveries.createdAt, before)))
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
