import { and, count, desc, eq, getTableColumns, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { ImportRowMessage } from '../../../shared/product-import.js';
import type { Db, Executor } from '../../db/client.js';
import { productCategories, productImports, products, suppliers, users } from '../../db/schema/index.js';

export type ImportRow = typeof productImports.$inferSelect;
export type ImportWithUser = ImportRow & { createdByEmail: string | null };
type ImportValues = typeof productImports.$inferInsert;

const { preview: _preview, ...summaryColumns } = getTableColumns(productImports);
/** The history does not need the preview; everything else, plus who uploaded it. */
const withUser = { ...summaryColumns, createdByEmail: users.email };

export async function insertImport(db: Executor, values: ImportValues): Promise<ImportRow> {
  const [row] = await db.insert(productImports).values(values).returning();
  if (!row) throw new Error('import not created');
  return row;
}

export async function findImport(db: Executor, id: string, scopeWhere: SQL | undefined): Promise<ImportWithUser | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(productImports), createdByEmail: users.email })
    .from(productImports)
    .leftJoin(users, eq(users.id, productImports.createdBy))
    .where(and(eq(productImports.id, id), scopeWhere));
  return row;
}

export async function listImports(db: Db, scopeWhere: SQL | undefined, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(withUser)
      .from(productImports)
      .leftJoin(users, eq(users.id, productImports.createdBy))
      .where(scopeWhere)
      .orderBy(desc(productImports.createdAt), desc(productImports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(productImports).where(scopeWhere),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateImport(db: Executor, id: string, values: Partial<ImportValues>, where?: SQL): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(productImports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(productImports.id, id), where))
    .returning();
  return row;
}

export async function deleteImport(db: Executor, id: string): Promise<void> {
  await db.delete(productImports).where(eq(productImports.id, id));
}

/**
 * Takes a pending import for one worker: the lease is a fresh millisecond timestamp in started_at, which every
 * checkpoint must still find (a worker whose import was recovered by another process loses it).
 */
export async function claimImport(db: Db, id: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(productImports)
    .set({
      status: 'processing',
      startedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
      updatedAt: sql`now()`,
      failureReason: null,
      currentOperation: 'Lendo a planilha',
    })
    .where(and(eq(productImports.id, id), eq(productImports.status, 'pending')))
    .returning();
  return row;
}

const leaseOf = (id: string, lease: Date) =>
  and(eq(productImports.id, id), eq(productImports.status, 'processing'), eq(productImports.startedAt, lease));

export interface BatchResult {
  processed: number;
  success: number;
  skipped: number;
  errors: ImportRowMessage[];
  warnings: ImportRowMessage[];
  currentOperation: string;
}

/** Most messages kept per import; the counts stay exact beyond it (and failed-rows re-checks the file). */
export const MAX_STORED_MESSAGES = 1000;

/** Adds a batch's counts and messages; false when the lease is gone (the caller rolls its batch back). */
export async function checkpoint(db: Executor, id: string, lease: Date, batch: BatchResult): Promise<boolean> {
  const append = (column: typeof productImports.errors | typeof productImports.warnings, items: ImportRowMessage[]) =>
    items.length === 0
      ? column
      : sql`case when jsonb_array_length(${column}) >= ${MAX_STORED_MESSAGES} then ${column}
          else (${column} || ${JSON.stringify(items)}::jsonb) end`;
  const rows = await db
    .update(productImports)
    .set({
      processedRows: sql`${productImports.processedRows} + ${batch.processed}`,
      successCount: sql`${productImports.successCount} + ${batch.success}`,
      skippedCount: sql`${productImports.skippedCount} + ${batch.skipped}`,
      errorCount: sql`${productImports.errorCount} + ${batch.errors.length}`,
      errors: append(productImports.errors, batch.errors),
      warnings: append(productImports.warnings, batch.warnings),
      currentOperation: batch.currentOperation,
      updatedAt: sql`now()`,
    })
    .where(leaseOf(id, lease))
    .returning({ id: productImports.id });
  return rows.length > 0;
}

/** Says why a running import waits (and renews its lease); false when the lease is gone. */
export async function markWaiting(db: Executor, id: string, lease: Date, currentOperation: string): Promise<boolean> {
  const rows = await db
    .update(productImports)
    .set({ currentOperation, updatedAt: sql`now()` })
    .where(leaseOf(id, lease))
    .returning({ id: productImports.id });
  return rows.length > 0;
}

export async function finishImport(db: Executor, id: string, lease: Date, values: Partial<ImportValues>): Promise<boolean> {
  const rows = await db
    .update(productImports)
    .set({ ...values, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(leaseOf(id, lease))
    .returning({ id: productImports.id });
  return rows.length > 0;
}

/** Imports left processing with no heartbeat for `staleMs` (their process died) go back to pending; their ids. */
export async function releaseStaleImports(db: Db, staleMs: number, exceptIds: readonly string[]): Promise<string[]> {
  const conditions = [
    eq(productImports.status, 'processing'),
    lt(productImports.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
  ];
  if (exceptIds.length > 0) conditions.push(sql`${productImports.id} not in ${exceptIds}`);
  const rows = await db
    .update(productImports)
    .set({ status: 'pending', currentOperation: 'Retomando a importação interrompida', updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: productImports.id });
  return rows.map((r) => r.id);
}

// ---- the rows an import writes: categories, suppliers, products ----

export const listCategoryNames = (db: Executor) =>
  db.select({ id: productCategories.id, name: productCategories.name }).from(productCategories);

export async function insertCategory(db: Executor, name: string): Promise<string> {
  const [row] = await db.insert(productCategories).values({ name }).returning({ id: productCategories.id });
  if (!row) throw new Error('category not created');
  return row.id;
}

export const listSupplierNames = (db: Executor) =>
  db.select({ id: suppliers.id, name: suppliers.name, companyName: suppliers.companyName }).from(suppliers);

export async function insertSupplier(db: Executor, values: typeof suppliers.$inferInsert): Promise<string> {
  const [row] = await db.insert(suppliers).values(values).returning({ id: suppliers.id });
  if (!row) throw new Error('supplier not created');
  return row.id;
}

/** The products already holding these SKUs, per supplier: `${supplierId} ${sku}` -> product id. */
export async function findBySkus(db: Executor, pairs: { supplierId: string; sku: string }[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (pairs.length === 0) return found;
  // The pairs as one JSON parameter instead of two parameters each: a 500-row batch is one short statement to parse.
  const result = await db.execute(sql`
    select p.id, p.supplier_id, p.sku from products p
    join jsonb_to_recordset(${JSON.stringify(pairs.map((p) => ({ supplier_id: p.supplierId, sku: p.sku })))}::jsonb)
      as wanted(supplier_id uuid, sku text) on p.supplier_id = wanted.supplier_id and p.sku = wanted.sku`);
  const rows = (result as unknown as { rows: { id: string; supplier_id: string; sku: string }[] }).rows.map((r) => ({
    id: r.id,
    supplierId: r.supplier_id,
    sku: r.sku,
  }));
  for (const row of rows) if (row.sku) found.set(skuKey(row.supplierId, row.sku), row.id);
  return found;
}

export const skuKey = (supplierId: string, sku: string) => `${supplierId} ${sku}`;

export type ProductValues = typeof products.$inferInsert;

/** What an import writes of a product. */
export interface ImportedProductValues {
  name: string;
  description: string | null;
  categoryId: string;
  supplierId: string;
  sku: string | null;
  price: string | null;
  stockQuantity: number;
  unit: string | null;
  brand: string | null;
  origin: string | null;
  importId: string;
  importRow: number;
}

/**
 * Inserts the batch; a row of this import already there (a resumed batch) is left alone. The lines inserted.
 * The rows travel as one JSON parameter (jsonb_to_recordset) rather than twelve parameters a row: on PGlite, whose
 * statements run on the thread that serves every request, this halves the time a batch holds it.
 */
export async function insertProducts(db: Executor, rows: ImportedProductValues[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const records = rows.map((r) => ({
    name: r.name,
    description: r.description,
    category_id: r.categoryId,
    supplier_id: r.supplierId,
    sku: r.sku,
    price: r.price,
    stock_quantity: r.stockQuantity,
    unit: r.unit,
    brand: r.brand,
    origin: r.origin,
    import_id: r.importId,
    import_row: r.importRow,
  }));
  const result = await db.execute(sql`
    insert into products (name, description, category_id, supplier_id, sku, price, stock_quantity, unit, brand, origin, import_id, import_row)
    select name, description, category_id, supplier_id, sku, price, stock_quantity, unit, brand, origin, import_id, import_row
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(
      name text, description text, category_id uuid, supplier_id uuid, sku text, price numeric, stock_quantity integer,
      unit text, brand text, origin text, import_id uuid, import_row integer)
    on conflict do nothing
    returning import_row`);
  return new Set((result as unknown as { rows: { import_row: number }[] }).rows.map((r) => Number(r.import_row)));
}

export async function updateProduct(db: Executor, id: string, values: Partial<ProductValues>): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

/** Of these products, the ones this import wrote, with the sheet line each came from (a SKU repeated in the sheet). */
export async function linesWrittenBy(db: Executor, importId: string, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, line: products.importRow })
    .from(products)
    .where(and(eq(products.importId, importId), inArray(products.id, productIds)));
  return new Map(rows.flatMap((r) => (r.line === null ? [] : [[r.id, r.line] as const])));
}
