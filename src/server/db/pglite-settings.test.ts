import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { pgliteFromTemplate } from '../test-support/test-database.js';
import { openDatabase } from './client.js';

it('the embedded database starts with 32 MB of shared buffers and keeps the start parameters of PGlite (decision 0027)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-settings-'));
  // The data directory a first start leaves, from the migrated template: what is read here is how the database is
  // started. A first start (initdb in a child, then every migration: 10 to 20 s here) is initdb-in-child.test.ts's,
  // and every server process test's on an empty DATA_DIR.
  await (await pgliteFromTemplate(path.join(dataDir, 'pglite'))).close();
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
