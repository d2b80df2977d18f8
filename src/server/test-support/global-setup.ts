import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type ConstructorOptions, fromPglite, PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../db/client.js';
import { adminQuery } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each test file's database is created from (when TEST_DATABASE_URL is set). */
    postgresTemplate: string | undefined;
  }
}

/** Creates pg-boss's own schema, as the first job runner of a database would: files that start jobs skip it. */
async function installJobSchema(connection: ConstructorOptions): Promise<void> {
  const boss = new PgBoss({ ...connection, schedule: false, supervise: false, registerInstance: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/** Migrates one PGlite database and dumps it; every test file loads the dump instead of migrating again. */
async function pgliteTemplate(dir: string): Promise<string> {
  const client = await PGlite.create({ extensions: pgliteExtensions() });
  await migrate(drizzle({ client }), { migrationsFolder });
  await installJobSchema({ db: fromPglite(client), backend: 'pglite' });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/** The same on the PostgreSQL server: one migrated database that every file's database copies (CREATE … TEMPLATE). */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `adega_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.close();
  await installJobSchema({ connectionString: url.toString(), max: 1 });
  return name;
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'adega-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  // One after the other: building PGlite's template holds the event loop for seconds, which a PostgreSQL transaction
  // waiting on it would not survive (idle_in_transaction_session_timeout).
  const postgresName = adminUrl ? await postgresTemplate(adminUrl) : undefined;
  const pgliteFile = await pgliteTemplate(dir);
  project.provide('pgliteTemplate', pgliteFile);
  project.provide('postgresTemplate', postgresName);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresName) await adminQuery(adminUrl, `drop database if exists ${postgresName} with (force)`);
  };
}
