/**
 * Health on a nearly full disk (issue 20, decision 0039): the built server with DATA_DIR on a small tmpfs; a sheet of
 * BENCH_LOW_DISK_ROWS rows (default 20,000) is uploaded, the tmpfs is filled below MIN_FREE_DISK_MB, the import is
 * started (it pauses), then the space is freed and the import finishes. A client asks GET /api/health every 200 ms
 * throughout; this prints how long the answers took, per phase (aim: every answer within 1 s). The test
 * (http/low-disk-process.api.test.ts) checks the behaviour; the figure is this bench's. Mounting needs root: without
 * it the bench says so and prints no figure. Started by scripts/bench.mjs (BENCH_ONLY=low-disk), which builds dist/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setInterval, setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PAUSED_FOR_DISK } from '../src/server/modules/product-import/run-import.js';
import { executeImport, signInTo } from '../src/server/test-support/http-client.js';
import { freePort, startServerProcess, stopProcess } from '../src/server/test-support/server-process.js';
import { percentile } from './percentile.mjs';

const MB = 1024 * 1024;
const TMPFS_MB = 160;
const MIN_FREE_MB = 48;
const ROWS = Number(process.env.BENCH_LOW_DISK_ROWS ?? 20_000);
const PAUSED_SECONDS = 10;
const ADMIN = { email: 'bench-low-disk@adega.test', password: 'senha-do-bench-123' };
const MAPPING = { name: 'Nome do Produto', category: 'Categoria', supplier: 'Fornecedor', price: 'Preço', sku: 'Código' };
const root = fileURLToPath(new URL('..', import.meta.url));

const mountPoint = mkdtempSync(path.join(tmpdir(), 'adega-bench-low-disk-'));
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m`, 'tmpfs', mountPoint], { stdio: 'pipe' });
} catch (err) {
  rmSync(mountPoint, { recursive: true, force: true });
  const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
  process.stdout.write(`  skipped: cannot mount a tmpfs (${why}); run as root\n`);
  process.exit(0);
}

const dataDir = path.join(mountPoint, 'data');
mkdirSync(dataDir);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServerProcess({
  args: [path.join(root, 'dist/node/server/main.js')],
  port,
  dataDir,
  admin: ADMIN,
  env: { MIN_FREE_DISK_MB: String(MIN_FREE_MB) },
});

type Phase = 'disk ok' | 'disk filling, import paused' | 'space freed, import running';
let phase: Phase = 'disk ok';
const answers: { phase: Phase; ms: number; ok: boolean }[] = [];
let watching = true;
const watcher = (async () => {
  for await (const _ of setInterval(200)) {
    if (!watching) break;
    const t0 = performance.now();
    let ok = false;
    try {
      ok = (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) })).status === 200;
    } catch {}
    answers.push({ phase, ms: performance.now() - t0, ok });
  }
})();

const diskStatus = async () => ((await (await fetch(`${base}/api/health`)).json()) as { disk: { status: string } }).disk.status;
async function until(what: string, done: () => Promise<boolean>, seconds = 180) {
  const deadline = performance.now() + seconds * 1000;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(250);
  }
}

try {
  const client = await signInTo(base, ADMIN);
  const sheet = path.join(mountPoint, '..', `${path.basename(mountPoint)}.xlsx`);
  execFileSync(process.execPath, [path.join(root, 'scripts/import-fixtures.mjs'), '--large', String(ROWS), sheet]);
  const uploaded = await client.upload('/api/product-import/upload', 'produtos.xlsx', 'application/octet-stream', readFileSync(sheet));
  rmSync(sheet);
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
  const { import_id } = (await uploaded.json()) as { import_id: string };
  const importState = async () =>
    (await (await client.get(`/api/product-import/status/${import_id}`)).json()) as {
      status: string;
      current_operation: string | null;
    };

  await sleep(5_000);
  phase = 'disk filling, import paused';
  const { bavail, bsize } = statfsSync(mountPoint);
  const filler = path.join(mountPoint, 'filler');
  writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 16 * MB)));
  await until('the server sees the disk low', async () => (await diskStatus()) === 'low');
  const executed = await executeImport(client, import_id, MAPPING);
  if (executed.status !== 202) throw new Error(`execute answered ${executed.status}`);
  await until('the import pauses', async () => (await importState()).current_operation === PAUSED_FOR_DISK);
  await sleep(PAUSED_SECONDS * 1000);

  phase = 'space freed, import running';
  rmSync(filler);
  await until('the import completes', async () => (await importState()).status === 'completed');
  await until('the disk is ok again', async () => (await diskStatus()) === 'ok');
} finally {
  watching = false;
  await watcher;
  await stopProcess(server, 'SIGTERM');
  execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
}

const fmt = (n: number) => n.toFixed(1);
for (const name of ['disk ok', 'disk filling, import paused', 'space freed, import running'] satisfies Phase[]) {
  const these = answers.filter((a) => a.phase === name);
  const ms = these.map((a) => a.ms).sort((a, b) => a - b);
  process.stdout.write(
    `  ${name.padEnd(28)} ${these.length} answers (${these.filter((a) => !a.ok).length} not 200), ` +
      `p50 ${fmt(percentile(ms, 50))} ms, p99 ${fmt(percentile(ms, 99))} ms, max ${fmt(ms.at(-1) ?? 0)} ms\n`,
  );
}
const slow = answers.filter((a) => !a.ok || a.ms > 1_000).length;
process.stdout.write(`  answers over 1 s or not 200: ${slow} of ${answers.length} (aim: 0)\n`);
