import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { catalogWines } from '../../db/schema/index.js';
import type { SearchIndexRow } from './search-index.js';

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

/**
 * Every wine's searchable columns in name order (ignoring case and accents: the generated sort_key, byte order), and
 * the catalogue's revision they belong to: one statement, so one snapshot.
 */
export async function loadSearchIndexRows(db: Db): Promise<{ revision: number; rows: SearchIndexRow[] }> {
  const raw = rowsOf(
    await db.execute(sql`select r.revision::float8 as revision, w.id, w.search_text, w.country_key, w.grape_variety_key, w.wine_style_key
from catalog_revision r left join catalog_wines w on true
order by w.sort_key collate "C", w.id`),
  );
  const rows: SearchIndexRow[] = [];
  for (const r of raw) {
    if (r.id === null || r.id === undefined) continue;
    rows.push({
      id: String(r.id),
      searchText: String(r.search_text ?? ''),
      countryKey: (r.country_key as string | null) ?? null,
      grapeVarietyKey: (r.grape_variety_key as string | null) ?? null,
      wineStyleKey: (r.wine_style_key as string | null) ?? null,
    });
  }
  return { revision: Number(raw[0]?.revision ?? 0), rows };
}

/** The wines of `ids`, in that order, and the catalogue's revision in the same snapshot. */
export async function findPage(db: Db, ids: readonly string[]): Promise<{ revision: number; rows: CatalogWinePageRow[] }> {
  const raw = rowsOf(
    // The ids as one JSON parameter; through unnest(array(...)), as jsonb_array_elements_text() joined directly took
    // 10-17 ms on PostgreSQL 15 for 50 ids.
    await db.execute(sql`select (select revision::float8 from catalog_revision) as revision, ${PAGE_SELECT}
from (select 1) one
left join (unnest(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)) with ordinality as u(wine_id, ord)
  join catalog_wines c on c.id = u.wine_id) on true
order by u.ord`),
  );
  const rows = raw.filter((r) => r.id !== null && r.id !== undefined).map(fromRaw);
  return { revision: Number(raw[0]?.revision ?? 0), rows };
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
