/**
 * Per-table QR sheets beside the server's other answers (issue 27): the built server, the Pedra da Ilha sample; a
 * client asks GET /api/health every 100 ms, 5 s alone, then while three 200-table sheets (PDF, PNG and a second PDF
 * of 199 tables, so none is answered from memory) are asked for at once. Prints the sheets' times and health's
 * answer times per phase (before issue 27: 4-11 s a sheet, health once 28 s). The test
 * (wine-menus/table-qr-queue.api.test.ts) checks the behaviour; the figures are this bench's. Started by
 * scripts/bench.mjs (BENCH_ONLY=table-qr), which builds dist/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setInterval, setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { signInTo } from '../src/server/test-support/http-client.js';
import { freePort, startServerProcess, stopProcess } from '../src/server/test-support/server-process.js';
import { percentile } from './percentile.mjs';

const ADMIN = { email: 'bench-table-qr@adega.test', password: 'senha-do-bench-123' };
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-table-qr-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServerProcess({ args: [path.join(root, 'dist/node/server/main.js')], port, dataDir, admin: ADMIN });

type Phase = 'alone' | 'three 200-table sheets';
let phase: Phase = 'alone';
const answers: { phase: Phase; ms: number; ok: boolean }[] = [];
let watching = true;
const watcher = (async () => {
  for await (const _ of setInterval(100)) {
    if (!watching) break;
    const t0 = performance.now();
    let ok = false;
    try {
      ok = (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(60_000) })).status === 200;
    } catch {}
    answers.push({ phase, ms: performance.now() - t0, ok });
  }
})();

const sheets: { what: string; status: number; seconds: number; bytes: number }[] = [];
try {
  const client = await signInTo(base, ADMIN);
  const seeded = await client.send('POST', '/api/seed/pedra-da-ilha', {});
  if (seeded.status >= 300) throw new Error(`seed answered ${seeded.status}`);
  const { menu_id } = (await seeded.json()) as { menu_id: string };
  await sleep(5_000);
  phase = 'three 200-table sheets';
  await Promise.all(
    [
      ['pdf', 200],
      ['png', 200],
      ['pdf', 199],
    ].map(async ([format, tables]) => {
      const t0 = performance.now();
      const res = await client.get(`/api/wine-menus/${menu_id}/table-qr-codes.${format}?tables=${tables}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      sheets.push({ what: `${format}, ${tables} tables`, status: res.status, seconds: (performance.now() - t0) / 1000, bytes });
    }),
  );
} finally {
  watching = false;
  await watcher;
  await stopProcess(server, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const fmt = (n: number) => n.toFixed(1);
for (const sheet of sheets) {
  process.stdout.write(`  sheet ${sheet.what.padEnd(16)} ${sheet.status}, ${fmt(sheet.seconds)} s, ${fmt(sheet.bytes / 1024)} KB\n`);
}
for (const name of ['alone', 'three 200-table sheets'] satisfies Phase[]) {
  const these = answers.filter((a) => a.phase === name);
  const ms = these.map((a) => a.ms).sort((a, b) => a - b);
  process.stdout.write(
    `  /api/health, ${name.padEnd(24)} ${these.length} answers (${these.filter((a) => !a.ok).length} not 200), ` +
      `p50 ${fmt(percentile(ms, 50))} ms, p99 ${fmt(percentile(ms, 99))} ms, max ${fmt(ms.at(-1) ?? 0)} ms\n`,
  );
}
