import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike, foldText, searchTerms } from '../../../shared/text-search.js';
import type { Db, Executor } from '../../db/client.js';
import { catalogWines } from '../../db/schema/index.js';
import { foldedColumnContains, sqlFold } from './filter-text.js';

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

function conditions(search: CatalogSearch): SQL | undefined {
  const where: SQL[] = [];
  // Every word must appear somewhere in name/producer/region/grape (pg_trgm GIN index on search_text).
  for (const term of searchTerms(search.q)) where.push(sql`${catalogWines.searchText} like ${contains(term)}`);
  // Filters match case- and accent-insensitively anywhere in the field, folded like `q` (foldText): "franca" finds
  // "França", "merlot" finds "Cabernet Sauvignon, Merlot", "rose" finds "Rosé", "weissburgunder" finds "Weißburgunder".
  const grape = foldText(search.grapeVariety);
  if (grape) {
    // search_text holds the folded grape, so its trigram index picks the candidates; the grape column decides.
    where.push(sql`${catalogWines.searchText} like ${contains(grape)}`, sql`${sqlFold(catalogWines.grapeVariety)} like ${contains(grape)}`);
  }
  const filters: [AnyPgColumn, string | undefined][] = [
    [catalogWines.country, search.country],
    [catalogWines.wineStyle, search.wineStyle],
  ];
  for (const [column, value] of filters) {
    const folded = foldText(value);
    if (folded) where.push(foldedColumnContains(column, folded));
  }
  return where.length > 0 ? and(...where) : undefined;
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

export async function search(db: Db, search: CatalogSearch): Promise<SearchResult> {
  const where = conditions(search);
  return db.transaction(async (tx) => {
    // Tables are small enough to stay in memory (and PGlite is all memory): random reads cost like sequential ones,
    // which lets the planner use the trigram index for selective words instead of scanning every row.
    await tx.execute(sql`set local random_page_cost = 1.1`);
    const rows = await tx
      .select()
      .from(catalogWines)
      .where(where)
      .orderBy(asc(catalogWines.name), asc(catalogWines.id))
      .limit(search.limit)
      .offset(search.offset);
    // The page tells the total by itself unless it is full, or empty past the first page.
    if (rows.length > 0 && rows.length < search.limit) return { rows, total: search.offset + rows.length, capped: false };
    if (rows.length === 0 && search.offset === 0) return { rows, total: 0, capped: false };
    const cap = Math.max(COUNT_CAP, search.offset + search.limit);
    const [count] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
      tx
        .select({ one: sql`1` })
        .from(catalogWines)
        .where(where)
        .limit(cap + 1)
        .as('matches'),
    );
    const n = count?.n ?? 0;
    return n > cap ? { rows, total: cap, capped: true } : { rows, total: n, capped: false };
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
