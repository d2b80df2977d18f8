import { like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { catalogWines, establishments, menuWines } from '../../db/schema/index.js';
import type { JobRunner } from '../../jobs/runner.js';
import { type FileStorage, UPLOADS_URL_PREFIX } from '../../storage/storage.js';
import { recordWrite } from '../audit/index.js';

export const ORPHAN_CLEANUP_QUEUE = 'uploads.orphan-cleanup';
/** Every day at 4:30, when menus are least used. */
const DAILY = '30 4 * * *';
/** An image uploaded for a form that is still open (not saved yet) must survive: only older files may go. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

export interface OrphanCleanupDeps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/** Deletes uploaded files that no establishment logo, menu wine or catalogue wine points to; returns their paths. */
export async function removeOrphanedUploads(db: Db, storage: FileStorage, graceMs = ORPHAN_GRACE_MS): Promise<string[]> {
  // Files first, references second: a file uploaded and saved in between is newer than the grace period anyway.
  const cutoff = Date.now() - graceMs;
  const candidates = (await storage.list()).filter((file) => file.modifiedAt.getTime() < cutoff);
  if (candidates.length === 0) return [];
  const referenced = await referencedUploads(db);
  const orphans = candidates.map((file) => file.url).filter((url) => !referenced.has(url));
  for (const url of orphans) {
    await storage.delete(url);
    // The system's deletion, in the trail beside the upload's own entry (the file's address, never its bytes).
    await recordWrite(db, 'sistema', { kind: 'upload', id: url, action: 'delete', extra: [{ field: 'url', old: url, new: null }] });
  }
  return orphans;
}

async function referencedUploads(db: Db): Promise<Set<string>> {
  const prefix = `${UPLOADS_URL_PREFIX}%`;
  const rows = await db
    .select({ url: establishments.logo })
    .from(establishments)
    .where(like(establishments.logo, prefix))
    .union(db.select({ url: menuWines.imageUrl }).from(menuWines).where(like(menuWines.imageUrl, prefix)))
    .union(db.select({ url: catalogWines.imageUrl }).from(catalogWines).where(like(catalogWines.imageUrl, prefix)));
  return new Set(rows.map((row) => row.url).filter((url) => url !== null));
}

/** Registers the daily cleanup. */
export function registerOrphanCleanup(jobs: JobRunner, deps: OrphanCleanupDeps): void {
  jobs.register<Record<string, never>>({
    name: ORPHAN_CLEANUP_QUEUE,
    schedule: { cron: DAILY, data: {} },
    // One run at a time; a run asked for while another waits adds nothing.
    queue: { policy: 'stately' },
    async handle() {
      const removed = await removeOrphanedUploads(deps.db, deps.storage);
      deps.log.info({ removed: removed.length }, 'orphaned uploads removed');
    },
  });
}

/** Queues a cleanup now, besides the daily one (a no-op while one is already waiting). */
export function requestOrphanCleanup(jobs: JobRunner): Promise<string | null> {
  return jobs.send(ORPHAN_CLEANUP_QUEUE, {});
}
