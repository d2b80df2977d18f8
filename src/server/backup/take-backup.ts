import type { Database } from '../db/client.js';
import type { Storage } from '../storage/storage.js';
import { appVersion, migrationLevel } from './app-version.js';
import { dumpDatabase } from './database-dump.js';
import { LAST_RUN_KEY } from './last-run.js';
import type { BackupLocation } from './location.js';
import { entryOf, MANIFEST_FILE, type Manifest, type ManifestEntry, privateFilePath, publicFilePath } from './manifest.js';

export interface BackupProgress {
  /** pt-BR, for the terminal. */
  step: string;
  done: number;
  total: number;
}

export interface BackupResult {
  /** The backup's folder: where it went, as the operator would write it to restore it. */
  location: string;
  manifest: Manifest;
}

const BACKUP_PREFIX = 'adega-backup-';
/** Files copied at a time: enough to hide a bucket's round trips, few enough for a small machine. */
const FILE_CONCURRENCY = 8;

/** A backup's folder name: its time, sortable (adega-backup-2026-11-27T21-31-06-123Z). */
export const backupFolderName = (at: Date) => `${BACKUP_PREFIX}${at.toISOString().replace(/[:.]/g, '-')}`;
export const isBackupFolder = (name: string) => name.startsWith(BACKUP_PREFIX);

/**
 * One backup of everything Adega holds, into a new folder of the location. The database is copied first (one
 * consistent moment); then the files, listed after it, so every file a row of the copy names is in the backup (a file
 * added since is there too, harmless; public images are never rewritten under the same name). The manifest, with
 * each file's size and checksum, is written last: a folder without one is an unfinished backup, removed on failure.
 */
export async function takeBackup(
  database: Database,
  storage: Storage,
  location: BackupLocation,
  onProgress: (progress: BackupProgress) => void = () => undefined,
): Promise<BackupResult> {
  const createdAt = new Date();
  const folder = backupFolderName(createdAt);
  const target = location.child(folder);
  try {
    onProgress({ step: 'Banco de dados', done: 0, total: 1 });
    const migrations = await migrationLevel(database.db);
    const dump = await dumpDatabase(database);
    await target.write(dump.path, dump.bytes);
    const entries: ManifestEntry[] = [entryOf(dump.path, dump.bytes)];
    onProgress({ step: 'Banco de dados', done: 1, total: 1 });

    entries.push(...(await copyFiles(storage, target, onProgress)));
    const manifest: Manifest = {
      format: 1,
      app: 'adega',
      version: appVersion(),
      createdAt: createdAt.toISOString(),
      database: { kind: dump.kind, path: dump.path },
      migrations,
      totalBytes: entries.reduce((sum, entry) => sum + entry.size, 0),
      files: entries,
    };
    await target.write(MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    return { location: target.description, manifest };
  } catch (err) {
    await location.removeFolder(folder).catch(() => undefined);
    throw err;
  }
}

async function copyFiles(
  storage: Storage,
  target: BackupLocation,
  onProgress: (progress: BackupProgress) => void,
): Promise<ManifestEntry[]> {
  const [publicFiles, privateKeys] = await Promise.all([storage.public.list(), storage.private.list()]);
  const tasks = [
    ...publicFiles.map(({ url }) => async () => {
      // A file removed since the listing (an orphan swept away) is simply not in the backup.
      const bytes = (await storage.public.read(url))?.bytes;
      return bytes && { path: publicFilePath(url), bytes };
    }),
    // The record of the backup being taken is not part of it: restored, it would say "running" for ever.
    ...privateKeys
      .filter((key) => key !== LAST_RUN_KEY)
      .map((key) => async () => {
        const bytes = await storage.private.read(key);
        return bytes && { path: privateFilePath(key), bytes };
      }),
  ];
  const entries: ManifestEntry[] = [];
  let done = 0;
  onProgress({ step: 'Arquivos', done, total: tasks.length });
  await inParallel(tasks, FILE_CONCURRENCY, async (task) => {
    const file = await task();
    if (file) {
      await target.write(file.path, file.bytes);
      entries.push(entryOf(file.path, file.bytes));
    }
    onProgress({ step: 'Arquivos', done: ++done, total: tasks.length });
  });
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

/** Runs `work` on every item, at most `limit` at a time; the first failure fails the whole. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Keeps the newest `keep` finished backups of the location and removes the older ones. */
export async function pruneBackups(location: BackupLocation, keep: number): Promise<string[]> {
  const finished: string[] = [];
  for (const folder of (await location.folders()).filter(isBackupFolder).sort()) {
    if (await location.read(`${folder}/${MANIFEST_FILE}`)) finished.push(folder);
  }
  const old = finished.slice(0, Math.max(0, finished.length - keep));
  for (const folder of old) await location.removeFolder(folder);
  return old;
}
