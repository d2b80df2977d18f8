import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { migrationsFolder } from '../db/client.js';

/** The version in package.json (found above this module from the sources and from the build alike). */
export function appVersion(): string {
  for (let dir = path.dirname(new URL(import.meta.url).pathname); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const found = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (found.name === 'adega' && found.version) return found.version;
    } catch {
      // not here: one folder up
    }
  }
  return '0.0.0';
}

export interface MigrationLevel {
  applied: number;
  /** The newest applied migration's timestamp (drizzle's journal "when"); 0 with none. */
  last: number;
}

/** How far a database's schema has come (drizzle's own table of applied migrations). */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const result = (await db.execute(
    sql`select count(*)::int as applied, coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number; last: string | number }[] };
  const row = result.rows[0];
  return { applied: Number(row?.applied ?? 0), last: Number(row?.last ?? 0) };
}

/** The newest migration this version of the app knows. */
export function knownMigrationLevel(): MigrationLevel {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { applied: journal.entries.length, last: Math.max(0, ...journal.entries.map((entry) => entry.when)) };
}
