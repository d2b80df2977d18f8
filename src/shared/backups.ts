import { z } from 'zod';

/** GET /api/backups/status: whether the server takes backups itself, and how the last one went. */
export const backupStatusSchema = z.object({
  scheduled: z.boolean(),
  last: z
    .object({
      started_at: z.string(),
      finished_at: z.string().nullable(),
      state: z.enum(['running', 'ok', 'failed']),
      /** Where it went (ok) or why it failed (failed), as the server wrote it. */
      detail: z.string().nullable(),
    })
    .nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
