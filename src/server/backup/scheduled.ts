import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupStatusSchema } from '../../shared/backups.js';
import type { BackupSchedule } from '../config.js';
import type { Database } from '../db/client.js';
import type { JobRunner } from '../jobs/runner.js';
import type { S3Settings, Storage } from '../storage/storage.js';
import { readLastRun } from './last-run.js';
import { runBackup } from './run-backup.js';

export const BACKUP_QUEUE = 'backup';

interface ScheduledBackupDeps {
  database: Database;
  storage: Storage;
  s3: S3Settings | undefined;
  log: FastifyBaseLogger;
}

/**
 * BACKUP_TO and BACKUP_EVERY: the server takes backups itself, as a pg-boss schedule (fired once per tick however many
 * processes share the database; one backup at a time), and keeps the newest BACKUP_KEEP.
 */
export function registerScheduledBackups(jobs: JobRunner, schedule: BackupSchedule | undefined, deps: ScheduledBackupDeps): void {
  if (!schedule) return;
  jobs.register<Record<string, never>>({
    name: BACKUP_QUEUE,
    schedule: { cron: schedule.cron, data: {} },
    // A failed backup is not tried again at once: the next tick takes a new one, and the admin's home shows the failure.
    queue: { policy: 'singleton', retryLimit: 0 },
    async handle() {
      const result = await runBackup(deps.database, deps.storage, deps.s3, { to: schedule.to, keep: schedule.keep });
      deps.log.info({ location: result.location, bytes: result.manifest.totalBytes }, 'backup taken');
    },
  });
}

/** GET /api/backups/status (admins): scheduled or not, and the last backup's times and outcome. */
export function backupStatusRoutes(storage: Storage, schedule: BackupSchedule | undefined) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/backups/status',
        { config: { policy: { area: 'backups', action: 'readStatus' } }, schema: { response: { 200: backupStatusSchema } } },
        async () => {
          const last = await readLastRun(storage.private);
          return {
            scheduled: schedule !== undefined,
            last: last ? { started_at: last.startedAt, finished_at: last.finishedAt, state: last.state, detail: last.detail } : null,
          };
        },
      );
  };
}
