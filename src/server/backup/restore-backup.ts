import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, pgliteStartParams } from '../db/client.js';
import { lockDataDir } from '../db/pglite-lock.js';
import type { Storage } from '../storage/storage.js';
import { knownMigrationLevel } from './app-version.js';
import { runPgTool } from './database-dump.js';
import type { BackupLocation } from './location.js';
import { MANIFEST_FILE, type Manifest, manifestSchema, sha256 } from './manifest.js';
import { inParallel } from './take-backup.js';

/** A restore that cannot go ahead; its message is for the operator (pt-BR). Nothing was changed. */
export class RestoreError extends Error {}

export type RestoreTarget = { dataDir: string } | { databaseUrl: string };

export interface RestoreOptions {
  /** Restore over a database or files that are not empty, replacing them. */
  force?: boolean;
  onProgress?: (progress: { step: string; done: number; total: number }) => void;
}

const FILE_CONCURRENCY = 8;

/**
 * Restores a backup folder into an empty embedded data directory or an empty PostgreSQL database, and its files into
 * the storage. Every file's size and checksum is checked before anything is touched, so a corrupt or truncated
 * backup changes nothing; then the database is loaded, the migrations this version adds are run, and the files put.
 */
export async function restoreBackup(
  source: BackupLocation,
  target: RestoreTarget,
  storage: Storage,
  { force = false, onProgress = () => undefined }: RestoreOptions = {},
): Promise<Manifest> {
  const manifest = await readManifest(source);
  const database = await verifiedDatabase(source, manifest, onProgress);
  await checkFiles(source, manifest, onProgress);
  const unlock = 'dataDir' in target ? lockDataDir(target.dataDir) : () => undefined;
  try {
    if (manifest.database.kind !== ('dataDir' in target ? 'pglite' : 'postgres'))
      throw new RestoreError(
        manifest.database.kind === 'pglite'
          ? 'Este backup é do banco embutido (PGlite): restaure-o sem DATABASE_URL, num DATA_DIR vazio.'
          : 'Este backup é de um PostgreSQL: restaure-o com DATABASE_URL apontando para um banco vazio.',
      );
    await checkEmpty(target, storage, force);
    onProgress({ step: 'Banco de dados', done: 0, total: 1 });
    if ('dataDir' in target) await loadPglite(target.dataDir, database, force);
    else await loadPostgres(target.databaseUrl, database, force);
    onProgress({ step: 'Banco de dados', done: 1, total: 1 });
  } finally {
    unlock();
  }
  // Opening the database runs the migrations a newer version of the app has added since the backup.
  const opened = await openDatabase('dataDir' in target ? { dataDir: target.dataDir } : { databaseUrl: target.databaseUrl });
  await opened.close();
  await putFiles(source, manifest, storage, onProgress);
  return manifest;
}

async function readManifest(source: BackupLocation): Promise<Manifest> {
  const raw = await source.read(MANIFEST_FILE);
  if (!raw)
    throw new RestoreError(`Backup não encontrado ou incompleto: não há ${MANIFEST_FILE} em ${source.description}. Nada foi alterado.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new RestoreError(`O manifesto do backup (${MANIFEST_FILE}) está corrompido. Nada foi alterado.`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success)
    throw new RestoreError(`O manifesto do backup (${MANIFEST_FILE}) não é válido ou é de outro formato. Nada foi alterado.`);
  const known = knownMigrationLevel();
  if (manifest.data.migrations.last > known.last)
    throw new RestoreError(
      `Este backup foi feito por uma versão mais nova do Adega (${manifest.data.version}): atualize o Adega antes de restaurá-lo. Nada foi alterado.`,
    );
  return manifest.data;
}

/** The bytes of one file of the backup, refused unless whole and unchanged. */
async function verifiedFile(source: BackupLocation, manifest: Manifest, file: string): Promise<Buffer> {
  // Only paths the manifest lists (its schema allows no `..`) are read.
  const entry = manifest.files.find((candidate) => candidate.path === file);
  const bytes = entry && (await source.read(file));
  if (!entry || !bytes) throw new RestoreError(`Backup incompleto: falta o arquivo ${file}. Nada foi alterado.`);
  if (bytes.length !== entry.size)
    throw new RestoreError(`Backup truncado: ${file} tem ${bytes.length} bytes, o manifesto registra ${entry.size}. Nada foi alterado.`);
  if (sha256(bytes) !== entry.sha256)
    throw new RestoreError(`Backup corrompido: a soma de verificação de ${file} não confere. Nada foi alterado.`);
  return bytes;
}

async function verifiedDatabase(source: BackupLocation, manifest: Manifest, onProgress: NonNullable<RestoreOptions['onProgress']>) {
  onProgress({ step: 'Verificando o banco de dados', done: 0, total: 1 });
  const bytes = await verifiedFile(source, manifest, manifest.database.path);
  onProgress({ step: 'Verificando o banco de dados', done: 1, total: 1 });
  return bytes;
}

const PUBLIC_FILES = 'files/uploads/';
const PRIVATE_FILES = 'files/private/';
const storedFiles = (manifest: Manifest) =>
  manifest.files.filter((entry) => entry.path.startsWith(PUBLIC_FILES) || entry.path.startsWith(PRIVATE_FILES));

/** Reads every stored file once and checks it, before anything changes (kept out of memory: read again to restore). */
async function checkFiles(source: BackupLocation, manifest: Manifest, onProgress: NonNullable<RestoreOptions['onProgress']>) {
  const files = storedFiles(manifest);
  let done = 0;
  await inParallel(files, FILE_CONCURRENCY, async (entry) => {
    await verifiedFile(source, manifest, entry.path);
    onProgress({ step: 'Verificando os arquivos', done: ++done, total: files.length });
  });
}

async function putFiles(
  source: BackupLocation,
  manifest: Manifest,
  storage: Storage,
  onProgress: NonNullable<RestoreOptions['onProgress']>,
) {
  const files = storedFiles(manifest);
  let done = 0;
  await inParallel(files, FILE_CONCURRENCY, async (entry) => {
    const bytes = await verifiedFile(source, manifest, entry.path);
    if (entry.path.startsWith(PUBLIC_FILES)) await storage.public.write(`/uploads/${entry.path.slice(PUBLIC_FILES.length)}`, bytes);
    else await storage.private.put(entry.path.slice(PRIVATE_FILES.length), bytes);
    onProgress({ step: 'Arquivos', done: ++done, total: files.length });
  });
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

async function checkEmpty(target: RestoreTarget, storage: Storage, force: boolean): Promise<void> {
  const [publicFiles, privateKeys] = await Promise.all([storage.public.list(), storage.private.list()]);
  const databaseEmpty = 'dataDir' in target ? isEmptyFolder(pgliteDir(target.dataDir)) : await isEmptyPostgres(target.databaseUrl);
  const filesEmpty = publicFiles.length === 0 && privateKeys.length === 0;
  if (databaseEmpty && filesEmpty) return;
  if (!force) {
    const what = [!databaseEmpty && 'o banco de dados', !filesEmpty && 'o armazenamento de arquivos'].filter(Boolean).join(' e ');
    throw new RestoreError(
      `O destino não está vazio (${what}). Restaure num destino vazio, ou use --force para substituir o que existe. Nada foi alterado.`,
    );
  }
  await Promise.all([
    ...publicFiles.map(({ url }) => storage.public.delete(url)),
    ...privateKeys.map((key) => storage.private.delete(key)),
  ]);
}

function isEmptyFolder(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const USER_SCHEMAS = `select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`;

async function isEmptyPostgres(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in (${USER_SCHEMAS}) and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    );
    return rows[0].n === 0;
  });
}

async function loadPglite(dataDir: string, tarball: Buffer, force: boolean): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (force) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir, {
    loadDataDir: new Blob([new Uint8Array(tarball)]),
    extensions: pgliteExtensions(),
    startParams: pgliteStartParams(),
  });
  await db.close();
}

async function loadPostgres(url: string, dump: Buffer, force: boolean): Promise<void> {
  if (force)
    await withClient(url, async (client) => {
      const { rows } = await client.query(USER_SCHEMAS);
      for (const { nspname } of rows) await client.query(`drop schema ${pg.escapeIdentifier(nspname)} cascade`);
      await client.query('create schema if not exists public');
    });
  // The server's address goes in PG* variables (runPgTool); --dbname only names the database, so pg_restore restores
  // into it rather than printing SQL.
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await runPgTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${name}`], url, dump);
}
