import { z } from 'zod';
import type { PrivateFiles } from '../storage/storage.js';

/**
 * How the last backup went, kept as a private file so every process (and the admin's home) sees it: in the bucket when
 * there is one, under DATA_DIR otherwise. Written when a backup starts and when it ends.
 */
export const LAST_RUN_KEY = 'backup/last-run.json';

const lastRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  state: z.enum(['running', 'ok', 'failed']),
  detail: z.string().nullable(),
});
export type LastBackupRun = z.infer<typeof lastRunSchema>;

export async function readLastRun(files: PrivateFiles): Promise<LastBackupRun | undefined> {
  const bytes = await files.read(LAST_RUN_KEY);
  if (!bytes) return undefined;
  const parsed = lastRunSchema.safeParse(JSON.parse(bytes.toString('utf8')));
  return parsed.success ? parsed.data : undefined;
}

export const writeLastRun = (files: PrivateFiles, run: LastBackupRun) => files.put(LAST_RUN_KEY, Buffer.from(JSON.stringify(run)));
