import { createHash } from 'node:crypto';
import { z } from 'zod';

/** The manifest's own format: a restore refuses a backup written in a format it does not know. */
export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';

const entrySchema = z.object({
  /** Relative to the backup's folder: database.tar.gz, database.pgdump, files/uploads/<name>, files/private/<key>. */
  path: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  app: z.literal('adega'),
  version: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), path: z.string() }),
  /** How far the database's schema had come: drizzle's applied migrations and the newest one's timestamp. */
  migrations: z.object({ applied: z.number().int().min(0), last: z.number().int().min(0) }),
  totalBytes: z.number().int().min(0),
  files: z.array(entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function entryOf(path: string, bytes: Buffer): ManifestEntry {
  return { path, size: bytes.length, sha256: sha256(bytes) };
}

/** Where a stored file goes inside the backup: public images under files/uploads, private files under files/private. */
export const publicFilePath = (url: string) => `files/uploads/${url.slice(url.lastIndexOf('/') + 1)}`;
export const privateFilePath = (key: string) => `files/private/${key}`;
