/**
 * Product import benchmark: a generated BENCH_IMPORT_ROWS-row .xlsx (default 100,000) imported end to end (upload to
 * completed) by the built server (dist/, NODE_ENV=production) running as a process of its own on a temporary
 * DATA_DIR (PGlite) or, with BENCH_POSTGRES_URL, a database of its own on that server. While it runs, one client reads
 * the public menu page in a loop. Prints one JSON line: rows/s, seconds, the server's memory (RSS from /proc, its
 * worker threads included) before and at its peak during the import, and the menu page's latency percentiles
 * meanwhile. The client (the upload, the menu reader) runs here, so none of it counts in the server's memory or
 * latency. Started by scripts/bench.mjs (BENCH_ONLY=import), which builds dist/ first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { executeImport, signInTo } from '../src/server/test-support/http-client.js';
import { SAMPLE_MAPPING } from '../src/server/test-support/import-files.js';
import { freePort, startServerProcess } from '../src/server/test-support/server-process.js';
import { createBenchDatabase } from './postgres-database.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PAGE = '/pedra-da-ilha/carta-de-vinhos';
const ADMIN = { email: 'bench-import@adega.test', password: 'senha-do-bench-123' };
const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(root, 'dist/node/server/main.js');
if (!existsSync(serverEntry)) throw new Error('dist/ is not built: run npm run build (scripts/bench.mjs does)');

/** Resident memory of a process, in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-import-'));
const benchDatabase = process.env.BENCH_POSTGRES_URL ? await createBenchDatabase(process.env.BENCH_POSTGRES_URL) : undefined;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServerProcess({
  // BENCH_SERVER_NODE_ARGS: node options for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof to see where its time goes).
  args: [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), serverEntry],
  port,
  dataDir,
  databaseUrl: benchDatabase?.url,
  admin: ADMIN,
  logLevel: process.env.BENCH_LOG_LEVEL,
});
try {
  // Written by another process: generating it here would only slow the client.
  const workbookFile = path.join(dataDir, `produtos-${ROWS}.xlsx`);
  execFileSync(process.execPath, [path.join(root, 'scripts/import-fixtures.mjs'), '--large', String(ROWS), workbookFile]);
  const workbook = readFileSync(workbookFile);
  const client = await signInTo(base, ADMIN);
  const { auth } = client;
  const seeded = await fetch(`${base}/api/seed/pedra-da-ilha`, { method: 'POST', headers: auth });
  if (!seeded.ok) throw new Error(`seed answered ${seeded.status}: ${await seeded.text()}`);
  for (let i = 0; i < 20; i++) await (await fetch(base + PAGE)).arrayBuffer();

  // The guest's view: one client reading the menu page back to back while the import runs (and, after it, for as long
  // without it: the figures the fairness aim compares).
  let importing = true;
  let latencies: number[] = [];
  let menuErrors = 0;
  const readMenu = async (going: () => boolean) => {
    while (going()) {
      const t0 = performance.now();
      try {
        const res = await fetch(base + PAGE);
        await res.arrayBuffer();
        if (res.status !== 200) menuErrors++;
      } catch {
        menuErrors++;
      }
      latencies.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  // Before the import: the same reader alone for 15 s (the baseline the fairness aim compares with).
  const beforeUntil = performance.now() + 15_000;
  await readMenu(() => performance.now() < beforeUntil);
  const before = latencies.sort((a, b) => a - b);
  latencies = [];
  const menuReader = readMenu(() => importing);

  const pid = server.pid ?? 0;
  const rssBefore = rssOf(pid);
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(pid));
  }, 50);
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(workbook)]), `produtos-${ROWS}.xlsx`);
  const uploaded = await fetch(`${base}/api/product-import/upload`, { method: 'POST', headers: auth, body: form });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { import_id } = (await uploaded.json()) as { import_id: string };
  const uploadSeconds = (performance.now() - started) / 1000;
  const executed = await executeImport(client, import_id, SAMPLE_MAPPING);
  if (executed.status !== 202) throw new Error(`execute answered ${executed.status}: ${await executed.text()}`);
  let status: { status: string; success_count: number; error_count: number; skipped_count: number; failure_reason: string | null };
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await (await fetch(`${base}/api/product-import/status/${import_id}`, { headers: auth })).json()) as typeof status;
  } while (status.status === 'pending' || status.status === 'processing');
  const seconds = (performance.now() - started) / 1000;
  importing = false;
  clearInterval(sampler);
  await menuReader;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number, list = sorted) => list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)] ?? 0;
  // The same reader for as long again (at most 30 s), no import running.
  const during = { errors: menuErrors };
  latencies = [];
  menuErrors = 0;
  const quietSeconds = Math.min(seconds, 30);
  const quietUntil = performance.now() + quietSeconds * 1000;
  await readMenu(() => performance.now() < quietUntil);
  const quiet = latencies.sort((a, b) => a - b);
  // The audit trail is always on (issue 29): the import's upload and execution each left their entry.
  const trail = await fetch(`${base}/api/audit?record_kind=product_import&record_id=${import_id}`, { headers: auth });
  const auditEntries = trail.ok ? Number(trail.headers.get('x-total-count') ?? 0) : -1;
  process.stdout.write(
    `${JSON.stringify({
      database: benchDatabase ? 'postgres' : 'pglite',
      rows: ROWS,
      auditEntries,
      fileBytes: workbook.length,
      status: status.status,
      failure: status.failure_reason,
      success: status.success_count,
      errors: status.error_count,
      skipped: status.skipped_count,
      uploadSeconds,
      seconds,
      rowsPerSecond: ROWS / seconds,
      rssBeforeMb: rssBefore / 2 ** 20,
      peakRssMb: peakRss / 2 ** 20,
      importAddedMb: (peakRss - rssBefore) / 2 ** 20,
      menuRequests: sorted.length,
      menuErrors: during.errors,
      menuPerSecond: sorted.length / seconds,
      quietRequests: quiet.length,
      quietErrors: menuErrors,
      quietPerSecond: quiet.length / quietSeconds,
      quietP50: at(50, quiet),
      quietP99: at(99, quiet),
      beforeRequests: before.length,
      beforeP50: at(50, before),
      beforeP99: at(99, before),
      menuP50: at(50),
      menuP99: at(99),
      menuMax: sorted.at(-1) ?? 0,
    })}\n`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(undefined)));
  await benchDatabase?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
