import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { suppliers } from '../db/schema/index.js';
import { s3Storage } from '../storage/s3-storage.js';
import { localStorage, type Storage } from '../storage/storage.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { SAMPLE_MAPPING, sampleFile, uploadFile } from '../test-support/import-files.js';
import { multipartBody } from '../test-support/multipart.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import { storedFiles, tableContents } from '../test-support/stored-state.js';
import { openLocation } from './location.js';
import { RestoreError, type RestoreTarget, restoreBackup } from './restore-backup.js';
import { takeBackup } from './take-backup.js';

// A seeded menu, an import and a backup and restore apiece: tens of seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const onPostgres = process.env.ADEGA_TEST_DB === 'postgres';
let s3: TestS3Server;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  await t.app.jobs.start({ work: false });
  // The sample restaurant (its menu, catalogue and bottle images)...
  const seeded = await t.call(admin, 'POST', '/api/seed/pedra-da-ilha');
  expect(seeded.statusCode, seeded.body).toBeLessThan(300);
  const establishmentId: string = seeded.json().establishment_id;
  // ...a price list imported (its spreadsheet kept as a private file)...
  const uploaded = await uploadFile(t.app, admin, 'tabela-precos-vinhos.xlsx', sampleFile('xlsx'));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const executed = await t.call(admin, 'POST', '/api/product-import/execute', {
    import_id: uploaded.json().import_id,
    field_mapping: SAMPLE_MAPPING,
    options: { skip_duplicates: true, create_categories: true, create_suppliers: true },
  });
  expect(executed.statusCode, executed.body).toBeLessThan(300);
  await t.app.jobs.drain();
  // ...and one uploaded but not run yet (its spreadsheet still kept)...
  const pending = await uploadFile(t.app, admin, 'tabela-precos-vinhos.csv', sampleFile('csv'));
  expect(pending.statusCode, pending.body).toBe(201);
  // ...cellar movements...
  const item = await t.call(admin, 'POST', `/api/establishments/${establishmentId}/cellar`, { name: 'Guaspari Syrah' });
  expect(item.statusCode, item.body).toBe(201);
  for (const body of [
    { reason: 'delivery', delta: 12 },
    { reason: 'sale', delta: -2 },
    { reason: 'count', counted: 9 },
  ]) {
    const moved = await t.call(admin, 'POST', `/api/cellar/${item.json().id}/movements`, body);
    expect(moved.statusCode, moved.body).toBe(201);
  }
  // ...and an uploaded image.
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a1f3d' } })
    .png()
    .toBuffer();
  const upload = await t.as(admin.token, {
    method: 'POST',
    url: '/api/upload-image',
    ...multipartBody('file', 'rotulo.png', 'image/png', image),
  });
  expect(upload.statusCode, upload.body).toBe(201);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3?.close();
});

let round = 0;

/**
 * Writes that go on while the backup is taken: each saves a file, then inserts a row naming it (numbered, one at a
 * time). `stop` waits for one more write to be acknowledged, so some come after the backup.
 */
function startWriter(storage: Storage, db: Database['db']) {
  const tag = `Escrita contínua ${++round}`;
  let acknowledged = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const k = acknowledged + 1;
      const url = await storage.public.save(Buffer.from(`${tag}.${k}`), 'txt');
      await db.insert(suppliers).values({ name: tag, companyName: `${tag}.${k}`, email: 'e@x.com', phone: url });
      acknowledged = k;
    }
  })();
  const acknowledgedCount = () => acknowledged;
  return {
    acknowledged: acknowledgedCount,
    async waitFor(count: number) {
      while (acknowledgedCount() < count) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    async stop() {
      const target = acknowledged + 1;
      while (acknowledged < target) await new Promise((resolve) => setTimeout(resolve, 5));
      running = false;
      await loop;
      return acknowledged;
    },
  };
}

/** A new, empty place to restore into: a data directory (PGlite) or a database of its own (PostgreSQL). */
async function emptyTarget(): Promise<{ target: RestoreTarget; open(): Promise<Database> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-restore-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  if (!onPostgres) return { target: { dataDir }, open: () => openDatabase({ dataDir }) };
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
  return { target: { databaseUrl: url.toString() }, open: () => openDatabase({ databaseUrl: url.toString(), migrate: false }) };
}

/** pg-boss stamps the time of its own background check in its version row whenever it likes: not the app's data. */
function withoutBossHeartbeat(contents: Map<string, string[]>) {
  const table = '"pgboss"."version"';
  const rows = contents.get(table);
  if (rows)
    contents.set(
      table,
      rows.map((row) => JSON.stringify({ ...JSON.parse(row), bam_on: undefined })),
    );
  return contents;
}

/** The number of the current round's write a row of suppliers is, if it is one. */
const writeNumber = (row: string) => {
  const match = /^Escrita contínua (\d+)\.(\d+)$/.exec(JSON.parse(row).company_name ?? '');
  return match && Number(match[1]) === round ? Number(match[2]) : undefined;
};

/**
 * Backs up while writes go on, restores into an empty target and compares: every table row by row and every file
 * byte by byte with the source as it was at the backup's moment, i.e. the source now without the writes after it.
 */
async function roundTrip(locationSpec: string, restoredStorage: Storage) {
  const writer = startWriter(t.app.storage, t.db);
  await writer.waitFor(3);
  const ackedBeforeBackup = writer.acknowledged();
  const filesBeforeBackup = await storedFiles(t.app.storage);
  const location = await openLocation(locationSpec, s3.settings);
  const backup = await takeBackup(t.app.database, t.app.storage, location, () => undefined);
  const written = await writer.stop();
  await location.close();

  const { target, open } = await emptyTarget();
  const from = await openLocation(backup.location, s3.settings);
  await restoreBackup(from, target, restoredStorage);
  await from.close();
  const restored = await open();
  const [source, copy] = [await tableContents(t.db), await tableContents(restored.db)].map(withoutBossHeartbeat) as [
    Map<string, string[]>,
    Map<string, string[]>,
  ];
  await restored.close();

  // The writes in the copy are exactly the first N: none acknowledged before the backup missing, none after it.
  const suppliersTable = '"public"."suppliers"';
  const inCopy = (copy.get(suppliersTable) ?? []).map(writeNumber).filter((k) => k !== undefined);
  const n = Math.max(...inCopy);
  expect(inCopy.sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  expect(n).toBeGreaterThanOrEqual(ackedBeforeBackup);
  expect(n).toBeLessThan(written);
  // Every other row, in every table, as in the source.
  source.set(
    suppliersTable,
    (source.get(suppliersTable) ?? []).filter((row) => (writeNumber(row) ?? 0) <= n),
  );
  expect([...copy.keys()]).toEqual([...source.keys()]);
  for (const [table, rows] of source) expect(copy.get(table), table).toEqual(rows);

  // Files: every one there before the backup, and every one a copied row names, byte for byte; nothing foreign.
  const [sourceFiles, copyFiles] = [await storedFiles(t.app.storage), await storedFiles(restoredStorage)];
  for (const [file, bytes] of filesBeforeBackup) expect(copyFiles.get(file)?.equals(bytes), file).toBe(true);
  for (const row of copy.get(suppliersTable) ?? []) {
    const phone: string = JSON.parse(row).phone;
    if (writeNumber(row)) expect(copyFiles.has(`uploads/${phone.slice('/uploads/'.length)}`), phone).toBe(true);
  }
  for (const [file, bytes] of copyFiles) expect(sourceFiles.get(file)?.equals(bytes), file).toBe(true);
  expect([...filesBeforeBackup.keys()].filter((file) => file.startsWith('private/'))).not.toEqual([]);
  expect([...filesBeforeBackup.keys()].filter((file) => file.startsWith('uploads/')).length).toBeGreaterThan(5);
  return backup;
}

let folderBackup: string;

describe('a backup to a folder', () => {
  it('restores every row and every file as they were at the backup, while writes went on', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'adega-backups-'));
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    const restoredDir = mkdtempSync(path.join(tmpdir(), 'adega-restored-files-'));
    cleanups.push(async () => rmSync(restoredDir, { recursive: true, force: true }));
    const backup = await roundTrip(folder, localStorage(restoredDir));
    folderBackup = backup.location;
    expect(path.dirname(backup.location)).toBe(folder);
    expect(backup.manifest).toMatchObject({ app: 'adega', database: { kind: onPostgres ? 'postgres' : 'pglite' } });
    expect(backup.manifest.migrations.applied).toBeGreaterThan(20);
  });
});

describe('a backup to an S3 bucket', () => {
  it('restores every row and every file (into a bucket) as they were at the backup, while writes went on', async () => {
    const backup = await roundTrip(`s3://${s3.settings.bucket}/backups`, s3Storage(s3.settings));
    expect(backup.location).toMatch(new RegExp(`^s3://${s3.settings.bucket}/backups/adega-backup-`));
  });
});

describe('a damaged backup', () => {
  /** A copy of the folder backup with one file changed. */
  function damagedCopy(file: (names: string[]) => string, damage: (bytes: Buffer) => Buffer): string {
    const copy = mkdtempSync(path.join(tmpdir(), 'adega-damaged-'));
    cleanups.push(async () => rmSync(copy, { recursive: true, force: true }));
    cpSync(folderBackup, copy, { recursive: true });
    const target = path.join(copy, file(readdirSync(copy, { recursive: true }) as string[]));
    writeFileSync(target, damage(readFileSync(target)));
    return copy;
  }

  async function expectRefused(from: string, message: RegExp) {
    const { target, open } = await emptyTarget();
    const filesDir = mkdtempSync(path.join(tmpdir(), 'adega-refused-files-'));
    cleanups.push(async () => rmSync(filesDir, { recursive: true, force: true }));
    const storage = localStorage(filesDir);
    const error = await restoreBackup(await openLocation(from, undefined), target, storage).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/Nada foi alterado/);
    // Nothing changed: no file stored, and the database still empty.
    expect((await storedFiles(storage)).size).toBe(0);
    if ('dataDir' in target) expect(readdirSync(target.dataDir)).toEqual([]);
    else {
      const database = await open();
      const contents = await tableContents(database.db);
      await database.close();
      expect(contents.size).toBe(0);
    }
  }

  it('is refused when a file is corrupt, and nothing changes', async () => {
    const corrupt = damagedCopy(
      (names) => names.find((name) => name.startsWith(`${path.join('files', 'uploads')}${path.sep}`)) as string,
      (bytes) => Buffer.concat([bytes.subarray(0, 10), Buffer.from([bytes[10]! ^ 0xff]), bytes.subarray(11)]),
    );
    await expectRefused(corrupt, /Backup corrompido: a soma de verificação de files\/uploads\/.+ não confere/);
  });

  it('is refused when it is truncated, and nothing changes', async () => {
    const truncated = damagedCopy(
      (names) => names.find((name) => name.startsWith('database.')) as string,
      (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2)),
    );
    await expectRefused(truncated, /Backup truncado: database\.(tar\.gz|pgdump) tem \d+ bytes, o manifesto registra \d+/);
  });

  it('is refused into a target that is not empty, unless forced', async () => {
    const filesDir = mkdtempSync(path.join(tmpdir(), 'adega-busy-files-'));
    cleanups.push(async () => rmSync(filesDir, { recursive: true, force: true }));
    const storage = localStorage(filesDir);
    await storage.private.put('outro/arquivo.txt', Buffer.from('já estava aqui'));
    const { target } = await emptyTarget();
    const error = await restoreBackup(await openLocation(folderBackup, undefined), target, storage).catch((err: unknown) => err);
    expect((error as Error).message).toMatch(/O destino não está vazio \(o armazenamento de arquivos\).*--force/);
    expect(await storage.private.read('outro/arquivo.txt')).toEqual(Buffer.from('já estava aqui'));
    await restoreBackup(await openLocation(folderBackup, undefined), target, storage, { force: true });
    expect(await storage.private.read('outro/arquivo.txt')).toBeUndefined();
  });
});
