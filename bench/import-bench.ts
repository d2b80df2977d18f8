/**
 * Product import benchmark: a generated BENCH_IMPORT_ROWS-row .xlsx (default 100,000) imported end to end (upload to
 * completed) through the real app on a temporary DATA_DIR (PGlite) or, with BENCH_POSTGRES_URL, a database of its
 * own on that server. While it runs, one client reads the public menu page in a loop. Prints one JSON line:
 * rows/s, seconds, peak memory of the process (resourceUsage().maxRSS: the parse worker is a thread of it) and the
 * menu page's latency percentiles during the import. Started by scripts/bench.mjs (BENCH_ONLY=import).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain .mjs script without types
import { largeWorkbook } from '../scripts/import-fixtures.mjs';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { users } from '../src/server/db/schema/index.js';
import { createTokenSigner } from '../src/server/modules/auth/tokens.js';
import { createBenchDatabase } from './postgres-database.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PAGE = '/pedra-da-ilha/carta-de-vinhos';
const MAPPING = {
  name: 'Nome do Produto',
  category: 'Categoria',
  supplier: 'Fornecedor',
  price: 'Preço',
  description: 'Descrição',
  sku: 'Código',
  stock_quantity: 'Estoque',
  unit: 'Unidade',
  brand: 'Marca',
  origin: 'País de Origem',
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-import-'));
const benchDatabase = process.env.BENCH_POSTGRES_URL ? await createBenchDatabase(process.env.BENCH_POSTGRES_URL) : undefined;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: benchDatabase?.url ?? '',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
});
const app = await buildApp(config);
try {
  const [admin] = await app.database.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@adega.test`, passwordHash: 'x', role: 'admin' })
    .returning();
  if (!admin) throw new Error('admin not created');
  const auth = { authorization: `Bearer ${await createTokenSigner(config.jwtSecret).sign(admin)}` };
  await app.jobs.start();
  await app.inject({ method: 'POST', url: '/api/seed/pedra-da-ilha', headers: auth });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const workbook: Buffer = largeWorkbook(ROWS);

  // The guest's view: one client reading the menu page back to back while the import runs.
  let importing = true;
  const latencies: number[] = [];
  let menuErrors = 0;
  const menuReader = (async () => {
    while (importing) {
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
  })();

  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(workbook)]), `produtos-${ROWS}.xlsx`);
  const uploaded = await fetch(`${base}/api/product-import/upload`, { method: 'POST', headers: auth, body: form });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { import_id } = (await uploaded.json()) as { import_id: string };
  const uploadSeconds = (performance.now() - started) / 1000;
  const executed = await fetch(`${base}/api/product-import/execute`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      import_id,
      field_mapping: MAPPING,
      options: { skip_duplicates: true, create_categories: true, create_suppliers: true },
    }),
  });
  if (executed.status !== 202) throw new Error(`execute answered ${executed.status}: ${await executed.text()}`);
  let status: { status: string; success_count: number; error_count: number; skipped_count: number; failure_reason: string | null };
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await (await fetch(`${base}/api/product-import/status/${import_id}`, { headers: auth })).json()) as typeof status;
  } while (status.status === 'pending' || status.status === 'processing');
  const seconds = (performance.now() - started) / 1000;
  importing = false;
  await menuReader;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  process.stdout.write(
    `${JSON.stringify({
      database: app.database.kind,
      rows: ROWS,
      fileBytes: workbook.length,
      status: status.status,
      failure: status.failure_reason,
      success: status.success_count,
      errors: status.error_count,
      skipped: status.skipped_count,
      uploadSeconds,
      seconds,
      rowsPerSecond: ROWS / seconds,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      menuRequests: sorted.length,
      menuErrors,
      menuP50: at(50),
      menuP99: at(99),
      menuMax: sorted.at(-1) ?? 0,
    })}\n`,
  );
} finally {
  await app.close();
  await benchDatabase?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
