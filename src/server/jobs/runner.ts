import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type ConstructorOptions, fromDrizzle, fromPglite, type Job, PgBoss, type Queue } from 'pg-boss';
import { TIME_ZONE } from '../../shared/time.js';
import type { Database, Executor } from '../db/client.js';
import type { PgliteClient } from '../db/pglite-in-worker.js';
import { currentRequestId, runAsJobOf } from '../http/request-context.js';

/** The database the jobs live in: the app's own embedded PGlite, or the PostgreSQL server it talks to. */
export type JobsConnection = { pglite: PgliteClient } | { connectionString: string };

export function jobsConnection(database: Database): JobsConnection {
  if (database.pglite) return { pglite: database.pglite };
  if (database.connectionString) return { connectionString: database.connectionString };
  throw new Error('the database offers no connection for the job runner');
}

export interface JobDefinition<Data extends object> {
  /** The queue's name (letters, digits, `-`, `_`, `.`, `/`). */
  name: string;
  /** Works one job. Throwing fails it, and pg-boss retries it (see `queue.retryLimit`) before giving up. */
  handle(data: Data): Promise<void>;
  /** A recurring run; pg-boss fires it once per tick however many processes share the database. */
  schedule?: { cron: string; data: Data };
  queue?: Omit<Queue, 'name'>;
}

export interface RunnerStartOptions {
  /** Work the queues in the background and fire schedules (the default). Tests pass false and call drain(). */
  work?: boolean;
}

export interface JobRunner {
  /** Modules register their queues while the app is built, before start. */
  register<Data extends object>(definition: JobDefinition<Data>): void;
  start(options?: RunnerStartOptions): Promise<void>;
  /**
   * Queues a job on a registered queue; it is worked by whichever process gets it first, now or after a restart.
   * Null when the queue's policy refuses it (one already waiting).
   */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Queues a job as part of the caller's transaction: it exists only if that transaction commits. Throws when the
   * runner is not started; `started` tells beforehand.
   */
  sendWithin(executor: Executor, name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Whether start() has finished (jobs can be sent). */
  readonly started: boolean;
  /**
   * Works, in this call, every job that is ready (including jobs those jobs queue) until none is left, and returns
   * how many ran. A job that throws is failed in pg-boss and its error rethrown.
   */
  drain(): Promise<number>;
  /**
   * Aborted once the runner begins to stop: a handler that works in steps (the product import) ends at its next step
   * and hands back what is left, queued again for whichever process comes next.
   */
  readonly stopping: AbortSignal;
  /**
   * Takes no more jobs and waits up to `timeoutMs` for those in progress (handlers see `stopping`); any still running
   * then is failed, for pg-boss to retry. Jobs can still be sent (requests in flight may) until stop().
   */
  quiesce(timeoutMs?: number): Promise<void>;
  /** quiesce(), then lets go of the database; the database itself stays open. */
  stop(): Promise<void>;
  /**
   * Jobs per queue now, counted on pg-boss's index of live jobs (created, retry, active and failed: the completed ones,
   * however many, are not read). Empty before start.
   */
  queueStats(): Promise<QueueFigures[]>;
  /** Jobs that failed in this process since it started, per queue (a throw in the handler; pg-boss may retry them). */
  failures(): ReadonlyMap<string, number>;
}

/** When the job may run (now when left out). */
export interface SendOptions {
  startAfter?: Date;
}

export interface QueueFigures {
  name: string;
  /** Waiting to run: new, or failed and waiting for its retry. */
  queued: number;
  active: number;
  /** Failed for good and still kept by pg-boss. */
  failed: number;
}

/** The data of a job sent while serving a request carries the request's id (decision 0085). */
interface Traced {
  requestId?: string;
}

const traced = (data: object): object => {
  const requestId = currentRequestId();
  return requestId && !('requestId' in data) ? { ...data, requestId } : data;
};

/** Cron expressions are read in the product's time zone, so "0 4 * * *" means 4 a.m. in Brazil. */
const STOP_TIMEOUT_MS = 30_000;
const NO_JOB_ID = '00000000-0000-0000-0000-000000000000';
const DRAIN_BATCH = 10;
/** pg-boss's schema (its default). */
const BOSS_SCHEMA = 'pgboss';

/** pg-boss's own default: how often an idle worker looks for new jobs of its queue. */
const POLLING_INTERVAL_SECONDS = 2;

export interface RunnerOptions {
  /** How often an idle worker looks for new jobs of its queue (pg-boss's 2 s by default; its least is 0.5 s). */
  pollingIntervalSeconds?: number;
  /**
   * Tests: a job queued on the database wakes the workers of its queue once its transaction commits (pg-boss's
   * LISTEN/NOTIFY), rather than at their next look, which goes on at the same interval. A test waiting for an e-mail
   * waited for a look at each hop (a reset link: the request's job, then the e-mail's).
   */
  wakeOnCommit?: boolean;
}

export function createJobRunner(
  connection: JobsConnection,
  log: FastifyBaseLogger,
  { pollingIntervalSeconds = POLLING_INTERVAL_SECONDS, wakeOnCommit = false }: RunnerOptions = {},
): JobRunner {
  // biome-ignore lint/suspicious/noExplicitAny: definitions of different data types live in one map
  const definitions = new Map<string, JobDefinition<any>>();
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  const stopping = new AbortController();
  let quiescing: Promise<void> | undefined;

  const quiesce = (timeoutMs = STOP_TIMEOUT_MS) => {
    stopping.abort();
    quiescing ??= (async () => {
      await starting?.catch(() => undefined);
      await boss?.stop({ graceful: true, timeout: timeoutMs, close: false });
    })();
    return quiescing;
  };
  const failures = new Map<string, number>();

  const started = () => {
    if (!boss) throw new Error('the job runner is not started');
    return boss;
  };

  // Its log lines show the id of the request that queued it (pino's mixin, request-context.ts).
  const run = (definition: JobDefinition<object>, job: Job<object>) =>
    runAsJobOf((job.data as Traced).requestId, async () => {
      try {
        await definition.handle(job.data);
      } catch (err) {
        failures.set(job.name, (failures.get(job.name) ?? 0) + 1);
        log.error({ err, queue: job.name, jobId: job.id }, 'job failed');
        throw err;
      }
    });

  const start = async ({ work = true }: RunnerStartOptions) => {
    const instance = new PgBoss({
      ...bossConnection(connection),
      schedule: work,
      supervise: work,
      registerInstance: work,
      useListenNotify: work && wakeOnCommit,
      application_name: 'adega-jobs',
    });
    instance.on('error', (err) => log.error({ err }, 'job runner error'));
    instance.on('warning', (warning) => log.warn({ warning }, 'job runner warning'));
    await instance.start();
    try {
      for (const definition of definitions.values()) {
        await instance.createQueue(definition.name, wakeOnCommit ? { ...definition.queue, notify: true } : definition.queue);
        // Loads the queue into pg-boss's cache now: a send inside a caller's transaction must not have to read it,
        // since on PGlite that read would wait for the very transaction it runs in.
        await instance.getJobById(definition.name, NO_JOB_ID);
        if (definition.schedule)
          await instance.schedule(definition.name, definition.schedule.cron, definition.schedule.data, { tz: TIME_ZONE });
        // Woken or not, a worker looks at the same interval: pg-boss's default for woken ones is 30 s, and a retry
        // that comes due wakes nobody.
        if (work)
          await instance.work<object>(
            definition.name,
            { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds },
            async (jobs) => {
              for (const job of jobs) await run(definition, job);
            },
          );
      }
    } catch (err) {
      await instance.stop({ graceful: false, close: true });
      throw err;
    }
    boss = instance;
  };

  return {
    register(definition) {
      if (starting) throw new Error(`queue ${definition.name} registered after the job runner started`);
      if (definitions.has(definition.name)) throw new Error(`queue ${definition.name} registered twice`);
      definitions.set(definition.name, definition);
    },

    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`no queue named ${name} is registered`);
      return started().send(name, traced(data), options);
    },

    async sendWithin(executor, name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`no queue named ${name} is registered`);
      // The executor's rows come back as {rows} on both drivers, which is what pg-boss reads.
      const db = fromDrizzle(executor as unknown as Parameters<typeof fromDrizzle>[0], sql);
      return started().send(name, traced(data), { ...options, db });
    },

    get started() {
      return boss !== undefined;
    },

    async start(options = {}) {
      if (starting) throw new Error('the job runner is already started');
      starting = start(options);
      return starting;
    },

    async drain() {
      const instance = started();
      let worked = 0;
      for (let found = true; found; ) {
        found = false;
        for (const definition of definitions.values()) {
          for (const job of await instance.fetch<object>(definition.name, { batchSize: DRAIN_BATCH })) {
            found = true;
            worked++;
            try {
              await run(definition, job);
            } catch (err) {
              await instance.fail(definition.name, job.id, { message: err instanceof Error ? err.message : String(err) });
              throw err;
            }
            await instance.complete(definition.name, job.id);
          }
        }
      }
      return worked;
    },

    stopping: stopping.signal,

    quiesce,
    async queueStats() {
      const instance = boss;
      if (!instance) return [];
      const { rows } = await instance
        .getDb()
        .executeSql(
          `SELECT name, state, count(*)::int AS n FROM ${BOSS_SCHEMA}.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
        );
      const figures = new Map([...definitions.keys()].map((name) => [name, { name, queued: 0, active: 0, failed: 0 }]));
      for (const { name, state, n } of rows as { name: string; state: string; n: number }[]) {
        const queue = figures.get(name);
        if (!queue) continue;
        if (state === 'active') queue.active += n;
        else if (state === 'failed') queue.failed += n;
        else queue.queued += n;
      }
      return [...figures.values()];
    },

    failures: () => failures,

    async stop() {
      await quiesce();
      const instance = boss;
      boss = undefined;
      // Stopped already: this only closes pg-boss's own pool (PostgreSQL).
      await instance?.stop({ close: true });
    },
  };
}

function bossConnection(connection: JobsConnection): ConstructorOptions {
  if ('pglite' in connection) return { db: fromPglite(connection.pglite), backend: 'pglite' };
  // A small pool of its own: jobs must not take the connections requests need.
  return { connectionString: connection.connectionString, max: 3 };
}
