import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TEXTS, type WebhookEvent } from '../../../shared/webhooks.js';
import type { Db, Executor } from '../../db/client.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { Mailer } from '../mail/index.js';
import { type AddressPolicy, addressRefusal, checkWebhookAddress } from './address-guard.js';
import { type PostOutcome, postWebhook } from './post-webhook.js';
import * as repo from './repository.js';
import { webhookSignature } from './signature.js';

const WEBHOOK_DELIVERY_QUEUE = 'webhook.deliver';
const WEBHOOK_SWEEP_QUEUE = 'webhook.sweep';
/** An attempt claimed this long ago and never finished belongs to a process that died mid-send. */
const STALE_ATTEMPT_MS = 5 * 60 * 1000;
const SWEEP_BATCH = 500;
/** Deliveries done with are kept this long after their event, for "Entregas" and "Reenviar". */
export const DELIVERIES_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export interface WebhookRetryPolicy {
  /** Seconds before the first retry; doubled at each attempt up to `maxDelaySeconds`. */
  delaySeconds: number;
  maxDelaySeconds: number;
  /** A delivery still failing this long after its event is given up, and its endpoint paused. */
  giveUpAfterMs: number;
  /** Failed attempts in a row on one endpoint, whatever the deliveries, that pause it. */
  pauseAfterFailures: number;
}

/** 30 s, 1 min, 2 min … capped at an hour, for 24 hours; paused after 20 failures in a row (about half a day). */
export const DEFAULT_WEBHOOK_RETRY: WebhookRetryPolicy = {
  delaySeconds: 30,
  maxDelaySeconds: 60 * 60,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
  pauseAfterFailures: 20,
};

export interface WebhookDeliveryDeps {
  db: Db;
  jobs: JobRunner;
  mailer: Mailer;
  log: FastifyBaseLogger;
  retry: WebhookRetryPolicy;
  addresses: AddressPolicy;
}

/** An endpoint and one record of it: its deliveries go one after the other, in the order of their events. */
export interface Line {
  endpointId: string;
  recordKey: string;
}

/**
 * A job for the line, now or at `startAfter`. Jobs of one line may overlap: each takes only the line's first delivery,
 * under a claim (repository.claimHead), so a job that finds it held or not yet due has nothing to do.
 */
export function queueLine(executor: Executor | undefined, jobs: JobRunner, line: Line, startAfter?: Date): Promise<unknown> {
  if (!jobs.started) return Promise.resolve(undefined);
  const data = { endpointId: line.endpointId, recordKey: line.recordKey };
  const options = startAfter ? { startAfter } : {};
  return executor ? jobs.sendWithin(executor, WEBHOOK_DELIVERY_QUEUE, data, options) : jobs.send(WEBHOOK_DELIVERY_QUEUE, data, options);
}

export interface WebhookEventInput {
  establishmentId: string;
  event: WebhookEvent;
  /** What it is about, e.g. `order:<id>`: events of one record reach each endpoint in order. */
  recordKey: string;
  data: object;
}

/** How the modules that make events (orders, cellar, menus) hand them over. */
export interface WebhookOutbox {
  /**
   * Writes the event for every endpoint of the establishment that wants it, in `tx`: nothing is sent if that
   * transaction rolls back, and it is sent at least once if it commits (a job now, or the sweep after a restart).
   * Call it holding the record's row lock (the order, the cellar item, the menu): events of one record are delivered
   * in the order they were written, which is then the order their transactions commit in.
   */
  record(tx: Executor, event: WebhookEventInput): Promise<void>;
}

export function createWebhookOutbox(jobs: JobRunner): WebhookOutbox {
  return {
    async record(tx, { establishmentId, event, recordKey, data }) {
      const endpoints = await repo.endpointsWanting(tx, establishmentId, event);
      if (endpoints.length === 0) return;
      const eventId = randomUUID();
      const body = { id: eventId, type: event, created_at: new Date().toISOString(), establishment_id: establishmentId, data };
      await repo.insertDeliveries(
        tx,
        endpoints.map(({ id }) => ({ endpointId: id, eventId, event, recordKey, body })),
      );
      for (const { id } of endpoints) await queueLine(tx, jobs, { endpointId: id, recordKey });
    },
  };
}

export function registerWebhookDelivery(deps: WebhookDeliveryDeps): void {
  deps.jobs.register<Line>({
    name: WEBHOOK_DELIVERY_QUEUE,
    queue: { expireInSeconds: 5 * 60 },
    handle: (line) => deliverLine(deps, line),
  });
  deps.jobs.register<Record<string, never>>({
    name: WEBHOOK_SWEEP_QUEUE,
    schedule: { cron: '* * * * *', data: {} },
    queue: { policy: 'stately' },
    handle: () => sweep(deps),
  });
}

/** Queues the sweep now: deliveries due while no process ran go out without waiting for the next minute. */
export function requestWebhookSweep(jobs: JobRunner): Promise<string | null> {
  return jobs.send(WEBHOOK_SWEEP_QUEUE, {});
}

const staleBefore = () => new Date(Date.now() - STALE_ATTEMPT_MS);

/** Sends the line's deliveries in order until one fails (it is retried later, and holds the others back) or none is left. */
async function deliverLine(deps: WebhookDeliveryDeps, line: Line): Promise<void> {
  for (;;) {
    const head = await repo.claimHead(deps.db, line.endpointId, line.recordKey, staleBefore());
    if (head.kind !== 'claimed') return;
    const outcome = await attempt(deps, head.endpoint, head.delivery);
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
      await repo.markDelivered(deps.db, head.delivery, outcome.status);
      continue;
    }
    await failed(deps, head.delivery, outcome, line);
    return;
  }
}

async function attempt(deps: WebhookDeliveryDeps, endpoint: repo.EndpointRow, delivery: repo.DeliveryRow): Promise<PostOutcome> {
  // Checked again at every delivery: the name may resolve elsewhere by now (DNS rebinding).
  const checked = await checkWebhookAddress(endpoint.url, deps.addresses);
  if (!checked.ok) return { error: addressRefusal(checked.reason) };
  const body = JSON.stringify(delivery.body);
  return postWebhook(checked.url, checked.addresses, body, {
    'user-agent': 'Adega-Webhooks/1.0',
    'x-adega-event': delivery.event,
    'x-adega-event-id': delivery.eventId,
    [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: webhookSignature(endpoint.secret, body),
  });
}

async function failed(deps: WebhookDeliveryDeps, delivery: repo.DeliveryRow, outcome: PostOutcome, line: Line): Promise<void> {
  const { retry } = deps;
  const givingUp = Date.now() - delivery.createdAt.getTime() >= retry.giveUpAfterMs;
  const delaySeconds = Math.min(retry.delaySeconds * 2 ** Math.max(0, delivery.attempts - 1), retry.maxDelaySeconds);
  const nextAttemptAt = givingUp ? undefined : new Date(Date.now() + delaySeconds * 1000);
  const status = 'status' in outcome ? outcome.status : null;
  const error = 'status' in outcome ? `HTTP ${outcome.status}` : outcome.error;
  const failures = await repo.markAttemptFailed(deps.db, delivery, { status, error, nextAttemptAt });
  deps.log.warn(
    { webhookDeliveryId: delivery.id, event: delivery.event, error, attempts: delivery.attempts, givingUp },
    'webhook not delivered',
  );
  if (givingUp) return pause(deps, delivery.endpointId, WEBHOOK_TEXTS.pausedAfterGivingUp);
  if (failures >= retry.pauseAfterFailures) return pause(deps, delivery.endpointId, WEBHOOK_TEXTS.pausedAfterFailures(failures));
  await queueLine(undefined, deps.jobs, line, nextAttemptAt);
}

/** Pauses the endpoint and e-mails whoever registered it (once: a second pause of a paused endpoint does nothing). */
async function pause(deps: WebhookDeliveryDeps, endpointId: string, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const paused = await repo.pauseEndpoint(tx, endpointId, reason);
    if (!paused) return;
    deps.log.warn({ webhookId: endpointId, reason }, 'webhook paused');
    if (!paused.ownerEmail) return;
    const message = deps.mailer.compose(
      {
        subject: 'Um webhook do Adega foi pausado',
        greeting: paused.ownerName ? `Olá, ${paused.ownerName}.` : 'Olá.',
        paragraphs: [
          `O webhook ${paused.url} não recebeu os eventos do Adega e foi pausado. ${reason}`,
          'Enquanto estiver pausado, os eventos ficam guardados e nada é enviado. Confira o endereço e o sistema que recebe os eventos, depois retome o webhook em Integrações.',
        ],
        action: { label: 'Abrir Integrações', path: `/integracoes?establishment_id=${paused.establishmentId}` },
      },
      deps.mailer.fallbackLinkBase,
    );
    await deps.mailer.queue(tx, { to: paused.ownerEmail, kind: 'webhook_paused', ...message });
  });
}

async function sweep(deps: WebhookDeliveryDeps): Promise<void> {
  for (const line of await repo.dueLines(deps.db, staleBefore(), SWEEP_BATCH)) await queueLine(undefined, deps.jobs, line);
  const pruned = await repo.pruneDeliveries(deps.db, new Date(Date.now() - DELIVERIES_KEPT_MS));
  if (pruned > 0) deps.log.info({ pruned }, 'webhook deliveries older than 30 days removed');
}
