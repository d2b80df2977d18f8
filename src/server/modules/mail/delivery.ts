import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobRunner } from '../../jobs/runner.js';
import { claimMail, mailWithoutJob, markFailed, markJobQueued, markSent, releaseForRetry, requeueStale } from './repository.js';
import { isPermanentFailure, type MailTransport, smtpAnswer } from './transport.js';

export const MAIL_DELIVERY_QUEUE = 'mail.deliver';
const MAIL_SWEEP_QUEUE = 'mail.sweep';
/** After this many attempts a message is given up and shown to the admin as failed. */
export const MAIL_MAX_ATTEMPTS = 10;
/** An attempt claimed this long ago and never finished belongs to a process that died mid-send. */
const STALE_ATTEMPT_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 100;

export interface MailRetryPolicy {
  /** Seconds before the first retry; doubled at each attempt up to `maxDelaySeconds`. */
  delaySeconds: number;
  maxDelaySeconds: number;
}

/** About ten attempts over a day: 30 s, 1 min, 2 min … capped at 4 h. */
export const DEFAULT_MAIL_RETRY: MailRetryPolicy = { delaySeconds: 30, maxDelaySeconds: 4 * 60 * 60 };

export interface MailDeliveryDeps {
  db: Db;
  jobs: JobRunner;
  transport: MailTransport;
  log: FastifyBaseLogger;
  retry: MailRetryPolicy;
}

export function registerMailDelivery(deps: MailDeliveryDeps): void {
  deps.jobs.register<{ id: string }>({
    name: MAIL_DELIVERY_QUEUE,
    queue: {
      retryLimit: MAIL_MAX_ATTEMPTS,
      retryDelay: deps.retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: deps.retry.maxDelaySeconds,
      expireInSeconds: 5 * 60,
    },
    handle: ({ id }) => deliverOne(deps, id),
  });
  deps.jobs.register<Record<string, never>>({
    name: MAIL_SWEEP_QUEUE,
    schedule: { cron: '* * * * *', data: {} },
    queue: { policy: 'stately' },
    handle: () => sweep(deps),
  });
}

/** Queues the sweep now (at start-up), so messages written while no runner was started go out without waiting a minute. */
export function requestMailSweep(jobs: JobRunner): Promise<string | null> {
  return jobs.send(MAIL_SWEEP_QUEUE, {});
}

async function deliverOne(deps: MailDeliveryDeps, id: string): Promise<void> {
  const mail = await claimMail(deps.db, id, new Date(Date.now() - STALE_ATTEMPT_MS));
  // Already sent or given up, or another worker holds it: this job has nothing to do.
  if (!mail) return;
  try {
    await deps.transport.deliver({ id: mail.id, to: mail.recipient, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
  } catch (err) {
    const answer = smtpAnswer(err);
    if (isPermanentFailure(err) || mail.attempts >= MAIL_MAX_ATTEMPTS) {
      await markFailed(deps.db, id, answer);
      deps.log.error({ mailId: id, kind: mail.kind, answer, attempts: mail.attempts }, 'e-mail not delivered: given up');
      return;
    }
    await releaseForRetry(deps.db, id, answer);
    deps.log.warn({ mailId: id, kind: mail.kind, answer, attempts: mail.attempts }, 'e-mail not delivered: will retry');
    throw new Error(`e-mail ${id} not delivered: ${answer}`);
  }
  await markSent(deps.db, id);
}

async function sweep(deps: MailDeliveryDeps): Promise<void> {
  const requeued = await requeueStale(deps.db, new Date(Date.now() - STALE_ATTEMPT_MS));
  if (requeued > 0) deps.log.warn({ requeued }, 'e-mail attempts that never finished are queued again');
  for (let ids = await mailWithoutJob(deps.db, SWEEP_BATCH); ids.length > 0; ids = await mailWithoutJob(deps.db, SWEEP_BATCH)) {
    for (const id of ids) {
      await deps.db.transaction(async (tx) => {
        await deps.jobs.sendWithin(tx, MAIL_DELIVERY_QUEUE, { id });
        await markJobQueued(tx, id);
      });
    }
  }
}
