/**
 * Benchmark target: the real app (buildApp) on a temporary DATA_DIR (PGlite), seeded with the Pedra da Ilha
 * sample and BENCH_CATALOG_SIZE (default 50,000) catalogue wines; on PostgreSQL with BENCH_POSTGRES_URL. Started by scripts/bench.mjs as a child process; prints one JSON line
 * {port, token, seed, catalogWines} on stdout when ready, then serves until killed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import type { Db } from '../src/server/db/client.js';
import { toColumns } from '../src/server/db/row-mapping.js';
import { establishments, menuWines, users, wineMenus } from '../src/server/db/schema/index.js';
import { startSession } from '../src/server/modules/auth/sessions.js';
import { createTokenSigner } from '../src/server/modules/auth/tokens.js';
import { loadSampleData } from '../src/server/modules/seed/sample-data.js';
import { benchConfig } from './bench-config.js';
import { insertCatalogue } from './catalog-fixture.js';
import { createBenchDatabase } from './postgres-database.js';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-'));
// BENCH_POSTGRES_URL: a PostgreSQL server; the app gets a database of its own there, dropped when it stops.
const benchDatabase = process.env.BENCH_POSTGRES_URL ? await createBenchDatabase(process.env.BENCH_POSTGRES_URL) : undefined;
const config = benchConfig(dataDir, benchDatabase?.url ?? process.env.BENCH_DATABASE_URL);
const app = await buildApp(config);
const db = app.database.db;

const [admin] = await db
  .insert(users)
  .values({ email: `bench-${Date.now()}@adega.test`, passwordHash: 'x', role: 'admin' })
  .returning();
if (!admin) throw new Error('admin not created');
const token = await startSession(db, createTokenSigner(config.jwtSecret), admin.id);

// The sample data through its own endpoint when it exists; otherwise the same data inserted here.
let seed = 'POST /api/seed/pedra-da-ilha';
const seeded = await app.inject({ method: 'POST', url: '/api/seed/pedra-da-ilha', headers: { authorization: `Bearer ${token}` } });
if (seeded.statusCode >= 300) {
  seed = `direct insert (seed endpoint answered ${seeded.statusCode})`;
  await insertSample(db);
}
await insertCatalogue(db, CATALOG_SIZE);
// The search index's memory: the heap and the typed arrays' buffers after a full collection, before and after its load
// (node --expose-gc, as scripts/bench.mjs starts this file).
const gc = (globalThis as { gc?: () => void }).gc;
const used = () => {
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const beforeIndex = used();
const loadStarted = performance.now();
await app.catalog.searchIndexLoaded();
const indexLoadSeconds = (performance.now() - loadStarted) / 1000;
const indexMemoryMb = gc ? (used() - beforeIndex) / 2 ** 20 : null;
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`catalog_wines`);
process.stdout.write(`${JSON.stringify({ port, token, seed, catalogWines: n, indexLoadSeconds, indexMemoryMb })}\n`);

const stop = async () => {
  await app.close();
  await benchDatabase?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

async function insertSample(db: Db) {
  const sample = await loadSampleData();
  const [est] = await db.insert(establishments).values(toColumns(sample.establishment)).returning();
  if (!est) throw new Error('establishment not created');
  const [menu] = await db
    .insert(wineMenus)
    .values({ ...sample.menu, establishmentId: est.id })
    .returning();
  if (!menu) throw new Error('menu not created');
  await db.insert(menuWines).values(sample.wines.map((w, position) => ({ menuId: menu.id, position, ...toColumns(w) })));
}
