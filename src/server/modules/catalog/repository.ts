import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike, foldText, searchTerms } from '../../../shared/text-search.js';
import type { Executor } from '../../db/client.js';
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

// Portable accent folding in SQL (no `unaccent` extension needed on PGlite or the server), matching foldText()
// for the letters Portuguese, Spanish, French and Italian wine names use.
const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';
const folded = (column: AnyPgColumn) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;
const contains = (value: string) => `%${escapeLike(value)}%`;

function conditions(search: CatalogSearch): SQL | undefined {
  const where: SQL[] = [];
  // Every word must appear somewhere in name/producer/region/grape (pg_trgm GIN index on search_text).
  for (const term of searchTerms(search.q)) where.push(sql`${catalogWines.searchText} like ${contains(term)}`);
  // Filters match case- and accent-insensitively anywhere in the field: "franca" finds "França",
  // "merlot" finds "Cabernet Sauvignon, Merlot", "rose" finds "Rosé".
  const filters: [AnyPgColumn, string | undefined][] = [
    [catalogWines.country, search.country],
    [catalogWines.grapeVariety, search.grapeVariety],
    [catalogWines.wineStyle, search.wineStyle],
  ];
  for (const [column, value] of filters) {
    const f = foldText(value);
    if (f) where.push(sql`${folded(column)} like ${contains(f)}`);
  }
  return where.length > 0 ? and(...where) : undefined;
}

export async function search(db: Executor, search: CatalogSearch): Promise<{ rows: CatalogWineRow[]; total: number }> {
  const where = conditions(search);
  const rows = await db
    .select({ wine: catalogWines, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(catalogWines)
    .where(where)
    .orderBy(asc(catalogWines.name), asc(catalogWines.id))
    .limit(search.limit)
    .offset(search.offset);
  if (rows.length > 0) return { rows: rows.map((r) => r.wine), total: rows[0]?.total ?? rows.length };
  if (search.offset === 0) return { rows: [], total: 0 };
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(catalogWines)
    .where(where);
  return { rows: [], total: count?.n ?? 0 };
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
