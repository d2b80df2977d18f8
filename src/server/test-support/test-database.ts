import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase, pgliteExtensions, pgliteStartParams } from '../db/client.js';
import { adminQuery } from './postgres-admin.js';

/** A fresh, migrated database for one test file: a PGlite on a copy of the template, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<Database & { connectionString?: string }> {
  if (process.env.ADEGA_TEST_DB === 'postgres') return openPostgresTestDatabase();
  const dir = mkdtempSync(path.join(pgliteProvided('pgliteCopies'), 'db-'));
  const database = await openDatabase({ pglite: await pgliteFromTemplate(dir) });
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated embedded database in `dir`, as a restaurant has it after its first start (a copy of the template's files). */
export async function pgliteFromTemplate(dir: string): Promise<PGlite> {
  const { wasmModule, fsBundle } = await pgliteParts();
  cpSync(pgliteProvided('pgliteTemplate'), dir, { recursive: true });
  return PGlite.create(dir, {
    pgliteWasmModule: wasmModule,
    fsBundle,
    extensions: pgliteExtensions(),
    startParams: pgliteStartParams(),
  });
}

/** What global-setup.ts made for the pglite project, the one whose tests run on PGlite. */
function pgliteProvided(key: 'pgliteTemplate' | 'pgliteCopies'): string {
  const value = inject(key);
  if (!value) throw new Error(`${key}: no PGlite template in this Vitest project (global-setup.ts makes it for 'pglite')`);
  return value;
}

/**
 * What every PGlite of a test worker starts from, read and compiled once per worker (files share their worker's
 * modules): PostgreSQL compiled to WebAssembly and its file bundle.
 */
let parts: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function pgliteParts() {
  parts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      wasmModule: await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
    };
  })();
  return parts;
}

/** A copy of the migrated template database (global-setup.ts): copying takes a fraction of migrating. */
async function openPostgresTestDatabase(): Promise<Database & { connectionString: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `adega_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    connectionString: url.toString(),
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
