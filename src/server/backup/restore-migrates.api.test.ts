import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { type Database, migrationsFolder, openDatabase, pgliteExtensions, pgliteStartParams } from '../db/client.js';
import { localStorage } from '../storage/storage.js';
import { knownMigrationLevel, migrationLevel } from './app-version.js';
import { openLocation } from './location.js';
import { MANIFEST_FILE } from './manifest.js';
import { RestoreError, type RestoreTarget, restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';

vi.setConfig({ testTimeout: 120_000 });

const onPostgres = process.env.ADEGA_TEST_DB === 'postgres';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const temporaryDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** The migrations of the version before this one: the same folder without the newest entry of the journal. */
function previousMigrations(): string {
  const folder = temporaryDir('adega-old-migrations-');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries.pop();
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function freshPostgres(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `adega_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database as the previous version of Adega left it. */
async function previousVersionDatabase(): Promise<Database> {
  const folder = previousMigrations();
  if (onPostgres) {
    const url = await freshPostgres();
    const pool = new pg.Pool({ connectionString: url });
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder });
    await pool.end();
    return openDatabase({ databaseUrl: url, migrate: false });
  }
  const client = await PGlite.create({ extensions: pgliteExtensions(), startParams: pgliteStartParams() });
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
  return openDatabase({ pglite: client });
}

async function emptyTarget(): Promise<RestoreTarget> {
  return onPostgres ? { databaseUrl: await freshPostgres() } : { dataDir: temporaryDir('adega-restore-') };
}

let backupFolder: string;

it("restores a previous version's backup and runs the migrations added since", async () => {
  const old = await previousVersionDatabase();
  const known = knownMigrationLevel();
  expect(await migrationLevel(old.db)).toMatchObject({ applied: known.applied - 1 });
  const location = await openLocation(temporaryDir('adega-backups-'), undefined);
  const backup = await takeBackup(old, localStorage(temporaryDir('adega-old-files-')), location);
  await old.close();
  backupFolder = backup.location;
  expect(backup.manifest.migrations.applied).toBe(known.applied - 1);

  const target = await emptyTarget();
  await restoreBackup(await openLocation(backupFolder, undefined), target, localStorage(temporaryDir('adega-files-')));
  // Opened without migrating: what the restore itself left.
  const restored = await openDatabase(
    'dataDir' in target
      ? {
          pglite: await PGlite.create(path.join(target.dataDir, 'pglite'), {
            extensions: pgliteExtensions(),
            startParams: pgliteStartParams(),
          }),
        }
      : { databaseUrl: target.databaseUrl, migrate: false },
  );
  expect(await migrationLevel(restored.db)).toEqual(known);
  await restored.close();
});

it("refuses a newer version's backup, and nothing changes", async () => {
  const manifestFile = path.join(backupFolder, MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: '9.0.0', migrations: { applied: 999, last: Date.now() * 2 } }));
  const files = localStorage(temporaryDir('adega-files-'));
  const error = await restoreBackup(await openLocation(backupFolder, undefined), await emptyTarget(), files).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(RestoreError);
  expect((error as Error).message).toBe(
    'Este backup foi feito por uma versão mais nova do Adega (9.0.0): atualize o Adega antes de restaurá-lo. Nada foi alterado.',
  );
  expect(await files.private.list()).toEqual([]);
});
