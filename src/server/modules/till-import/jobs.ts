import type { FastifyBaseLogger } from 'fastify';
import { inBackground } from '../../db/fair-share.js';
import type { JobRunner } from '../../jobs/runner.js';
import * as repo from './repository.js';
import { type RunTillImportDeps, runTillImport, TillImportFailure, TillImportHandedBack, TillLeaseLost } from './run-import.js';

export const TILL_IMPORT_QUEUE = 'till-import.run';
export const TILL_IMPORT_RECOVERY_QUEUE = 'till-import.recover';
/** A batch of sales commits in well under a second; this long without a checkpoint, the import's process is gone. */
const STALE_AFTER_MS = 60_000;
const UNEXPECTED_FAILURE = 'A importação foi interrompida por um erro inesperado. Use Tentar Novamente para continuar de onde parou.';

export interface TillImportJobDeps extends Omit<RunTillImportDeps, 'signal'> {
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** PGlite serves one process: an import processing that this process is not working on was left by a dead one. */
  singleProcess: boolean;
}

/** Registers the till import's queue and its recovery (every minute); returns what tests call. */
export function registerTillImportJobs(deps: TillImportJobDeps) {
  const { db, jobs, log } = deps;
  const working = new Set<string>();

  async function run(importId: string): Promise<void> {
    const claimed = await repo.claimTillImport(db, importId);
    // Already taken (a duplicate job, another process), finished or deleted: nothing to do.
    if (!claimed?.startedAt) return;
    const lease = claimed.startedAt;
    working.add(importId);
    try {
      await inBackground(() => runTillImport({ ...deps, signal: jobs.stopping }, claimed));
    } catch (err) {
      if (err instanceof TillLeaseLost) return;
      if (err instanceof TillImportHandedBack) return handBack(importId, lease);
      if (!(err instanceof TillImportFailure)) log.error({ err, importId }, 'till sales import failed');
      const reason = err instanceof TillImportFailure ? err.message : UNEXPECTED_FAILURE;
      await repo.finishTillImport(db, importId, lease, { status: 'failed', failureReason: reason, currentOperation: 'Falhou' });
    } finally {
      working.delete(importId);
    }
  }

  /** The process is stopping: the import goes back to pending and to the queue in one transaction. */
  async function handBack(importId: string, lease: Date): Promise<void> {
    await db.transaction(async (tx) => {
      if (await repo.releaseTillImport(tx, importId, lease)) await jobs.sendWithin(tx, TILL_IMPORT_QUEUE, { importId });
    });
  }

  async function recover(staleMs = deps.singleProcess ? 0 : STALE_AFTER_MS): Promise<string[]> {
    const ids = await repo.releaseStaleTillImports(db, staleMs, [...working]);
    for (const importId of ids) await jobs.send(TILL_IMPORT_QUEUE, { importId });
    if (ids.length > 0) log.info({ imports: ids.length }, 'interrupted till sales imports resumed');
    return ids;
  }

  jobs.register<{ importId: string }>({
    name: TILL_IMPORT_QUEUE,
    // The handler records failures itself; a job killed with its process is found by the recovery, not retried blind.
    queue: { retryLimit: 0, expireInSeconds: 60 * 60 },
    handle: ({ importId }) => run(importId),
  });
  jobs.register<Record<string, never>>({
    name: TILL_IMPORT_RECOVERY_QUEUE,
    schedule: { cron: '* * * * *', data: {} },
    queue: { policy: 'stately' },
    handle: async () => {
      await recover();
    },
  });
  return { run, recover };
}

export type TillImportJobs = ReturnType<typeof registerTillImportJobs>;
