import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setInterval, setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { largeWorkbook } from '../../../scripts/import-fixtures.mjs';
import { pgliteExtensions } from '../db/client.js';
import { signInTo } from '../test-support/http-client.js';
import { executeSampleImport } from '../test-support/process-client.js';
import { freePort, serverArgs, startServerProcess, stopProcess } from '../test-support/server-process.js';
import { openTestDatabase, pgliteFromTemplate } from '../test-support/test-database.js';

/**
 * A disk that fills in one step, mid-import (issue 30, decision 0087): the server runs as its own process with
 * DATA_DIR on a small tmpfs this test mounts; once the import has committed its first batch another program (this
 * test) takes the disk's space in one write, leaving less than PostgreSQL needs for its next WAL file and more than
 * MIN_FREE_DISK_MB, so the disk guard does not see it coming: writes meet ENOSPC. On PGlite that once aborted
 * PostgreSQL inside the worker and left the server silent at full CPU for good; now the database is reopened once
 * space returns. Throughout, health must answer (200, or 503 `no_disk_space` while nothing can be written) and
 * every write the server acknowledged must be there at the end; the import pauses, resumes by itself once the
 * space is freed, and completes with every row once. With PostgreSQL elsewhere, DATA_DIR on the full disk: the
 * same checks, the import paused by the guard. Mounting needs root, as CI runs: elsewhere the test fails and says so.
 */
const HEALTH_HANG_MS = 15_000;
const MB = 1024 * 1024;
const TMPFS_MB = 160;
const onPostgres = process.env.ADEGA_TEST_DB === 'postgres';
/** Below what is left: the guard reads "ok" while writes fail (PGlite); on PostgreSQL nothing is left at all. */
const MIN_FREE_MB = 2;
const LEFT_MB = onPostgres ? 0 : 6;
const ROWS = 16_000;
const ADMIN = { email: 'disk-fills@adega.test', password: 'senha-de-teste-123' };

const mountPoint = mkdtempSync(path.join(tmpdir(), 'adega-disk-fills-'));
let mounted = false;
const running: ChildProcess[] = [];
let postgres: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
afterAll(async () => {
  for (const child of running) await stopProcess(child);
  await postgres?.close();
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

describe('a disk that fills in one step while an import runs (DATA_DIR on a tmpfs)', () => {
  it('keeps answering, loses nothing acknowledged, and the import pauses, resumes by itself and completes once', {
    timeout: 300_000,
  }, async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m`, 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
    const dataDir = path.join(mountPoint, 'data');
    mkdirSync(dataDir);
    if (onPostgres) postgres = await openTestDatabase();
    else await (await pgliteFromTemplate(path.join(dataDir, 'pglite'))).close();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServerProcess({
      args: serverArgs(),
      port,
      dataDir,
      databaseUrl: postgres?.connectionString,
      admin: ADMIN,
      env: { MIN_FREE_DISK_MB: String(MIN_FREE_MB) },
    });
    running.push(server);

    // Health, every 200 ms for the whole test: a 200, or a 503 that says the disk is full; never silence.
    const healthFailures: string[] = [];
    const healthCodes = new Set<string>();
    let watching = true;
    const watcher = (async () => {
      for await (const _ of setInterval(200)) {
        if (!watching) break;
        try {
          const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(HEALTH_HANG_MS) });
          const body = (await res.json()) as { code?: string };
          healthCodes.add(res.status === 200 ? 'ok' : String(body.code));
          if (res.status !== 200 && !(res.status === 503 && body.code === 'no_disk_space'))
            healthFailures.push(`${res.status} ${body.code}`);
        } catch (err) {
          healthFailures.push(err instanceof Error ? err.message : String(err));
        }
      }
    })();

    const admin = await signInTo(base, ADMIN);
    // Writes all along (a category every 250 ms): each one acknowledged must still be there at the end.
    const acknowledged: string[] = [];
    const refusedForDisk: string[] = [];
    const otherAnswers: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const name = `Categoria de prova ${n}`;
        try {
          const res = await admin.send('POST', '/api/products/categories', { name });
          const { code } = (await res.json()) as { code?: string };
          if (res.status === 201) acknowledged.push(name);
          else if (res.status === 503 && code === 'no_disk_space') refusedForDisk.push(name);
          else otherAnswers.push(`${res.status} ${code}`);
        } catch (err) {
          otherAnswers.push(err instanceof Error ? err.message : String(err));
        }
        await sleep(250);
      }
    })();

    const uploaded = await admin.upload('/api/product-import/upload', 'lista.xlsx', 'application/octet-stream', largeWorkbook(ROWS));
    expect(uploaded.status).toBe(201);
    const { import_id: importId } = (await uploaded.json()) as { import_id: string };
    expect((await executeSampleImport(admin, importId)).status).toBe(202);
    const status = async () => {
      const res = await admin.get(`/api/product-import/status/${importId}`);
      return res.ok
        ? ((await res.json()) as { status: string; current_operation: string | null; processed_rows: number; success_count: number })
        : undefined;
    };
    await expect.poll(async () => (await status())?.processed_rows ?? 0, { timeout: 120_000, interval: 50 }).toBeGreaterThan(0);

    // Another program takes the space in one step, mid-import.
    const filler = path.join(mountPoint, 'filler');
    const free = () => {
      const s = statfsSync(mountPoint);
      return s.bavail * s.bsize;
    };
    try {
      writeFileSync(filler, Buffer.alloc(Math.max(0, free() - LEFT_MB * MB)));
    } catch (err) {
      // The server wrote meanwhile: the filler took what there was.
      if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    }
    expect((await status())?.status).not.toBe('completed');

    if (onPostgres) {
      // The database is elsewhere: the guard pauses the import before its next batch.
      await expect.poll(async () => (await status())?.current_operation, { timeout: 60_000 }).toMatch(/^Pausada: espaço em disco/);
    } else {
      // The import's writes fill what was left: the database refuses a write (or aborts and waits for room), and
      // the import waits.
      await expect
        .poll(
          async () =>
            refusedForDisk.length > 0 ||
            healthCodes.has('no_disk_space') ||
            (await status())?.current_operation?.startsWith('Pausada: espaço em disco'),
          { timeout: 120_000 },
        )
        .toBe(true);
    }
    const stuckAt = (await status())?.processed_rows;
    await sleep(3_000);
    const stillStuck = await status();
    if (stillStuck) expect(stillStuck.processed_rows).toBe(stuckAt);
    expect(stillStuck?.status ?? 'processing').toBe('processing');

    // Space is back: the same process resumes the import and takes writes again.
    rmSync(filler, { force: true });
    await expect.poll(async () => (await status())?.status, { timeout: 180_000, interval: 500 }).toBe('completed');
    expect(await status()).toMatchObject({ processed_rows: ROWS, success_count: ROWS });
    const afterwards = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(afterwards);
    writing = false;
    await writer;
    watching = false;
    await watcher;

    const res = await admin.get('/api/products/categories');
    const names = new Set(((await res.json()) as { name: string }[]).map((c) => c.name));
    expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
    expect(healthFailures).toEqual([]);
    expect(otherAnswers).toEqual([]);
    expect(server.exitCode).toBeNull();

    // Every row once: read the products themselves (on PGlite, once the server has let go of its data directory).
    await stopProcess(server, 'SIGTERM');
    const query = 'select count(*)::int as products, count(distinct import_row)::int as lines from products where import_id = $1';
    let counted: unknown;
    if (postgres)
      counted = ((await postgres.db.execute(sql`${sql.raw(query.replace(' = $1', ' = '))}${importId}`)) as { rows: unknown[] }).rows[0];
    else {
      const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions() });
      counted = (await db.query(query, [importId]).finally(() => db.close())).rows[0];
    }
    expect(counted).toEqual({ products: ROWS, lines: ROWS });
  });
});
