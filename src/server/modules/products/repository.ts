import { and, asc, count, eq, getTableColumns, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../shared/access-policy.js';
import { escapeLike, searchTerms } from '../../../shared/text-search.js';
import { scopeWhere } from '../../core/scope.js';
import type { Executor } from '../../db/client.js';
import { recordQueries } from '../../db/records.js';
import { productCategories, products, suppliers } from '../../db/schema/index.js';
import { auditedRecordQueries } from '../audit/index.js';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText' | 'sortKey'>;
export type ProductListRow = ProductRow & { categoryName: string | null; supplierName: string | null };
export type CategoryRow = typeof productCategories.$inferSelect;
export type CategoryValues = Omit<typeof productCategories.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const PRODUCT_SKU_KEY = 'products_supplier_sku_key';
export const PRODUCT_CATEGORY_FK = 'products_category_id_product_categories_id_fk';
export const PRODUCT_SUPPLIER_FK = 'products_supplier_id_suppliers_id_fk';
export const CATEGORY_PARENT_FK = 'product_categories_parent_id_product_categories_id_fk';

/** A category and every category below it (recursive CTE over parent_id; the tree has no cycles). */
const subtreeIds = (rootId: string) => sql`(
  with recursive subtree(id) as (
    select ${productCategories.id} from ${productCategories} where ${productCategories.id} = ${rootId}
    union
    select c.id from ${productCategories} c join subtree s on c.parent_id = s.id
  ) select id from subtree)`;

export interface ProductSearch {
  scope: Scope;
  search?: string | undefined;
  categoryId?: string | undefined;
  limit: number;
  offset: number;
}

function conditions(search: ProductSearch): SQL | undefined {
  const where: (SQL | undefined)[] = [scopeWhere(search.scope, { supplierId: products.supplierId })];
  // Every word must appear in the folded name/SKU/description (pg_trgm GIN index on search_text).
  for (const term of searchTerms(search.search)) where.push(sql`${products.searchText} like ${`%${escapeLike(term)}%`}`);
  if (search.categoryId) where.push(sql`${products.categoryId} in ${subtreeIds(search.categoryId)}`);
  return and(...where);
}

const listColumns = { ...getTableColumns(products), categoryName: productCategories.name, supplierName: suppliers.companyName };

export async function search(db: Executor, search: ProductSearch): Promise<{ rows: ProductListRow[]; total: number }> {
  const where = conditions(search);
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  const total = counted?.n ?? 0;
  if (total === 0 || search.offset >= total) return { rows: [], total };
  const rows = await db
    .select(listColumns)
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(where)
    .orderBy(sql`${products.sortKey} collate "C"`, asc(products.id))
    .limit(search.limit)
    .offset(search.offset);
  return { rows, total };
}

export async function stats(db: Executor, scope: Scope) {
  const where = scopeWhere(scope, { supplierId: products.supplierId });
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${products.active})`.mapWith(Number),
      lowStock: sql<number>`count(*) filter (where ${lte(products.stockQuantity, products.minStock)})`.mapWith(Number),
    })
    .from(products)
    .where(where);
  const [categories] = await db.select({ n: count() }).from(productCategories);
  return { total: row?.total ?? 0, active: row?.active ?? 0, lowStock: row?.lowStock ?? 0, categories: categories?.n ?? 0 };
}

export async function findListRow(db: Executor, id: string): Promise<ProductListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

export const { findById, insert, update, remove } = recordQueries(products);
/** The writes of the API, each recorded in the audit trail. */
export const audited = auditedRecordQueries(products, 'product');

/** The supplier ids among `ids` that exist. */
export async function existingSuppliers(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: suppliers.id }).from(suppliers).where(inArray(suppliers.id, ids));
  return new Set(rows.map((r) => r.id));
}

// ── Categories ──────────────────────────────────────────────────────────────

export function listCategories(db: Executor): Promise<CategoryRow[]> {
  return db.select().from(productCategories).orderBy(asc(productCategories.name), asc(productCategories.id));
}

export const { findById: findCategory, insert: insertCategory, update: updateCategory } = recordQueries(productCategories);
export const auditedCategories = auditedRecordQueries(productCategories, 'product_category');

/** Is `candidateId` the category `id` itself or one of its descendants? (Then it cannot become its parent.) */
export async function isInSubtree(db: Executor, id: string, candidateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.id, candidateId), sql`${productCategories.id} in ${subtreeIds(id)}`))
    .limit(1);
  return row !== undefined;
}

/**
 * Serialises writes to the category tree for the rest of the transaction (reads go on): two concurrent moves
 * (A under B, B under A) could otherwise each pass the cycle check.
 */
export async function lockCategoryTree(db: Executor): Promise<void> {
  await db.execute(sql`lock table ${productCategories} in share row exclusive mode`);
}

// ── Rows of a spreadsheet import ────────────────────────────────────────────

export type ImportedProductValues = ProductValues & { importId: string; importRow: number };

/** Every column a product write sets (not the keys, the generated columns or the timestamps): name and SQL type. */
const WRITTEN_COLUMNS = Object.entries(getTableColumns(products))
  .filter(([key]) => !['id', 'searchText', 'sortKey', 'createdAt', 'updatedAt'].includes(key))
  .map(([key, column]) => ({ key: key as keyof ImportedProductValues, name: column.name, type: column.getSQLType() }));
const columnList = sql.raw(WRITTEN_COLUMNS.map((c) => `"${c.name}"`).join(', '));
const recordType = sql.raw(WRITTEN_COLUMNS.map((c) => `"${c.name}" ${c.type}`).join(', '));

/**
 * Inserts a batch of an import; a row of this import already there (a resumed batch) is left alone. The sheet lines
 * inserted. The rows travel as one JSON parameter (jsonb_to_recordset) rather than a parameter per column and row:
 * on PGlite, whose statements run on the thread that serves every request, this halves the time a batch holds it.
 */
export async function insertImported(db: Executor, rows: ImportedProductValues[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const records = rows.map((row) => Object.fromEntries(WRITTEN_COLUMNS.map((c) => [c.name, row[c.key] ?? null])));
  const result = await db.execute(sql`
    insert into products (${columnList})
    select ${columnList} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${recordType})
    on conflict do nothing
    returning import_row`);
  return new Set((result as unknown as { rows: { import_row: number }[] }).rows.map((r) => Number(r.import_row)));
}

/** Sets some columns of a product (an import row that updates the product with its SKU). */
export async function updateColumns(db: Executor, id: string, values: Partial<ProductValues>): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export const skuKey = (supplierId: string, sku: string) => `${supplierId} ${sku}`;

/** The products already holding these SKUs, per supplier: skuKey(supplierId, sku) -> product id. */
export async function idsBySku(db: Executor, pairs: { supplierId: string; sku: string }[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (pairs.length === 0) return found;
  // The pairs as one JSON parameter instead of two parameters each: a 500-row batch is one short statement to parse.
  const result = await db.execute(sql`
    select p.id, p.supplier_id, p.sku from products p
    join jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ supplier_id: p.supplierId, sku: p.sku })))}::jsonb)
      as wanted(supplier_id uuid, sku text) on p.supplier_id = wanted.supplier_id and p.sku = wanted.sku`);
  for (const row of (result as unknown as { rows: { id: string; supplier_id: string; sku: string | null }[] }).rows) {
    if (row.sku) found.set(skuKey(row.supplier_id, row.sku), row.id);
  }
  return found;
}

/** Of these products, the ones this import wrote, with the sheet line each came from. */
export async function importLines(db: Executor, importId: string, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, line: products.importRow })
    .from(products)
    .where(and(eq(products.importId, importId), inArray(products.id, productIds)));
  return new Map(rows.flatMap((r) => (r.line === null ? [] : [[r.id, r.line] as const])));
}
