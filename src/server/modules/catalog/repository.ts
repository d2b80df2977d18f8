import { and, asc, eq, like, type SQL, sql } from 'drizzle-orm';
import { escapeLike, foldText, searchTerms } from '../../../shared/text-search.js';
import type { Db, Executor, Tx } from '../../db/client.js';
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
const ORDER = [sql`${catalogWines.sortKey} collate "C"`, asc(catalogWines.id)];

/** Planner switches for the rest of the transaction (`set local`), in one round trip. */
const plan = (tx: Executor, settings: Record<string, 'on' | 'off'>) =>
  tx.execute(
    sql`select ${sql.join(
      Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
      sql`, `,
    )}`,
  );

/** How many wines, in sort order, a page of a broad search may read before it falls back to the trigram index. */
const WALK_ROWS_PER_RESULT = 40;
const MIN_WALK_ROWS = 2000;

/**
 * The capped count comes first (it stops at COUNT_CAP + 1 matches); it decides how to find the page, because the planner's guess of how many rows a `like '%word%'` matches is poor:
 * - up to COUNT_CAP matches: fetch those through the trigram index and sort them (a rare word would otherwise walk
 *   the whole sort_key index);
 * - more (capped): walk the first wines in sort_key order, a bounded stretch of the index, and keep the matches:
 *   a broad word ("tinto") fills the page within a few rows per result. If the stretch does not fill the page (the
 *   matches sit further on in the alphabet), fetch every match through the trigram index and sort, as above.
 * Without a word the trigram index can use (no `q`, or only words under 3 letters) the planner chooses alone.
 */
export async function search(db: Db, search: CatalogSearch): Promise<SearchResult> {
  const { where, trigramSelective } = conditions(search);
  const cap = Math.max(COUNT_CAP, search.offset + search.limit);
  const page = (tx: Tx, extra?: SQL) =>
    tx
      .select()
      .from(catalogWines)
      .where(and(where, extra))
      .orderBy(...ORDER)
      .limit(search.limit)
      .offset(search.offset);
  return db.transaction(async (tx) => {
    // Data in memory: random reads cost like sequential ones, so the planner may use the trigram index for a rare word
    // and scan in order for a common one (it stops at the cap).
    await tx.execute(sql`set local random_page_cost = 1.1`);
    const [count] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
      tx
        .select({ one: sql`1` })
        .from(catalogWines)
        .where(where)
        .limit(cap + 1)
        .as('matches'),
    );
    const n = count?.n ?? 0;
    if (n === 0 || search.offset >= n) return { rows: [], total: n, capped: false };
    if (n <= cap || !trigramSelective) {
      if (trigramSelective) await plan(tx, { enable_seqscan: 'off', enable_indexscan: 'off' });
      const rows = await page(tx);
      return n > cap ? { rows, total: cap, capped: true } : { rows, total: n, capped: false };
    }
    await plan(tx, { enable_indexscan: 'on', enable_bitmapscan: 'off' });
    const walk = Math.max(MIN_WALK_ROWS, WALK_ROWS_PER_RESULT * (search.offset + search.limit));
    const [last] = await tx
      .select({ sortKey: catalogWines.sortKey, id: catalogWines.id })
      .from(catalogWines)
      .orderBy(...ORDER)
      .limit(1)
      .offset(walk - 1);
    const bound = last
      ? sql`(${catalogWines.sortKey} collate "C", ${catalogWines.id}) <= (${last.sortKey} collate "C", ${last.id})`
      : undefined;
    let rows = await page(tx, bound);
    if (rows.length < search.limit && last) {
      await plan(tx, { enable_indexscan: 'off', enable_bitmapscan: 'on' });
      rows = await page(tx);
    }
    return { rows, total: cap, capped: true };
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
