/**
 * What the audit trail costs (issue 29: "the public menu's throughput and the import's time move by under 5 %"). The
 * real app (buildApp, NODE_ENV=production) in this process, on PGlite or, with BENCH_POSTGRES_URL, a database of its
 * own on that server. Each figure is taken with the trail on and with it off, in alternating runs (on, off, off, on…)
 * so drift counts against neither. "Off" is the database's doing, never the app's: a rule that turns every INSERT
 * into audit_entries into nothing (`create rule … do instead nothing`), dropped again for the "on" runs; the app
 * runs the very same code both ways. Figures:
 * - writes: the p50 of a menu wine's price change (PUT /api/wine-menus/:id/wines/:wineId), BENCH_AUDIT_WRITES each run;
 * - import: a BENCH_AUDIT_IMPORT_ROWS-row .xlsx (default 20,000) from upload to completed;
 * - public menu: requests per second of the sample menu page, 50 in flight, BENCH_AUDIT_MENU_REQUESTS each run.
 * Prints one JSON line; asserts nothing. Started by scripts/bench.mjs (BENCH_ONLY=audit).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { auditEntries, products, users } from '../src/server/db/schema/index.js';
import { startSession } from '../src/server/modules/auth/sessions.js';
import { createTokenSigner } from '../src/server/modules/auth/tokens.js';
import { SAMPLE_MAPPING } from '../src/server/test-support/import-files.js';
import { multipartBody } from '../src/server/test-support/multipart.js';
import { benchConfig } from './bench-config.js';
import { percentile } from './percentile.mjs';
import { createBenchDatabase } from './postgres-database.js';

const RUNS = 4; // per side: on, off, off, on, on, off, off, on
const WRITES = Number(process.env.BENCH_AUDIT_WRITES ?? 200);
const IMPORT_ROWS = Number(process.env.BENCH_AUDIT_IMPORT_ROWS ?? 20_000);
const MENU_REQUESTS = Number(process.env.BENCH_AUDIT_MENU_REQUESTS ?? 4_000);
const MENU_IN_FLIGHT = 50;
const PAGE = '/pedra-da-ilha/carta-de-vinhos';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const root = fileURLToPath(new URL('..', import.meta.url));

const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-audit-'));
const benchDatabase = process.env.BENCH_POSTGRES_URL ? await createBenchDatabase(process.env.BENCH_POSTGRES_URL) : undefined;
const config = benchConfig(dataDir, benchDatabase?.url);
const app = await buildApp(config);
const db = app.database.db;

/** The trail off: the database drops the entries; the app's code is the same. */
async function setTrail(on: boolean): Promise<void> {
  await db.execute(sql`drop rule if exists audit_entries_bench_off on audit_entries`);
  if (!on) await db.execute(sql`create rule audit_entries_bench_off as on insert to audit_entries do instead nothing`);
}
const entries = async () => (await db.select({ n: count() }).from(auditEntries))[0]?.n ?? 0;

/** Runs `measure` RUNS times with the trail on and RUNS times off (on, off, off, on, …); medians of each side. */
async function onAndOff(measure: () => Promise<number>) {
  const on: number[] = [];
  const off: number[] = [];
  for (let i = 0; i < RUNS * 2; i++) {
    const trailOn = i % 4 === 0 || i % 4 === 3;
    await setTrail(trailOn);
    (trailOn ? on : off).push(await measure());
  }
  await setTrail(true);
  const median = (list: number[]) =>
    percentile(
      [...list].sort((a, b) => a - b),
      50,
    );
  return { on: median(on), off: median(off), runs: { on, off } };
}
/** How much worse with the trail on, in % of the figure with it off (a time that grows, a throughput that drops). */
const costPct = (worse: number, off: number) => Number(((worse / off) * 100).toFixed(1));

try {
  await app.jobs.start();
  const [admin] = await db
    .insert(users)
    .values({ email: `bench-audit-${Date.now()}@adega.test`, passwordHash: 'x', role: 'admin' })
    .returning();
  if (!admin) throw new Error('admin not created');
  const headers = { authorization: `Bearer ${await startSession(db, createTokenSigner(config.jwtSecret), admin.id)}` };
  const seeded = await app.inject({ method: 'POST', url: '/api/seed/pedra-da-ilha', headers });
  if (seeded.statusCode >= 300) throw new Error(`seed answered ${seeded.statusCode}`);

  // Writes: one wine's price, changed back and forth.
  const menus = (await app.inject({ method: 'GET', url: '/api/wine-menus', headers })).json() as { id: string }[];
  const menuId = menus[0]?.id;
  const added = await app.inject({
    method: 'POST',
    url: `/api/wine-menus/${menuId}/wines`,
    headers,
    payload: { name: 'Malbec do Bench', price: 120, category: 'Vinhos Tintos Médios' },
  });
  if (added.statusCode !== 201) throw new Error(`adding the wine answered ${added.statusCode}: ${added.body}`);
  const wineUrl = `/api/wine-menus/${menuId}/wines/${added.json().id}`;
  let price = 120;
  const writes = await onAndOff(async () => {
    const times: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      price = price === 120 ? 135 : 120;
      const t0 = performance.now();
      const res = await app.inject({
        method: 'PUT',
        url: wineUrl,
        headers,
        payload: { name: 'Malbec do Bench', price, category: 'Vinhos Tintos Médios' },
      });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`price change answered ${res.statusCode}: ${res.body}`);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  });

  // The import: the same workbook each run, its products deleted after each (untimed), so every run inserts them all.
  const workbookFile = path.join(dataDir, 'produtos.xlsx');
  execFileSync(process.execPath, [path.join(root, 'scripts/import-fixtures.mjs'), '--large', String(IMPORT_ROWS), workbookFile]);
  const form = multipartBody('file', 'produtos.xlsx', XLSX_TYPE, readFileSync(workbookFile));
  const importOnce = async () => {
    const started = performance.now();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/product-import/upload',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
    const importId = uploaded.json().import_id as string;
    const executed = await app.inject({
      method: 'POST',
      url: '/api/product-import/execute',
      headers,
      payload: {
        import_id: importId,
        field_mapping: SAMPLE_MAPPING,
        options: { skip_duplicates: true, create_categories: true, create_suppliers: true },
      },
    });
    if (executed.statusCode !== 202) throw new Error(`execute answered ${executed.statusCode}: ${executed.body}`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const status = (await app.inject({ method: 'GET', url: `/api/product-import/status/${importId}`, headers })).json();
      if (status.status === 'completed') break;
      if (status.status === 'failed') throw new Error(`import failed: ${status.failure_reason}`);
    }
    const seconds = (performance.now() - started) / 1000;
    await db.delete(products).where(eq(products.importId, importId));
    return seconds;
  };
  // A first import, not counted: it creates the workbook's categories and suppliers, which every later run finds.
  await importOnce();
  const entriesBeforeImport = await entries();
  const imports = await onAndOff(importOnce);
  const importEntries = (await entries()) - entriesBeforeImport;

  // The public menu: reads only; the trail is not on its path, and the figure shows it.
  const menuRun = async () => {
    let sent = 0;
    const started = performance.now();
    const worker = async () => {
      while (sent < MENU_REQUESTS) {
        sent++;
        const res = await app.inject({ method: 'GET', url: PAGE, headers: { 'accept-encoding': 'gzip' } });
        if (res.statusCode !== 200) throw new Error(`menu answered ${res.statusCode}`);
      }
    };
    await Promise.all(Array.from({ length: MENU_IN_FLIGHT }, worker));
    return MENU_REQUESTS / ((performance.now() - started) / 1000);
  };
  const entriesBeforeMenu = await entries();
  const menu = await onAndOff(menuRun);
  const menuEntries = (await entries()) - entriesBeforeMenu;

  process.stdout.write(
    `${JSON.stringify({
      database: benchDatabase ? 'postgres' : 'pglite',
      runsPerSide: RUNS,
      writes: {
        count: WRITES,
        p50MsOn: round(writes.on),
        p50MsOff: round(writes.off),
        trailCostPct: costPct(writes.on - writes.off, writes.off),
      },
      import: {
        rows: IMPORT_ROWS,
        secondsOn: round(imports.on),
        secondsOff: round(imports.off),
        trailCostPct: costPct(imports.on - imports.off, imports.off),
        entriesPerImport: importEntries / RUNS,
      },
      publicMenu: {
        requests: MENU_REQUESTS,
        reqPerSecOn: Math.round(menu.on),
        reqPerSecOff: Math.round(menu.off),
        trailCostPct: costPct(menu.off - menu.on, menu.off),
        entriesWritten: menuEntries,
      },
    })}\n`,
  );
} finally {
  await app.close();
  await benchDatabase?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

function round(n: number) {
  return Number(n.toFixed(3));
}
