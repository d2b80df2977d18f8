/**
 * Does image work stall file serving? Serves the real app (PGlite, temporary DATA_DIR), then measures GET /uploads/<file>
 * latency while idle and while 8 big PNG uploads run at once: 16-bit 6300x6300 (over the pixel limit) and 16-bit
 * 4900x4900 (24 MP, under it). Prints figures, asserts nothing.
 * Run: NODE_ENV=production npx tsx bench/upload-stall.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/server/app.js';
import { users } from '../src/server/db/schema/index.js';
import { startSession } from '../src/server/modules/auth/sessions.js';
import { createTokenSigner } from '../src/server/modules/auth/tokens.js';
import { benchConfig } from './bench-config.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-upload-bench-'));
const config = benchConfig(dataDir);
const app = await buildApp(config);
const [admin] = await app.database.db
  .insert(users)
  .values({ email: `bench-${Date.now()}@adega.test`, passwordHash: 'x', role: 'admin' })
  .returning();
if (!admin) throw new Error('admin not created');
const token = await startSession(app.database.db, createTokenSigner(config.jwtSecret), admin.id);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const upload = (png: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'garrafa.png');
  return fetch(`${base}/api/upload-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
};
const sixteenBit = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#7a1f35' } })
    .toColourspace('rgb16')
    .png()
    .toBuffer();

const small = await (
  await upload(
    await sharp({ create: { width: 200, height: 200, channels: 3, background: '#333' } })
      .png()
      .toBuffer(),
  )
).json();
const fileUrl = `${base}${(small as { image_url: string }).image_url}`;

async function fileLatencies(until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  do {
    const start = performance.now();
    await (await fetch(fileUrl)).arrayBuffer();
    times.push(performance.now() - start);
  } while (!done);
  return times;
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `n=${sorted.length} p50=${at(0.5).toFixed(1)} ms p95=${at(0.95).toFixed(1)} ms max=${at(1).toFixed(1)} ms`;
};

process.stdout.write(`idle: /uploads ${stats(await fileLatencies(new Promise((r) => setTimeout(r, 1000))))}\n`);
for (const size of [6300, 4900]) {
  const png = await sixteenBit(size);
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const burst = Promise.all(Array.from({ length: 8 }, () => upload(png).then((res) => res.status)));
  const times = await fileLatencies(burst);
  clearInterval(sampler);
  const codes: Record<number, number> = {};
  for (const status of await burst) codes[status] = (codes[status] ?? 0) + 1;
  process.stdout.write(
    `8 x 16-bit ${size}x${size} PNG (${(png.length / 1024).toFixed(0)} KB): answers ${JSON.stringify(codes)} in ${(performance.now() - started).toFixed(0)} ms; ` +
      `peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB; /uploads ${stats(times)}\n`,
  );
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
