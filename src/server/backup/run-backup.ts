import type { Database } from '../db/client.js';
import type { S3Settings, Storage } from '../storage/storage.js';
import { writeLastRun } from './last-run.js';
import { openLocation } from './location.js';
import { type BackupProgress, type BackupResult, pruneBackups, takeBackup } from './take-backup.js';

export interface BackupRequest {
  /** A folder or s3://bucket/prefix. */
  to: string;
  /** Keep only this many of the newest backups there (scheduled backups); all of them when undefined. */
  keep?: number;
  onProgress?: (progress: BackupProgress) => void;
}

/** A backup as the server and the command line take it: recorded as the last run (for the admin's home), then pruned. */
export async function runBackup(
  database: Database,
  storage: Storage,
  s3: S3Settings | undefined,
  request: BackupRequest,
): Promise<BackupResult> {
  const startedAt = new Date().toISOString();
  await writeLastRun(storage.private, { startedAt, finishedAt: null, state: 'running', detail: null });
  const location = await openLocation(request.to, s3);
  try {
    const result = await takeBackup(database, storage, location, request.onProgress);
    if (request.keep !== undefined) await pruneBackups(location, request.keep);
    await writeLastRun(storage.private, { startedAt, finishedAt: new Date().toISOString(), state: 'ok', detail: result.location });
    return result;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    await writeLastRun(storage.private, { startedAt, finishedAt: new Date().toISOString(), state: 'failed', detail }).catch(
      () => undefined,
    );
    throw err;
  } finally {
    await location.close();
  }
}
