/**
 * Free text that mentions a data subject outside their own records: an order's notes ("entregar para Ana, 48 99999-1234"),
 * another lead's notes, an e-mail's body, an import's error list. Every text, varchar and jsonb column of every table
 * with an `id` is read (from information_schema, so tables added later are covered without a line here), and an
 * erasure replaces each mention with "Titular anonimizado".
 */
import { type SQL, sql } from 'drizzle-orm';
import { ANONYMISED_NAME } from '../../../shared/lgpd.js';
import type { Executor } from '../../db/client.js';
import { freeTextPatterns, type Identifiers } from './identifiers.js';

/** Tables never scanned: the audit trail is immutable and holds no personal values; the requests hold counts and ids. */
const NOT_SCANNED = new Set(['audit_entries', 'lgpd_requests', 'lgpd_retention_rules']);

interface TextColumn {
  table: string;
  column: string;
  json: boolean;
}

export interface Mention {
  table: string;
  id: string;
  columns: string[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The text-like, writable columns of the public tables that have an `id` column. */
export async function textColumns(db: Executor): Promise<TextColumn[]> {
  const rows = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json')
        and c.is_generated = 'NEVER'
        and exists (select 1 from information_schema.columns i
                    where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id')
      order by c.table_name, c.ordinal_position`),
  );
  return rows
    .filter((r) => !NOT_SCANNED.has(r.table_name) && r.column_name !== 'id')
    .map((r) => ({ table: r.table_name, column: r.column_name, json: r.data_type === 'jsonb' || r.data_type === 'json' }));
}

const byTable = (columns: TextColumn[]) => {
  const tables = new Map<string, TextColumn[]>();
  for (const c of columns) tables.set(c.table, [...(tables.get(c.table) ?? []), c]);
  return tables;
};

/** One case-insensitive pattern for all of the subject's identifiers, or null when there is nothing to look for. */
export function combinedPattern(who: Identifiers): string | null {
  const patterns = freeTextPatterns(who);
  return patterns.length > 0 ? patterns.map((p) => `(?:${p})`).join('|') : null;
}

const matches = (c: TextColumn, pattern: string): SQL => sql`${ident(c.column)}::text ~* ${pattern}`;

/** Rows (table, id, columns) whose free text mentions the subject. */
export async function findMentions(db: Executor, who: Identifiers): Promise<Mention[]> {
  const pattern = combinedPattern(who);
  if (!pattern) return [];
  const mentions: Mention[] = [];
  for (const [table, columns] of byTable(await textColumns(db))) {
    const flags = sql.join(
      columns.map((c) => sql`${matches(c, pattern)} as ${ident(c.column)}`),
      sql`, `,
    );
    const where = sql.join(
      columns.map((c) => matches(c, pattern)),
      sql` or `,
    );
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select id::text as "__id", ${flags} from ${ident(table)} where ${where}`),
    );
    for (const row of rows)
      mentions.push({ table, id: String(row.__id), columns: columns.filter((c) => row[c.column] === true).map((c) => c.column) });
  }
  return mentions;
}

/** The mentioned columns of one row, as they are now (the export's copy). */
export async function readMention(db: Executor, mention: Mention): Promise<Record<string, unknown> | undefined> {
  const known = (await textColumns(db)).filter((c) => c.table === mention.table && mention.columns.includes(c.column));
  if (known.length === 0) return undefined;
  const list = sql.join(
    known.map((c) => ident(c.column)),
    sql`, `,
  );
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`select id::text as id, ${list} from ${ident(mention.table)} where id::text = ${mention.id}`),
  )[0];
}

/** Replaces every mention of the subject with "Titular anonimizado"; returns how many rows changed. */
export async function scrubMentions(db: Executor, who: Identifiers): Promise<number> {
  const pattern = combinedPattern(who);
  if (!pattern) return 0;
  let changed = 0;
  for (const [table, columns] of byTable(await textColumns(db))) {
    const sets = sql.join(
      columns.map((c) => {
        const replaced = sql`regexp_replace(${ident(c.column)}::text, ${pattern}, ${ANONYMISED_NAME}, 'gi')`;
        const value = c.json ? sql`(${replaced})::jsonb` : replaced;
        return sql`${ident(c.column)} = case when ${matches(c, pattern)} then ${value} else ${ident(c.column)} end`;
      }),
      sql`, `,
    );
    const where = sql.join(
      columns.map((c) => matches(c, pattern)),
      sql` or `,
    );
    const rows = rowsOf<{ id: string }>(await db.execute(sql`update ${ident(table)} set ${sets} where ${where} returning id::text as id`));
    changed += rows.length;
  }
  return changed;
}
