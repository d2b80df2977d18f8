/**
 * npm run bench (part d; alone with BENCH_ONLY=analytics): p50/p95 of GET /api/analytics/dashboard?days=90 and of the
 * first page of GET /api/orders (when that route exists) over generated orders: BENCH_PGLITE_ORDERS (default 100,000)
 * on PGlite, and BENCH_POSTGRES_ORDERS (default 1,000,000) on PostgreSQL when BENCH_POSTGRES_URL or TEST_DATABASE_URL
 * names a server (the bench gets a database of its own there, dropped after). Aim: p95 < 150 ms on both.
 * BENCH_TARGETS=pglite|postgres picks one. Prints figures, asserts nothing; on a shared machine they are measured
 * under contention.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import type { Db } from '../src/server/db/client.js';
import { suppliers, users } from '../src/server/db/schema/index.js';
import { startSession } from '../src/server/modules/auth/sessions.js';
import { createTokenSigner } from '../src/server/modules/auth/tokens.js';
import { benchConfig } from './bench-config.js';
import { insertOrders } from './orders-fixture.js';
import { percentile } from './percentile.mjs';
import { createBenchDatabase } from './postgres-database.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const AIM_MS = 150;
const out = (s: string) => process.stdout.write(s);
const fmt = (n: number) => n.toFixed(1);

async function timeRequests(base: string, url: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 10; i++) await fetch(base + url, { headers }).then((r) => r.arrayBuffer());
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const r = await fetch(base + url, { headers });
    await r.arrayBuffer();
    timings.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
  }
  const sorted = timings.sort((a, b) => a - b);
  return `p50 ${fmt(percentile(sorted, 50))} ms   p95 ${fmt(percentile(sorted, 95))} ms   max ${fmt(sorted.at(-1) ?? 0)} ms`;
}

async function run(target: 'pglite' | 'postgres', orders: number, serverUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-analytics-'));
  const benchDatabase = serverUrl ? await createBenchDatabase(serverUrl) : undefined;
  const config = benchConfig(dataDir, benchDatabase?.url);
  const app = await buildApp(config);
  try {
    const db = app.database.db;
    const started = performance.now();
    out(`\n(d) analytics on ${target === 'pglite' ? 'PGlite' : 'PostgreSQL'}: generating ${orders.toLocaleString('en')} orders...\n`);
    // On PostgreSQL the load goes through a pool of its own: the app's pool times out queries meant for requests.
    const loader = benchDatabase ? new pg.Pool({ connectionString: benchDatabase.url, max: 1 }) : undefined;
    await insertOrders(loader ? (drizzle(loader) as unknown as Db) : db, orders);
    await loader?.end();
    const [{ items } = { items: 0 }] = (
      (await db.execute(sql`select count(*)::int as items from order_items`)) as unknown as { rows: { items: number }[] }
    ).rows;
    out(`  generated in ${fmt((performance.now() - started) / 1000)} s (${Number(items).toLocaleString('en')} items)\n`);
    const signer = createTokenSigner(config.jwtSecret);
    const [admin] = await db.insert(users).values({ email: 'bench-admin@adega.test', passwordHash: 'x', role: 'admin' }).returning();
    const [supplier] = await db.select().from(suppliers).where(eq(suppliers.companyName, 'Importadora Bench 001'));
    const [supplierUser] = await db
      .insert(users)
      .values({ email: 'bench-supplier@adega.test', passwordHash: 'x', role: 'supplier', supplierId: supplier?.id ?? null })
      .returning();
    if (!admin || !supplierUser) throw new Error('bench users not created');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const adminToken = await startSession(db, signer, admin.id);
    out(`  ${REQUESTS} sequential requests each, measured under whatever else runs on this machine (aim p95 < ${AIM_MS} ms)\n`);
    out(
      `  GET /api/analytics/dashboard?days=90 (admin)      ${await timeRequests(base, '/api/analytics/dashboard?days=90', adminToken)}\n`,
    );
    out(
      `  GET /api/analytics/dashboard?days=90 (supplier)   ${await timeRequests(base, '/api/analytics/dashboard?days=90', await startSession(db, signer, supplierUser.id))}\n`,
    );
    if (app.apiRoutes.some((r) => r.method === 'GET' && r.url === '/api/orders')) {
      out(`  GET /api/orders (first page, admin)              ${await timeRequests(base, '/api/orders', adminToken)}\n`);
    } else {
      out('  GET /api/orders: skipped (the route does not exist in this build)\n');
    }
  } finally {
    await app.close();
    await benchDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const serverUrl = process.env.BENCH_POSTGRES_URL || process.env.TEST_DATABASE_URL;
const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
if (targets.includes('pglite')) await run('pglite', Number(process.env.BENCH_PGLITE_ORDERS ?? 100_000));
if (targets.includes('postgres')) {
  if (serverUrl) await run('postgres', Number(process.env.BENCH_POSTGRES_ORDERS ?? 1_000_000), serverUrl);
  else out('\n(d) analytics on PostgreSQL: skipped (set BENCH_POSTGRES_URL or TEST_DATABASE_URL)\n');
}
process.exit(0);
