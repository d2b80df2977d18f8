import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from './client.js';

// A fresh data dir runs initdb in a child process and then every migration: past the default timeout when CI runs the
// browser tests beside this suite.
it('the embedded database starts with 32 MB of shared buffers and keeps the start parameters of PGlite (decision 0027)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-settings-'));
  const database = await openDatabase({ dataDir });
  try {
    const show = async (name: string) =>
      ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]?.[name];
    expect(await show('shared_buffers')).toBe('32MB');
    expect(await show('search_path')).toBe('public');
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
