import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { largeWorkbook } from '../../../../scripts/import-fixtures.mjs';
import { pgliteExtensions } from '../../db/client.js';
import { signInTo } from '../../test-support/http-client.js';
import { executeSampleImport } from '../../test-support/process-client.js';
import { freePort, serverArgs, startServerProcess, stopProcess } from '../../test-support/server-process.js';
import { pgliteFromTemplate } from '../../test-support/test-database.js';

/**
 * The real thing, not a simulation: the server runs as its own process (the built server when current, else src/server/main.ts through tsx: serverArgs) on an
 * embedded database, gets SIGKILL while an import is half done, and a new process on the same data directory
 * finishes it. Every row must go in exactly once. PGlite only: it is the default a restaurant runs, and the one
 * whose lock and files a killed process leaves behind (on PostgreSQL the resume waits for the stale lease).
 */
const ROWS = 12_000;
const ADMIN = { email: 'kill-restart@adega.test', password: 'senha-de-teste-123' };

const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-kill-'));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ChildProcess> {
  const child = await startServerProcess({ args: serverArgs(), port, dataDir, admin: ADMIN });
  running.push(child);
  return child;
}

describe.runIf(process.env.ADEGA_TEST_DB !== 'postgres')('an import whose server process is killed with SIGKILL', () => {
  it('resumes when the server starts again: every row imported once, none lost', { timeout: 180_000 }, async () => {
    // A migrated database, as a restaurant has it after its first start (migrating here would only add time).
    await (await pgliteFromTemplate(path.join(dataDir, 'pglite'))).close();

    const port = await freePort();
    const first = await startServer(port);
    const admin = await signInTo(`http://127.0.0.1:${port}`, ADMIN);

    const uploaded = await admin.upload('/api/product-import/upload', 'lista-grande.xlsx', 'application/octet-stream', largeWorkbook(ROWS));
    expect(uploaded.status).toBe(201);
    const { import_id: importId } = await uploaded.json();
    const executed = await executeSampleImport(admin, importId);
    expect(executed.status).toBe(202);

    const status = async () => (await admin.get(`/api/product-import/status/${importId}`)).json();
    // The first committed batch is the event: the process is killed right after it.
    const before = await vi.waitFor(
      async () => {
        const current = await status();
        if (current.processed_rows === 0 && current.status !== 'failed') throw new Error('no batch committed yet');
        return current;
      },
      { timeout: 120_000, interval: 20 },
    );
    await stopProcess(first);
    // Killed part way: some batches committed, the rest not yet.
    expect(before.status).toBe('processing');
    expect(before.processed_rows).toBeGreaterThan(0);
    expect(before.processed_rows).toBeLessThan(ROWS);

    const second = await startServer(port);
    const after = await vi.waitFor(
      async () => {
        const current = await status();
        if (current.status !== 'completed' && current.status !== 'failed') throw new Error(`still ${current.status}`);
        return current;
      },
      { timeout: 150_000, interval: 200 },
    );
    expect(after).toMatchObject({
      status: 'completed',
      total_rows: ROWS,
      processed_rows: ROWS,
      success_count: ROWS,
      error_count: 0,
      skipped_count: 0,
    });

    // Read the rows themselves once the server has let go of its data directory.
    await stopProcess(second, 'SIGTERM');
    const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions() });
    try {
      const { rows } = await db.query<{ products: number; lines: number }>(
        'select count(*)::int as products, count(distinct import_row)::int as lines from products where import_id = $1',
        [importId],
      );
      expect(rows[0]).toEqual({ products: ROWS, lines: ROWS });
    } finally {
      await db.close();
    }
  });
});
