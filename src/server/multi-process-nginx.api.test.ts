import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from './test-support/factories.js';
import { SAMPLE, SAMPLE_MAPPING, sampleFile } from './test-support/import-files.js';
import { multipartBody } from './test-support/multipart.js';
import { type RunningNginx, startNginx } from './test-support/nginx.js';
import { startS3Server, type TestS3Server } from './test-support/s3-server.js';
import { freePort, startServerProcess } from './test-support/server-process.js';
import { openTestDatabase } from './test-support/test-database.js';

/**
 * Two app processes, each with a DATA_DIR of its own as on two machines, on one PostgreSQL database and one S3
 * server, behind Debian's nginx running deploy/nginx/adega.conf (the README's example). nginx serves that site
 * three times: as written (both processes, round-robin) and with one process each, so a step can go through A
 * and check through B. PostgreSQL only (vitest.config.ts POSTGRES_ONLY): PGlite serves one process.
 */
const ADMIN = { email: 'varias-maquinas@adega.test', password: 'senha-de-teste-123' };

let database: Database & { connectionString?: string };
let s3: TestS3Server;
let nginx: RunningNginx | undefined;
const processes: ChildProcess[] = [];
const dirs: string[] = [];
/** nginx addresses: the README's site (balanced), and the same site with only process A or only process B. */
let balanced: string;
let viaA: string;
let viaB: string;
let appAddresses: [string, string];
let token: string;

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

const asAdmin = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
const json = (body: object, init: RequestInit = {}): RequestInit =>
  asAdmin({ ...init, method: init.method ?? 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.runIf(process.env.ADEGA_TEST_DB === 'postgres')('two app processes behind nginx', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    s3 = await startS3Server();
    const env = {
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint as string,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      TRUST_PROXY: '127.0.0.1',
    };
    const ports = [await freePort(), await freePort()];
    // One after the other: the first creates the admin (ADMIN_EMAIL), the second finds it.
    for (const port of ports) {
      processes.push(
        await startServerProcess({
          args: ['--import', 'tsx', 'src/server/main.ts'],
          port,
          dataDir: tempDir('adega-machine-'),
          databaseUrl: database.connectionString as string,
          admin: ADMIN,
          env,
        }),
      );
    }
    appAddresses = ports.map((port) => `127.0.0.1:${port}`) as [string, string];
    const [a, b] = appAddresses;
    const [listenBalanced, listenA, listenB] = [await freePort(), await freePort(), await freePort()].map((port) => `127.0.0.1:${port}`);
    nginx = await startNginx(
      tempDir('adega-nginx-'),
      [
        { upstream: 'adega', servers: [a, b], listen: listenBalanced as string },
        { upstream: 'adega_a', servers: [a], listen: listenA as string },
        { upstream: 'adega_b', servers: [b], listen: listenB as string },
      ],
      // Which process answered, for the round-robin check.
      '    add_header X-Upstream $upstream_addr always;',
    );
    [balanced, viaA, viaB] = [listenBalanced, listenA, listenB].map((listen) => `http://${listen}`) as [string, string, string];
    const login = await fetch(`${balanced}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    token = (await login.json()).access_token;
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(
      processes.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await s3?.close();
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('nginx shares requests round-robin between both processes', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${balanced}/api/health`);
      expect(res.status).toBe(200);
      served.add(String(res.headers.get('x-upstream')));
    }
    expect([...served].sort()).toEqual([...appAddresses].sort());
  });

  it('a wine switched off through A is gone from the public menu served by B within 1 s', async () => {
    const est = await createEstablishmentRow(database.db);
    const menu = await createMenuRow(database.db, est.id);
    const wine = await createMenuWineRow(database.db, menu.id, { name: 'Vinho Que Sai Da Carta' });
    const page = async () => (await fetch(`${viaB}/${est.slug}/${menu.slug}`)).text();
    // B renders the page and keeps it in its cache.
    expect(await page()).toContain('Vinho Que Sai Da Carta');
    expect(await page()).toContain('Vinho Que Sai Da Carta');

    const off = await fetch(
      `${viaA}/api/wine-menus/${menu.id}/wines/${wine.id}`,
      json({ name: 'Vinho Que Sai Da Carta', price: 99.9, category: 'Vinhos Tintos Médios', available: false }, { method: 'PUT' }),
    );
    expect(off.status).toBe(200);
    await expect.poll(page, { timeout: 1000, interval: 50 }).not.toContain('Vinho Que Sai Da Carta');
  });

  it('an image uploaded through A is served by B, with its caching headers', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 90, g: 20, b: 40 } } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody('file', 'garrafa.png', 'image/png', png);
    const uploaded = await fetch(`${viaA}/api/upload-image`, asAdmin({ method: 'POST', headers, body: payload }));
    expect(uploaded.status).toBe(201);
    const { image_url: url } = await uploaded.json();

    const served = await fetch(`${viaB}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(16);
  });

  it('an import queued through A runs exactly once', { timeout: 120_000 }, async () => {
    const { payload, headers } = multipartBody('file', 'tabela-precos-vinhos.csv', 'text/csv', sampleFile('csv'));
    const uploaded = await fetch(`${viaA}/api/product-import/upload`, asAdmin({ method: 'POST', headers, body: payload }));
    expect(uploaded.status).toBe(201);
    const { import_id: importId } = await uploaded.json();
    const executed = await fetch(
      `${viaA}/api/product-import/execute`,
      json({
        import_id: importId,
        field_mapping: SAMPLE_MAPPING,
        options: { skip_duplicates: true, create_categories: true, create_suppliers: true },
      }),
    );
    expect(executed.status).toBe(202);

    const status = async () => (await fetch(`${viaB}/api/product-import/status/${importId}`, asAdmin())).json();
    await expect.poll(async () => (await status()).status, { timeout: 90_000, interval: 200 }).toBe('completed');
    expect(await status()).toMatchObject({ total_rows: SAMPLE.totalRows, success_count: SAMPLE.success, error_count: SAMPLE.errors });

    const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [products] = await rows<{ products: number; lines: number }>(
      sql`select count(*)::int as products, count(distinct import_row)::int as lines from products where import_id = ${importId}`,
    );
    expect(products).toEqual({ products: SAMPLE.success, lines: SAMPLE.success });
    const jobs = await rows<{ state: string }>(
      sql`select state from pgboss.job where name = 'product-import.run' and data->>'importId' = ${importId}`,
    );
    expect(jobs).toEqual([{ state: 'completed' }]);
  });

  it('login throttling counts the attempts made through both processes', async () => {
    const attempt = (via: string) =>
      fetch(`${via}/api/auth/login`, json({ email: 'ninguem@adega.test', password: 'senha-errada-123' }, { headers: {} }));
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? viaA : viaB)).status).toBe(401);
    for (const via of [viaA, viaB]) {
      const refused = await attempt(via);
      expect(refused.status).toBe(429);
      expect((await refused.json()).detail).toBe('Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
    }
  });

  it('a catalogue wine written through A is found by a search through B', async () => {
    const created = await fetch(`${viaA}/api/catalog/wines`, json({ name: 'Quintessência Multiprocesso Tinto' }));
    expect(created.status).toBe(201);
    const found = await fetch(`${viaB}/api/catalog/wines?q=multiprocesso`, asAdmin());
    expect(found.status).toBe(200);
    expect(((await found.json()) as { name: string }[]).map((w) => w.name)).toEqual(['Quintessência Multiprocesso Tinto']);
  });
});
