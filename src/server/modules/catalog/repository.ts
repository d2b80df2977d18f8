import { getTableColumns, sql } from 'drizzle-orm';
import { escapeLike } from '../../../shared/text-search.js';
import type { Db } from '../../db/client.js';
import { recordQueries } from '../../db/records.js';
import { catalogWines } from '../../db/schema/index.js';
import { auditedRecordQueries } from '../audit/index.js';
import type { SearchIndexChange, SearchIndexRow } from './search-index.js';

export type CatalogWineRow = typeof catalogWines.$inferSelect;
export type CatalogWineValues = Omit<typeof catalogWines.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface CatalogSearch {
  q?: string | undefined;
  country?: string | undefined;
  grapeVariety?: string | undefined;
  wineStyle?: string | undefined;
  limit: number;
  offset: number;
}

/** Rows of `execute()`: the same `{ rows }` shape on node-postgres and PGlite. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The search's own columns: a page of results has no use for them. */
const SEARCH_COLUMNS = ['searchText', 'sortKey', 'countryKey', 'grapeVarietyKey', 'wineStyleKey'] as const;
export type CatalogWinePageRow = Omit<CatalogWineRow, (typeof SEARCH_COLUMNS)[number]>;

const PAGE_COLUMNS = Object.entries(getTableColumns(catalogWines)).filter(([key]) => !(SEARCH_COLUMNS as readonly string[]).includes(key));
const PAGE_SELECT = sql.raw(PAGE_COLUMNS.map(([, column]) => `c.${column.name}`).join(', '));

/** A page row of a raw query, as Drizzle maps it (camelCase keys, numbers, dates). */
function fromRaw(raw: Record<string, unknown>): CatalogWinePageRow {
  return Object.fromEntries(
    PAGE_COLUMNS.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as CatalogWinePageRow;
}

const INDEX_COLUMNS = sql`w.id, w.search_text, w.sort_key, w.country_key, w.grape_variety_key, w.wine_style_key`;

function indexRow(r: Record<string, unknown>): SearchIndexRow {
  return {
    id: String(r.id),
    searchText: String(r.search_text ?? ''),
    sortKey: String(r.sort_key ?? ''),
    countryKey: (r.country_key as string | null) ?? null,
    grapeVarietyKey: (r.grape_variety_key as string | null) ?? null,
    wineStyleKey: (r.wine_style_key as string | null) ?? null,
  };
}

/**
 * Up to `limit` wines' searchable columns in name order (the generated sort_key, byte order, then id) after `after`,
 * and the catalogue's revision in the same snapshot. The loader reads the catalogue a slice at a time and then applies
 * the changes made since the first slice's revision (a wine read twice meanwhile is fixed by them).
 */
export async function loadSearchIndexSlice(
  db: Db,
  after: { sortKey: string; id: string } | undefined,
  limit: number,
): Promise<{ revision: number; rows: SearchIndexRow[] }> {
  const from = after ? sql`where (w.sort_key collate "C", w.id) > (${after.sortKey}::text collate "C", ${after.id}::uuid)` : sql``;
  const raw = rowsOf(
    await db.execute(sql`select (select revision::float8 from catalog_revision) as revision, s.* from (select 1) one
left join (select ${INDEX_COLUMNS} from catalog_wines w ${from} order by w.sort_key collate "C", w.id limit ${limit}) s on true`),
  );
  const rows = raw.filter((r) => r.id !== null && r.id !== undefined).map(indexRow);
  return { revision: Number(raw[0]?.revision ?? 0), rows };
}

export type ChangesSince =
  | { kind: 'changes'; revision: number; changes: SearchIndexChange[] }
  /** Too many to apply during a search, the whole catalogue (TRUNCATE), or older than the kept log: read it again. */
  | { kind: 'reload'; revision: number };

/** The change log's rows after `revision` (its index, in revision order, at most max + 1), each wine once, as it is now. */
const changedWines = (revision: number, max: number) => sql`select c.changed_id, c.truncated, ${INDEX_COLUMNS}
from (
  select distinct wine_id as changed_id, wine_id is null as truncated
  from (select wine_id from catalog_changes where revision > ${revision} order by revision limit ${max + 1}) recent
) c
left join catalog_wines w on w.id = c.changed_id`;

/**
 * What the log says since `revision`, given the revision now, the oldest revision it keeps and its rows. Revisions
 * have no gaps (writers take turns on catalog_revision), so a first kept change later than revision + 1 means the log
 * was pruned past this reader.
 */
function changesFrom(revision: number, now: number, oldest: number | undefined, raw: Record<string, unknown>[], max: number): ChangesSince {
  if (now === revision) return { kind: 'changes', revision, changes: [] };
  // More than max rows (even of fewer wines) read the catalogue again.
  const changed = raw.filter((r) => r.changed_id !== null || r.truncated === true);
  if (oldest === undefined || oldest > revision + 1 || changed.length > max || changed.some((r) => r.truncated === true)) {
    return { kind: 'reload', revision: now };
  }
  const changes = changed.map((r) =>
    r.id === null || r.id === undefined ? { id: String(r.changed_id) } : { id: String(r.id), row: indexRow(r) },
  );
  return { kind: 'changes', revision: now, changes };
}

const numberOrUndefined = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));

/** The wines changed after `revision`, each as it is now (or gone), and the revision they bring the index to: one statement, so one snapshot. */
export async function changesSince(db: Db, revision: number, max: number): Promise<ChangesSince> {
  const raw = rowsOf(
    await db.execute(sql`select r.revision::float8 as revision, (select min(revision)::float8 from catalog_changes) as oldest, c.*
from catalog_revision r
left join (${changedWines(revision, max)}) c on true`),
  );
  const now = Number(raw[0]?.revision ?? 0);
  return changesFrom(revision, now, numberOrUndefined(raw[0]?.oldest), raw, max);
}

/** The change log keeps a day: a process further behind reads the catalogue again. */
export async function pruneChanges(db: Db): Promise<void> {
  await db.execute(sql`delete from catalog_changes where changed_at < now() - interval '1 day'`);
}

export interface SqlSearch {
  words: readonly string[];
  country: string;
  grape: string;
  style: string;
}

/**
 * The search in SQL (a process whose index is not read yet): `like '%word%'` on the folded columns, in name order, the
 * count up to `cap` + 1. Slower than the index on large catalogues (it reads every row for a rare word), but at once.
 */
export async function searchPage(
  db: Db,
  search: SqlSearch,
  offset: number,
  limit: number,
  cap: number,
): Promise<{ rows: CatalogWinePageRow[]; found: number }> {
  const like = (value: string) => `%${escapeLike(value)}%`;
  const conditions = [
    ...search.words.map((word) => sql`c.search_text like ${like(word)}`),
    ...(search.grape ? [sql`c.search_text like ${like(search.grape)}`, sql`c.grape_variety_key like ${like(search.grape)}`] : []),
    ...(search.country ? [sql`c.country_key like ${like(search.country)}`] : []),
    ...(search.style ? [sql`c.wine_style_key like ${like(search.style)}`] : []),
  ];
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const raw = rowsOf(
    await db.execute(sql`select (select count(*)::int from (select 1 from catalog_wines c ${where} limit ${cap + 1}) m) as found, p.*
from (select 1) one
left join (select ${PAGE_SELECT} from catalog_wines c ${where} order by c.sort_key collate "C", c.id limit ${limit} offset ${offset}) p on true`),
  );
  const rows = raw.filter((r) => r.id !== null && r.id !== undefined).map(fromRaw);
  return { rows, found: Number(raw[0]?.found ?? 0) };
}

export interface FoundPage {
  revision: number;
  rows: CatalogWinePageRow[];
  /** With `since`: what changed after it, read in the page's snapshot (none when the revision did not move). */
  changes?: ChangesSince;
}

/**
 * The wines of `ids`, in that order, and the catalogue's revision in the same snapshot. With `since` (the index's
 * revision), the same statement also reads the changes made after it when the revision moved on (decision 0069): a
 * search right after a write applies them and, when its page is the same, answers with this one statement.
 */
export async function findPage(db: Db, ids: readonly string[], since?: { revision: number; max: number }): Promise<FoundPage> {
  // Only evaluated when the revision moved on: a steady search pays nothing for it.
  const changes = since
    ? sql`, case when (select revision from catalog_revision) > ${since.revision} then (
  select json_build_object('oldest', (select min(revision)::float8 from catalog_changes), 'rows', coalesce(json_agg(row_to_json(x)), '[]'::json))
  from (${changedWines(since.revision, since.max)}) x) end as changes`
    : sql``;
  const raw = rowsOf(
    // The ids as one JSON parameter, through unnest(array(...)): joining jsonb_array_elements_text() directly was
    // slower on PostgreSQL 15 (figures: decision 0075).
    await db.execute(sql`select (select revision::float8 from catalog_revision) as revision${changes}, ${PAGE_SELECT}
from (select 1) one
left join (unnest(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)) with ordinality as u(wine_id, ord)
  join catalog_wines c on c.id = u.wine_id) on true
order by u.ord`),
  );
  const rows = raw.filter((r) => r.id !== null && r.id !== undefined).map(fromRaw);
  const revision = Number(raw[0]?.revision ?? 0);
  if (!since) return { revision, rows };
  if (revision <= since.revision) return { revision, rows, changes: { kind: 'changes', revision, changes: [] } };
  // node-postgres and PGlite both parse json; a driver that did not would hand over its text.
  const read = raw[0]?.changes;
  const log = (typeof read === 'string' ? JSON.parse(read) : read) as { oldest: number | null; rows: Record<string, unknown>[] } | null;
  return { revision, rows, changes: changesFrom(since.revision, revision, numberOrUndefined(log?.oldest), log?.rows ?? [], since.max) };
}

export const { findById, insert, update, remove } = recordQueries(catalogWines);
/** The writes of the API, each recorded in the audit trail. */
export const audited = auditedRecordQueries(catalogWines, 'catalog_wine');
