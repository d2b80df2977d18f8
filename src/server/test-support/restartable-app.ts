import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { type Database, openDatabase } from '../db/client.js';
import { testConfig } from './test-app.js';
import { openTestDatabase, pgliteFromTemplate } from './test-database.js';

/**
 * A database a test file can close and open again, as a restarted process does: a PostgreSQL database of its own, or
 * an embedded one in a data directory (loaded from the migrated template). Made in beforeAll, removed in afterAll.
 * `openAgain` opens it once more; `startApp` builds a ready app on it (two at once on PostgreSQL are two processes).
 */
export function restartableDatabasePerFile(prefix: string) {
  const onPostgres = process.env.ADEGA_TEST_DB === 'postgres';
  let dataDir = '';
  let postgres: (Database & { connectionString?: string }) | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `adega-${prefix}-`));
    if (onPostgres) postgres = await openTestDatabase();
    else await (await pgliteFromTemplate(path.join(dataDir, 'pglite'))).close();
  });
  afterAll(async () => {
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const openAgain = () =>
    postgres ? openDatabase({ databaseUrl: postgres.connectionString as string, migrate: false }) : openDatabase({ dataDir });
  return {
    onPostgres,
    openAgain,
    async startApp(): Promise<FastifyInstance> {
      const app = await buildApp(testConfig(dataDir), { database: await openAgain(), logger: false });
      await app.ready();
      return app;
    },
  };
}
