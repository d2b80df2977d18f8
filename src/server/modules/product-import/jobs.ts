import type { FastifyBaseLogger } from 'fastify';
import { inBackground } from '../../db/fair-share.js';
import type { JobRunner } from '../../jobs/runner.js';
import * as repo from './repository.js';
import { ImportFailure, ImportHandedBack, LeaseLostError, processImport, type RunDeps } from './run-import.js';
import { IMPORT_QUEUE } from './service.js';
import { finishImportRecorded, recordImportStatus, releaseStaleImportsRecorded } from './status-trail.js';

export const IMPORT_RECOVERY_QUEUE = 'product-import.recover';
/** A worker writes a checkpoint every batch (well under a second); this long without one, its process is gone. */
export const STALE_AFTER_MS = 60_000;
const EVERY_MINUTE = '* * * * *';
const UNEXPECTED_FAILURE = 'A importação foi interrompida por um erro inesperado. Use Tentar Novamente para continuar de onde parou.';

export interface ImportJobDeps extends RunDeps {
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** PGlite serves one process: anything processing that this process is not working on was left by a dead one. */
  singleProcess: boolean;
}

/**
 * On PGlite a transaction's statements follow each other without letting another statement in: a batch holds the
 * admin's queries for as long as it takes, so PGlite gets smaller batches. (Requests that need no statement, the
 * public menus, no longer wait for it: PGlite runs on a thread of its own, decision 0068.) Between them the
 * import is background work of the database layer (db/fair-share.ts, decision 0038): its next batch waits until the
 * requests being served are answered. A PostgreSQL server takes the default batch, and nothing waits.
 */
const PGLITE_BATCH_SIZE = 150;

/** Registers the import queue and its recovery; returns what main.ts and tests call. */
export function registerImportJobs(options: ImportJobDeps) {
  const deps: ImportJobDeps = options.singleProcess ? { batchSize: PGLITE_BATCH_SIZE, ...options } : options;
  const { db, jobs, log } = deps;
  const working = new Set<string>();

  async function run(importId: string): Promise<void> {
    const claimed = await repo.claimImport(db, importId);
    // Already taken (a duplicate job, or another process), finished or deleted: nothing to do.
    if (!claimed?.startedAt) return;
    working.add(importId);
    try {
      await inBackground(() => processImport({ ...deps, signal: jobs.stopping }, claimed));
    } catch (err) {
      if (err instanceof LeaseLostError) return;
      if (err instanceof ImportHandedBack) return handBack(importId, claimed.startedAt);
      if (!(err instanceof ImportFailure)) log.error({ err, importId }, 'product import failed');
      const reason = err instanceof ImportFailure ? err.message : UNEXPECTED_FAILURE;
      await finishImportRecorded(db, importId, claimed.startedAt, { status: 'failed', failureReason: reason, currentOperation: 'Falhou' });
    } finally {
      working.delete(importId);
    }
  }

  /** The process is stopping: the import goes back to pending and to the queue in one transaction (decision 0086). */
  async function handBack(importId: string, lease: Date): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await repo.releaseImport(tx, importId, lease))) return;
      await recordImportStatus(tx, importId, 'processing', 'pending');
      await jobs.sendWithin(tx, IMPORT_QUEUE, { importId });
    });
    log.info({ importId }, 'product import handed back: the next process resumes it');
  }

  /** Imports whose process died go back to pending and to the queue: they resume at their last checkpoint. */
  async function recover(staleMs = deps.singleProcess ? 0 : STALE_AFTER_MS): Promise<string[]> {
    const ids = await releaseStaleImportsRecorded(db, staleMs, [...working]);
    for (const importId of ids) await jobs.send(IMPORT_QUEUE, { importId });
    if (ids.length > 0) log.info({ imports: ids.length }, 'interrupted product imports resumed');
    return ids;
  }

  jobs.register<{ importId: string }>({
    name: IMPORT_QUEUE,
    // The handler records failures itself; a job killed with its process is found by the recovery, not retried blind.
    queue: { retryLimit: 0, expireInSeconds: 4 * 60 * 60 },
    handle: ({ importId }) => run(importId),
  });
  jobs.register<Record<string, never>>({
    name: IMPORT_RECOVERY_QUEUE,
    schedule: { cron: EVERY_MINUTE, data: {} },
    queue: { policy: 'stately' },
    handle: async () => {
      await recover();
    },
  });
  return { run, recover };
}

export type ImportJobs = ReturnType<typeof registerImportJobs>;
