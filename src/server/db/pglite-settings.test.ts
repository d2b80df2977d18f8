import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase, withPlannerSettings } from './client.js';

it('the embedded database starts with 32 MB of shared buffers, in-memory page costs and the start parameters of PGlite (decisions 0027, 0029)', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-settings-'));
  const database = await openDatabase({ dataDir });
  try {
    const show = async (name: string) =>
      ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]?.[name];
    expect(await show('shared_buffers')).toBe('32MB');
    expect(await show('random_page_cost')).toBe('1.1');
    expect(await show('search_path')).toBe('public');
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('a PostgreSQL connection string gets the page cost as a startup option, after the options it already has (decision 0029)', () => {
  const plain = new URL(withPlannerSettings('postgres://app@db.example:5432/adega'));
  expect(plain.searchParams.get('options')).toBe('-c random_page_cost=1.1');
  expect(plain.pathname).toBe('/adega');
  const withOptions = new URL(withPlannerSettings('postgres://app@db.example/adega?sslmode=require&options=-c%20search_path%3Dapp'));
  expect(withOptions.searchParams.get('options')).toBe('-c search_path=app -c random_page_cost=1.1');
  expect(withOptions.searchParams.get('sslmode')).toBe('require');
  expect(withPlannerSettings('host=db.example dbname=adega')).toBe('host=db.example dbname=adega');
});
