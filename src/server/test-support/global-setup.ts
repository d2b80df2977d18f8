import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
    /** The migrated embedded database's data directory, which every test file's PGlite is a copy of (pglite project). */
    pgliteTemplate: string | undefined;
    /** Where those copies go: memory (/dev/shm) when the machine has it, removed after the run. */
    pgliteCopies: string | undefined;
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

/**
 * Migrates one PGlite database and unpacks it into a data directory; every test file copies its files instead of
 * migrating again. A copy (0.07 s) that PGlite opens from disk (0.2 s) took a third of the time of unpacking the dump
 * into PGlite's memory file system at each open (0.5 to 0.9 s), a hundred times a run.
 */
async function pgliteTemplate(dir: string): Promise<string> {
  const client = await PGlite.create({ extensions: pgliteExtensions() });
  await migrate(drizzle({ client }), { migrationsFolder });
  await installJobSchema({ db: fromPglite(client), backend: 'pglite' });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const template = path.join(dir, 'template');
  await (await PGlite.create(template, { loadDataDir: dump, extensions: pgliteExtensions() })).close();
  return template;
}

/** Memory when the machine has a tmpfs at /dev/shm (Linux): the databases' files were in memory in PGlite's own. */
const copiesRoot = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

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

/**
 * Runs for each project of vitest.config.ts, and for the root project too, before any test: each project makes the
 * template its own tests open (the pglite project's PGlite, the postgres project's PostgreSQL database), and the
 * root, whose tests are the projects', makes none. Each made both, and the first test waited for six templates
 * (15 s here).
 */
export default async function setup(project: TestProject) {
  if (project.isRootProject() && !project.vitest.projects.includes(project)) return;
  const kind = project.config.env?.ADEGA_TEST_DB;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dir = kind === 'postgres' ? undefined : mkdtempSync(path.join(copiesRoot(), 'adega-test-'));
  // One after the other: building PGlite's template holds the event loop for seconds, which a PostgreSQL transaction
  // waiting on it would not survive (idle_in_transaction_session_timeout).
  const postgresName = adminUrl && kind !== 'pglite' ? await postgresTemplate(adminUrl) : undefined;
  project.provide('pgliteTemplate', dir && (await pgliteTemplate(dir)));
  project.provide('pgliteCopies', dir);
  project.provide('postgresTemplate', postgresName);
  return async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresName) await adminQuery(adminUrl, `drop database if exists ${postgresName} with (force)`);
  };
}
