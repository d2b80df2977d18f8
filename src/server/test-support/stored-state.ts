import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Storage } from '../storage/storage.js';

/** Every table of every schema (the app's, drizzle's, pg-boss's), each as its rows in JSON, sorted. */
export async function tableContents(db: Db): Promise<Map<string, string[]>> {
  const list = (await db.execute(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  )) as unknown as { rows: { schema: string; name: string }[] };
  const contents = new Map<string, string[]>();
  for (const { schema, name } of list.rows) {
    const table = `"${schema}"."${name}"`;
    const rows = (await db.execute(sql.raw(`select row_to_json(t)::text as r from ${table} t`))) as unknown as { rows: { r: string }[] };
    contents.set(table, rows.rows.map((row) => row.r).sort());
  }
  return contents;
}

/** Every stored file, read through the storage driver: uploads/<name> and private/<key> to their bytes. */
export async function storedFiles(storage: Storage): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const { url } of await storage.public.list()) {
    const content = await storage.public.read(url);
    if (content) files.set(`uploads/${url.slice(url.lastIndexOf('/') + 1)}`, content.bytes);
  }
  for (const key of await storage.private.list()) {
    const bytes = await storage.private.read(key);
    if (bytes) files.set(`private/${key}`, bytes);
  }
  return files;
}
