/**
 * Part (i) of npm run bench, BENCH_ONLY=rolling-restart: requests served and failed during a rolling restart. Two
 * built server processes (dist/, NODE_ENV=production) on a PostgreSQL database of their own (BENCH_POSTGRES_URL or
 * TEST_DATABASE_URL) behind Debian's nginx running deploy/nginx/adega.conf, under the load the test proves it with
 * (src/server/test-support/rolling-restart.ts: three guests loading a public menu, an admin adding and editing menu
 * wines, a cellar receiving deliveries, a BENCH_RESTART_IMPORT_ROWS-row import), while each process in turn gets
 * SIGTERM, exits, starts again and takes requests again, BENCH_RESTART_ROUNDS times over (default 2). Prints the
 * requests served and failed, the acknowledged writes missing from the database afterwards, how long each process
 * took to stop and to come back, and the import's outcome. Asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
// @ts-expect-error: a plain .mjs script without types
import { largeWorkbook } from '../scripts/import-fixtures.mjs';
import { openDatabase } from '../src/server/db/client.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from '../src/server/test-support/factories.js';
import { executeImport, signInTo } from '../src/server/test-support/http-client.js';
import { SAMPLE_MAPPING } from '../src/server/test-support/import-files.js';
import { startFleet, startLoad } from '../src/server/test-support/rolling-restart.js';
import { createBenchDatabase } from './postgres-database.js';

const out = (s: string) => process.stdout.write(s);
const serverUrl = process.env.BENCH_POSTGRES_URL || process.env.TEST_DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_RESTART_ROUNDS ?? 2);
const IMPORT_ROWS = Number(process.env.BENCH_RESTART_IMPORT_ROWS ?? 20_000);
const ADMIN = { email: 'bench-restart@adega.test', password: 'senha-do-bench-123' };
const root = fileURLToPath(new URL('..', import.meta.url));

async function main(url: string) {
  const database = await createBenchDatabase(url);
  const dirs = [mkdtempSync(path.join(tmpdir(), 'adega-bench-restart-')), mkdtempSync(path.join(tmpdir(), 'adega-bench-nginx-'))];
  const fleet = await startFleet({
    databaseUrl: database.url,
    dataDir: dirs[0] as string,
    nginxDir: dirs[1] as string,
    admin: ADMIN,
    args: [path.join(root, 'dist/node/server/main.js')],
  });
  const { db, close } = await openDatabase({ databaseUrl: database.url });
  try {
    const admin = await signInTo(fleet.base, ADMIN);
    const est = await createEstablishmentRow(db);
    const menu = await createMenuRow(db, est.id);
    const edited = await createMenuWineRow(db, menu.id, { name: 'Vinho Sempre Editado' });
    const item = await (await admin.send('POST', `/api/establishments/${est.id}/cellar`, { name: 'Garrafa da Adega' })).json();
    const uploaded = await admin.upload('/api/product-import/upload', 'lista.xlsx', 'application/octet-stream', largeWorkbook(IMPORT_ROWS));
    const { import_id: importId } = await uploaded.json();
    await executeImport(admin, importId, { ...SAMPLE_MAPPING });

    const started = performance.now();
    const load = startLoad(fleet.base, admin.auth.authorization.slice('Bearer '.length), {
      pagePath: `/${est.slug}/${menu.slug}`,
      menuId: menu.id,
      editedWineId: edited.id,
      cellarItemId: item.id,
    });
    const restarts: string[] = [];
    for (let round = 0; round < ROUNDS; round++)
      for (let i = 0; i < fleet.addresses.length; i++) {
        const t0 = performance.now();
        const code = await fleet.restart(i);
        restarts.push(`process ${i + 1}: exit ${code}, back in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
    const report = await load.stop();
    const seconds = (performance.now() - started) / 1000;

    const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const wineIds = new Set((await rows<{ id: string }>(sql`select id from menu_wines where menu_id = ${menu.id}`)).map((r) => r.id));
    const movementIds = new Set(
      (await rows<{ id: string }>(sql`select id from cellar_movements where cellar_item_id = ${item.id}`)).map((r) => r.id),
    );
    const missing =
      report.addedWineIds.filter((id) => !wineIds.has(id)).length + report.movementIds.filter((id) => !movementIds.has(id)).length;
    let status = await (await admin.get(`/api/product-import/status/${importId}`)).json();
    for (const deadline = performance.now() + 300_000; status.status === 'processing' || status.status === 'pending'; ) {
      if (performance.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = await (await admin.get(`/api/product-import/status/${importId}`)).json();
    }
    const [products] = await rows<{ n: number; lines: number }>(
      sql`select count(*)::int as n, count(distinct import_row)::int as lines from products where import_id = ${importId}`,
    );

    out(`  ${ROUNDS} rounds of ${fleet.addresses.length} restarts in ${seconds.toFixed(1)} s: ${restarts.join('; ')}\n`);
    out(`  guests' public menu loads: ${report.guests.served} served, ${report.guests.failed.length} failed\n`);
    out(
      `  writes (menu wines added and edited, cellar deliveries): ${report.writes.acknowledged} acknowledged, ${report.writes.failed.length} failed, ${missing} acknowledged but missing\n`,
    );
    for (const failure of [...report.guests.failed, ...report.writes.failed].slice(0, 10)) out(`    ${failure}\n`);
    out(
      `  import of ${IMPORT_ROWS} rows: ${status.status}, ${status.success_count} imported, ${products?.n} products from ${products?.lines} distinct lines\n`,
    );
  } finally {
    await close();
    await fleet.stop();
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

out('\n(i) rolling restart of two processes behind nginx under load (SIGTERM, exit, start, served again)\n');
if (serverUrl) await main(serverUrl);
else out('  skipped: set BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432 (or TEST_DATABASE_URL)\n');
