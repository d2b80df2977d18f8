import { and, eq, getTableColumns, like, type SQL, sql } from 'drizzle-orm';
import { escapeLike, foldText, searchTerms } from '../../../shared/text-search.js';
import type { Db, Executor } from '../../db/client.js';
import { catalogWines } from '../../db/schema/index.js';

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

const contains = (value: string) => `%${escapeLike(value)}%`;

interface Conditions {
  where: SQL | undefined;
  /** Some condition can be answered by the trigram index (a word of at least 3 letters: one trigram). */
  trigramSelective: boolean;
}

function conditions(search: CatalogSearch): Conditions {
  const where: SQL[] = [];
  const words: string[] = [];
  // Every word must appear somewhere in name/producer/region/grape/style (pg_trgm GIN index on search_text).
  for (const term of searchTerms(search.q)) {
    words.push(term);
    where.push(sql`${catalogWines.searchText} like ${contains(term)}`);
  }
  // Filters match case- and accent-insensitively anywhere in the field, folded like `q` (foldText, stored folded in
  // the generated *_key columns): "franca" finds "França", "merlot" finds "Cabernet Sauvignon, Merlot".
  const grape = foldText(search.grapeVariety);
  if (grape) {
    // search_text holds the folded grape, so its trigram index picks the candidates; the grape column decides.
    words.push(grape);
    where.push(sql`${catalogWines.searchText} like ${contains(grape)}`, like(catalogWines.grapeVarietyKey, contains(grape)));
  }
  const country = foldText(search.country);
  if (country) where.push(like(catalogWines.countryKey, contains(country)));
  const style = foldText(search.wineStyle);
  if (style) where.push(like(catalogWines.wineStyleKey, contains(style)));
  return { where: where.length > 0 ? and(...where) : undefined, trigramSelective: words.some((w) => w.length >= 3) };
}

/**
 * Counting every match of a broad word ("cabernet" in 15,000 of 50,000 wines) costs more than finding the
 * page itself, and nobody pages through thousands of results: beyond this the total is reported as capped.
 */
export const COUNT_CAP = 1000;

export interface SearchResult {
  rows: CatalogWineRow[];
  /** Exact when `capped` is false; otherwise at least this many match. */
  total: number;
  capped: boolean;
}

/** Ignores case and accents (the generated sort_key), byte order so the index serves it on every server. */
const ORDER = sql`sort_key collate "C", id`;

const COLUMNS = Object.entries(getTableColumns(catalogWines));

/** What the walk reads of each wine: the sort key and the columns `conditions` test (a narrower row is a faster walk). */
const WALKED_COLUMNS = sql.raw(['id', 'sort_key', 'search_text', 'country_key', 'grape_variety_key', 'wine_style_key'].join(', '));

/** Rows of `execute()`: the same `{ rows }` shape on node-postgres and PGlite. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** A `catalog_wines.*` row of a raw query, as Drizzle maps it (camelCase keys, numbers, dates). */
function fromRaw(raw: Record<string, unknown>): CatalogWineRow {
  return Object.fromEntries(
    COLUMNS.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as CatalogWineRow;
}

/**
 * How many matches the search reads before it switches to walking the name order: about sqrt(page end × wines),
 * which bounds the rows read, sorting K matches or walking (page end × wines / K) rows, by twice that (1,600 at 50,000
 * wines, 5,000 at 500,000 for the first page). Never under the count cap, so a count under the cap is exact.
 */
export function sortLimit(cap: number, pageEnd: number, wines: number): number {
  return Math.max(cap + 1, Math.ceil(Math.sqrt(pageEnd * Math.max(wines, 0))));
}

/** How far the walk in name order goes before it gives up (the matches sit further on) and sorts every match. */
export function walkLimit(pageEnd: number, wines: number, sortAt: number): number {
  return Math.max(2000, Math.ceil((3 * pageEnd * Math.max(wines, 0)) / sortAt));
}

/**
 * One statement (in a transaction that tells the planner the data is in memory):
 * - `matches`: up to K matches through the trigram index, their sort keys only; their number is the capped count;
 * - fewer than K: they are all the matches, sorted for the page;
 * - K or more (a broad word): walk the first wines in name order and keep the matches, which fills the page within a
 *   few rows per result; if the walk does not fill it (the matches sit further on in the alphabet), sort every match.
 * Without a word the trigram index can use (no `q`, or only words under 3 letters) the planner chooses alone.
 */
export async function search(db: Db, search: CatalogSearch): Promise<SearchResult> {
  const { where = sql`true`, trigramSelective } = conditions(search);
  const cap = Math.max(COUNT_CAP, search.offset + search.limit);
  const page = sql`limit ${search.limit} offset ${search.offset}`;
  return db.transaction(async (tx) => {
    // Data in memory: random reads cost like sequential ones, so the planner reads the matches through the trigram index.
    // Only here: set for every query of the app, it made the CRM's activity search 50% slower (decision 0029).
    const settings = await tx.execute(
      sql`select set_config('random_page_cost', '1.1', true), greatest(reltuples, 0)::float8 as wines from pg_class where oid = 'catalog_wines'::regclass`,
    );
    const wines = Number(rowsOf(settings)[0]?.wines ?? 0);
    const pageEnd = search.offset + search.limit;
    const sortAt = sortLimit(cap, pageEnd, wines);
    const walk = walkLimit(pageEnd, wines, sortAt);
    const query = trigramSelective
      ? sql`with matches as materialized (select sort_key, id from catalog_wines where ${where} limit ${sortAt}),
  n as (select count(*)::int as n from matches),
  sorted as (select id from matches where (select n from n) < ${sortAt} order by ${ORDER} ${page}),
  walked as materialized (
    select id from (select ${WALKED_COLUMNS} from catalog_wines where (select n from n) >= ${sortAt} order by ${ORDER} limit ${walk}) catalog_wines
    where ${where} order by ${ORDER} ${page}),
  rest as materialized (
    select sort_key, id from catalog_wines
    where (select n from n) >= ${sortAt} and (select count(*) from walked) < ${search.limit} and ${where}),
  picked as (
    select id from sorted
    union all select id from walked where (select count(*) from walked) >= ${search.limit}
    union all (select id from rest order by ${ORDER} ${page}))
select n.n as matches_found, w.* from n
left join lateral (select catalog_wines.* from catalog_wines join picked using (id)) w on true
order by w.sort_key collate "C", w.id`
      : sql`with n as (select count(*)::int as n from (select 1 from catalog_wines where ${where} limit ${cap + 1}) m)
select n.n as matches_found, w.* from n
left join lateral (select * from catalog_wines where ${where} order by ${ORDER} ${page}) w on true
order by w.sort_key collate "C", w.id`;
    const raw = rowsOf(await tx.execute(query));
    const found = Number(raw[0]?.matches_found ?? 0);
    const rows = raw.filter((r) => r.id !== null && r.id !== undefined).map(fromRaw);
    return found > cap ? { rows, total: cap, capped: true } : { rows, total: found, capped: false };
  });
}

export async function findById(db: Executor, id: string): Promise<CatalogWineRow | undefined> {
  const [row] = await db.select().from(catalogWines).where(eq(catalogWines.id, id)).limit(1);
  return row;
}

export async function insert(db: Executor, values: CatalogWineValues): Promise<CatalogWineRow> {
  const [row] = await db.insert(catalogWines).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function update(db: Executor, id: string, values: CatalogWineValues): Promise<CatalogWineRow | undefined> {
  const [row] = await db
    .update(catalogWines)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(catalogWines.id, id))
    .returning();
  return row;
}

export async function remove(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(catalogWines).where(eq(catalogWines.id, id)).returning({ id: catalogWines.id });
  return rows.length > 0;
}
