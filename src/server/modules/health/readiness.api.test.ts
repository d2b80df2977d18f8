import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDiskSpace } from '../../core/disk-space.js';
import { type Database, openDatabase } from '../../db/client.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { testConfig } from '../../test-support/test-app.js';
import { openTestDatabase } from '../../test-support/test-database.js';

/**
 * GET /api/health/ready (decision 0085) in the app: held back by a start-up step (the catalogue's search index), a low
 * disk, an unreachable database, and for good once shutdown begins. Start-up itself (the port answering `starting`
 * while the database migrates) needs the server as a process: readiness-process.api.test.ts.
 */
const MB = 1024 * 1024;
let freeBytes = 900 * MB;
let clockMs = 0;
const disk = createDiskSpace('/nowhere', 512 * MB, { statfs: async () => ({ bavail: freeBytes, bsize: 1 }), now: () => clockMs });
const setFree = (bytes: number) => {
  freeBytes = bytes;
  clockMs += 1_050;
};
let openIndex: () => void = () => undefined;
const indexGate = new Promise<void>((resolve) => {
  openIndex = resolve;
});

const t = testAppPerFile({}, { disk, searchIndexBeforeLoad: () => indexGate });
const ready = (app: FastifyInstance = t.app) => app.inject({ method: 'GET', url: '/api/health/ready' });

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('GET /api/health/ready', () => {
  it('answers 503 while the search index loads (as main.ts waits for it), 200 once it is loaded', async () => {
    const ok = await ready();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ready' });
    expect(ok.headers['cache-control']).toBe('no-store');

    const loaded = t.app.catalog.searchIndexLoaded();
    t.app.readiness.waitFor('search_index_loading', loaded);
    for (let i = 0; i < 3; i++) {
      const loading = await ready();
      expect(loading.statusCode).toBe(503);
      expect(loading.json()).toEqual({
        status: 'not_ready',
        code: 'search_index_loading',
        detail: 'O índice de busca do catálogo está sendo carregado. Tente novamente em instantes.',
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    openIndex();
    await loaded;
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 while the disk is low (liveness stays 200), 200 once space is back', async () => {
    setFree(100 * MB);
    const low = await ready();
    expect(low.statusCode).toBe(503);
    expect(low.json()).toMatchObject({ status: 'not_ready', code: 'disk_low' });
    expect(low.json().detail).toMatch(/^Pouco espaço em disco no servidor/);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    setFree(600 * MB);
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 once shutdown has begun, for good', async () => {
    const app = await ownApp(await openTestDatabase());
    expect((await ready(app)).statusCode).toBe(200);
    app.readiness.shutDown();
    const closing = await ready(app);
    expect(closing.statusCode).toBe(503);
    expect(closing.json()).toEqual({
      status: 'not_ready',
      code: 'shutting_down',
      detail: 'O servidor está sendo encerrado. Tente novamente em instantes.',
    });
  });

  it('answers 503 when the database cannot be reached', async () => {
    let database: Database;
    if (process.env.ADEGA_TEST_DB === 'postgres') {
      database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/adega`, migrate: false });
    } else {
      // The embedded database closed under the app: every statement fails, as with a server that went away.
      database = await openTestDatabase();
    }
    const app = await ownApp(database);
    if (database.kind === 'pglite') await database.close();
    const down = await ready(app);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not_ready', code: 'database_unavailable', detail: 'Banco de dados indisponível.' });
  });
});

async function ownApp(database: Database): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-ready-'));
  const app = await buildApp(testConfig(dataDir, database.connectionString ? { databaseUrl: database.connectionString } : {}), {
    database,
    logger: false,
  });
  cleanups.push(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return app;
}

async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
