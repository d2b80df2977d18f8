import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActionOf } from '../../../shared/access-policy.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import {
  WEBHOOK_TEXTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  type webhookEndpointInputSchema,
} from '../../../shared/webhooks.js';
import { badRequest, conflict, notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { establishments, users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { shownUserName as creatorName } from '../../db/user-name.js';
import type { JobRunner } from '../../jobs/runner.js';
import { recordAuditEvent } from '../audit/index.js';
import { type AddressPolicy, addressRefusal, checkWebhookAddress } from './address-guard.js';
import { queueLine } from './delivery.js';
import * as repo from './repository.js';
import { newWebhookSecret } from './signature.js';

type Input = z.output<typeof webhookEndpointInputSchema>;
/** The deliveries the screen lists per endpoint, newest first. */
const RECENT_DELIVERIES = 50;

const toDto = (row: repo.EndpointRow & { creatorName: string | null }): WebhookEndpoint => ({
  id: row.id,
  establishment_id: row.establishmentId,
  url: row.url,
  events: row.events as WebhookEvent[],
  created_by: row.creatorName,
  created_at: row.createdAt.toISOString(),
  paused_at: row.pausedAt?.toISOString() ?? null,
  paused_reason: row.pausedReason,
  consecutive_failures: row.consecutiveFailures,
});

const deliveryDto = (row: repo.DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpoint_id: row.endpointId,
  event_id: row.eventId,
  event: row.event as WebhookEvent,
  status: row.status,
  attempts: row.attempts,
  last_status_code: row.lastStatusCode,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  delivered_at: row.deliveredAt?.toISOString() ?? null,
});

export interface WebhookServiceDeps {
  db: Db;
  jobs: JobRunner;
  addresses: AddressPolicy;
}

export function createWebhookService({ db, jobs, addresses }: WebhookServiceDeps) {
  /** The caller may take `action` on this establishment's webhooks, and it exists (the admin reaches any id). */
  const assertWebhooksOf = async (caller: Caller, action: ActionOf<'webhooks'>, establishmentId: string) => {
    assertEstablishmentAccess(caller, 'webhooks', action, establishmentId, ESTABLISHMENT_NOT_FOUND);
    const [found] = await db.select({ id: establishments.id }).from(establishments).where(eq(establishments.id, establishmentId));
    if (!found) throw notFound(ESTABLISHMENT_NOT_FOUND);
  };

  const readEndpoint = async (executor: Executor, establishmentId: string, id: string) => {
    const [row] = await executor
      .select({ endpoint: webhookEndpoints, creatorName })
      .from(webhookEndpoints)
      .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.establishmentId, establishmentId)));
    if (!row) throw notFound(WEBHOOK_TEXTS.notFound);
    return toDto({ ...row.endpoint, creatorName: row.creatorName });
  };

  /** A 400 on the url field unless the address may be reached now. */
  const assertReachable = async (url: string) => {
    const checked = await checkWebhookAddress(url, addresses);
    if (!checked.ok) {
      const detail = addressRefusal(checked.reason);
      throw badRequest(detail, { url: detail });
    }
  };

  const audit = (
    tx: Executor,
    caller: Caller,
    establishmentId: string,
    id: string,
    action: 'create' | 'update' | 'delete' | 'reactivate',
    changes = [] as { field: string; old?: string | null; new?: string | null }[],
  ) => recordAuditEvent(tx, { actor: caller, establishmentId, recordKind: 'webhook', recordId: id, action, changes });

  return {
    async list(caller: Caller, establishmentId: string): Promise<WebhookEndpoint[]> {
      await assertWebhooksOf(caller, 'read', establishmentId);
      const rows = await db
        .select({ endpoint: webhookEndpoints, creatorName })
        .from(webhookEndpoints)
        .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
        .where(eq(webhookEndpoints.establishmentId, establishmentId))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
      return rows.map((row) => toDto({ ...row.endpoint, creatorName: row.creatorName }));
    },

    async create(caller: Caller, establishmentId: string, input: Input): Promise<WebhookEndpointWithSecret> {
      await assertWebhooksOf(caller, 'manage', establishmentId);
      await assertReachable(input.url);
      const secret = newWebhookSecret();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ establishmentId, url: input.url, events: input.events, secret, createdBy: caller.id })
          .returning();
        if (!row) throw new Error('webhook endpoint not inserted');
        await audit(tx, caller, establishmentId, row.id, 'create', [
          { field: 'endpointUrl', new: row.url },
          { field: 'events', new: row.events.join(', ') },
        ]);
        return { ...(await readEndpoint(tx, establishmentId, row.id)), secret };
      });
    },

    async update(caller: Caller, establishmentId: string, id: string, input: Input): Promise<WebhookEndpoint> {
      await assertWebhooksOf(caller, 'manage', establishmentId);
      await assertReachable(input.url);
      return db.transaction(async (tx) => {
        const before = await readEndpoint(tx, establishmentId, id);
        await tx.update(webhookEndpoints).set({ url: input.url, events: input.events }).where(eq(webhookEndpoints.id, id));
        const changes = [
          ...(before.url !== input.url ? [{ field: 'endpointUrl', old: before.url, new: input.url }] : []),
          ...(before.events.join(', ') !== input.events.join(', ')
            ? [{ field: 'events', old: before.events.join(', '), new: input.events.join(', ') }]
            : []),
        ];
        await audit(tx, caller, establishmentId, id, 'update', changes);
        return readEndpoint(tx, establishmentId, id);
      });
    },

    async remove(caller: Caller, establishmentId: string, id: string): Promise<void> {
      await assertWebhooksOf(caller, 'manage', establishmentId);
      await db.transaction(async (tx) => {
        const before = await readEndpoint(tx, establishmentId, id);
        await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
        await audit(tx, caller, establishmentId, id, 'delete', [{ field: 'endpointUrl', old: before.url }]);
      });
    },

    /** A new secret, shown once: the old one stops signing at once. */
    async rotateSecret(caller: Caller, establishmentId: string, id: string): Promise<WebhookEndpointWithSecret> {
      await assertWebhooksOf(caller, 'manage', establishmentId);
      const secret = newWebhookSecret();
      return db.transaction(async (tx) => {
        await readEndpoint(tx, establishmentId, id);
        await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, id));
        await audit(tx, caller, establishmentId, id, 'update', [{ field: 'secret', new: 'novo segredo gerado' }]);
        return { ...(await readEndpoint(tx, establishmentId, id)), secret };
      });
    },

    /** Sends again what waited while it was paused, in order, starting now. */
    async resume(caller: Caller, establishmentId: string, id: string): Promise<WebhookEndpoint> {
      await assertWebhooksOf(caller, 'manage', establishmentId);
      return db.transaction(async (tx) => {
        const before = await readEndpoint(tx, establishmentId, id);
        if (!before.paused_at) throw conflict(WEBHOOK_TEXTS.notPaused);
        await tx
          .update(webhookEndpoints)
          .set({ pausedAt: null, pausedReason: null, consecutiveFailures: 0 })
          .where(eq(webhookEndpoints.id, id));
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: sql`now()` })
          .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
        for (const recordKey of await repo.pendingLines(tx, id)) await queueLine(tx, jobs, { endpointId: id, recordKey });
        await audit(tx, caller, establishmentId, id, 'reactivate', [{ field: 'pausedAt', old: before.paused_at, new: null }]);
        return readEndpoint(tx, establishmentId, id);
      });
    },

    async deliveries(caller: Caller, establishmentId: string, id: string): Promise<WebhookDelivery[]> {
      await assertWebhooksOf(caller, 'read', establishmentId);
      await readEndpoint(db, establishmentId, id);
      return (await repo.recentDeliveries(db, id, RECENT_DELIVERIES)).map(deliveryDto);
    },

    /**
     * "Reenviar": the same event (same id and body, so a receiver that has it already can tell) delivered again, after
     * whatever its record still has waiting.
     */
    async resend(caller: Caller, establishmentId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      await assertWebhooksOf(caller, 'manage', establishmentId);
      return db.transaction(async (tx) => {
        await readEndpoint(tx, establishmentId, id);
        const [original] = await tx
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
        if (!original) throw notFound(WEBHOOK_TEXTS.deliveryNotFound);
        const [copy] = await repo.insertDeliveries(tx, [
          {
            endpointId: id,
            eventId: original.eventId,
            event: original.event,
            recordKey: original.recordKey,
            body: original.body as object,
          },
        ]);
        if (!copy) throw new Error('webhook delivery not copied');
        await queueLine(tx, jobs, { endpointId: id, recordKey: original.recordKey });
        await recordAuditEvent(tx, {
          actor: caller,
          establishmentId,
          recordKind: 'webhook',
          recordId: id,
          action: 'resend',
          changes: [{ field: 'events', new: original.event }],
        });
        return deliveryDto(copy);
      });
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
