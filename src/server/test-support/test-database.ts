import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase, pgliteExtensions, pgliteStartParams } from '../db/client.js';

/** A fresh, migrated database for one test file: a PGlite loaded from the template, or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<Database & { connectionString?: string }> {
  if (process.env.ADEGA_TEST_DB === 'postgres') return openPostgresTestDatabase();
  const template = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({
    loadDataDir: new Blob([template]),
    extensions: pgliteExtensions(),
    startParams: pgliteStartParams(),
  });
  return openDatabase({ pglite: client });
}

async function openPostgresTestDatabase(): Promise<Database & { connectionString: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `adega_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    connectionString: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
