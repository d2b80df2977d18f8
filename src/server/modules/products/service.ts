import { scopeCovers, scopeFor } from '../../../shared/access-policy.js';
import {
  isLowStock,
  PRODUCT_MESSAGES,
  PRODUCTS_PAGE_SIZE,
  type Product,
  type ProductCategory,
  type ProductCategoryInput,
  type ProductInput,
  type ProductList,
  type ProductListQuery,
  type ProductStats,
  productCategoryInputSchema,
  productCategorySchema,
  productInputSchema,
} from '../../../shared/products.js';
import { foldText } from '../../../shared/text-search.js';
import { badRequest, conflict, forbidden, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { toColumns, toDto } from '../../db/row-mapping.js';
import * as repo from './repository.js';

// ── Write rules ─────────────────────────────────────────────────────────────

export type ProductInputCheck = { ok: true; value: ProductInput } | { ok: false; fields: Record<string, string> };

/**
 * The product rules (SPEC §3/§5) for one raw input, snake_case like the API body: name required; price, cost,
 * stock and min_stock never negative; money in reais ("R$ 1.250,50", "89,90", 89.9); text trimmed and NFC.
 * Answers the normalised value, or a pt-BR message per field (the first problem of each field).
 */
export function validateProductInput(raw: unknown): ProductInputCheck {
  const parsed = productInputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}

const money = (v: number | null) => (v === null ? null : v.toFixed(2));

/** Column values of a validated product for `supplierId` (the caller's decision, see productOwner). */
export function toProductValues(input: ProductInput, supplierId: string): repo.ProductValues {
  const { supplier_id: _ignored, price, cost, weight, ...rest } = input;
  return { ...toColumns(rest), supplierId, price: money(price), cost: money(cost), weight: weight === null ? null : weight.toFixed(3) };
}

/**
 * The supplier a product of this caller belongs to: a supplier user's own, whatever the input says; the admin's
 * choice (required). `fallback` is the current supplier on an update the admin leaves it out of.
 */
export function productOwner(caller: Caller, input: Pick<ProductInput, 'supplier_id'>, fallback?: string): string {
  const scope = requireScope(caller, 'products', 'create');
  if (scope.kind === 'supplier') return scope.id;
  const chosen = input.supplier_id ?? fallback;
  if (!chosen) throw badRequest(PRODUCT_MESSAGES.supplierRequired, { supplier_id: PRODUCT_MESSAGES.supplierRequired });
  return chosen;
}

/** A database refusal of a product write as the API's answer: the SKU taken (409), a missing category or supplier (400). */
export function translateProductWriteError(err: unknown): unknown {
  if (isUniqueViolation(err, repo.PRODUCT_SKU_KEY)) return conflict(PRODUCT_MESSAGES.skuTaken, { sku: PRODUCT_MESSAGES.skuTaken });
  if (isForeignKeyViolation(err, repo.PRODUCT_CATEGORY_FK)) {
    return badRequest(PRODUCT_MESSAGES.categoryNotFound, { category_id: PRODUCT_MESSAGES.categoryNotFound });
  }
  if (isForeignKeyViolation(err, repo.PRODUCT_SUPPLIER_FK)) {
    return badRequest(PRODUCT_MESSAGES.supplierNotFound, { supplier_id: PRODUCT_MESSAGES.supplierNotFound });
  }
  return err;
}

// ── Products ────────────────────────────────────────────────────────────────

const num = (v: string | null) => (v === null ? null : Number(v));

export function toProductDto(row: repo.ProductListRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category_id: row.categoryId,
    category_name: row.categoryName,
    supplier_id: row.supplierId,
    supplier_name: row.supplierName,
    sku: row.sku,
    price: num(row.price),
    cost: num(row.cost),
    stock_quantity: row.stockQuantity,
    min_stock: row.minStock,
    low_stock: isLowStock({ stock_quantity: row.stockQuantity, min_stock: row.minStock }),
    unit: row.unit,
    weight: num(row.weight),
    volume: row.volume,
    alcohol_content: row.alcoholContent,
    origin: row.origin,
    vintage: row.vintage,
    grape_variety: row.grapeVariety,
    brand: row.brand,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listProducts(db: Db, caller: Caller, query: ProductListQuery): Promise<ProductList> {
  const scope = requireScope(caller, 'products', 'read');
  const limit = query.limit ?? PRODUCTS_PAGE_SIZE;
  const page = query.page ?? 1;
  const { rows, total } = await repo.search(db, {
    scope,
    search: query.search,
    categoryId: query.category_id,
    limit,
    offset: (page - 1) * limit,
  });
  return { products: rows.map(toProductDto), total_pages: Math.ceil(total / limit), total };
}

export async function productStats(db: Db, caller: Caller): Promise<ProductStats> {
  const scope = requireScope(caller, 'products', 'read');
  const s = await repo.stats(db, scope);
  return { total_products: s.total, active_products: s.active, total_categories: s.categories, low_stock_products: s.lowStock };
}

async function readProduct(db: Executor, id: string): Promise<Product> {
  const row = await repo.findListRow(db, id);
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return toProductDto(row);
}

/** The product if the caller may read it (else 404) and take `action` on it (else 403). */
async function productFor(db: Executor, caller: Caller, id: string, action: 'update' | 'delete'): Promise<repo.ProductRow> {
  const row = await repo.findById(db, id);
  if (!row || !scopeCovers(scopeFor(caller, 'products', 'read'), row)) throw notFound(PRODUCT_MESSAGES.notFound);
  if (!scopeCovers(requireScope(caller, 'products', action), row)) throw forbidden();
  return row;
}

export async function createProduct(db: Db, caller: Caller, input: ProductInput): Promise<Product> {
  const supplierId = productOwner(caller, input);
  let row: repo.ProductRow;
  try {
    row = await repo.audited.insert(db, caller, toProductValues(input, supplierId));
  } catch (err) {
    throw translateProductWriteError(err);
  }
  return readProduct(db, row.id);
}

export async function updateProduct(db: Db, caller: Caller, id: string, input: ProductInput): Promise<Product> {
  const current = await productFor(db, caller, id, 'update');
  const supplierId = productOwner(caller, input, current.supplierId);
  try {
    if (!(await repo.audited.update(db, caller, id, toProductValues(input, supplierId)))) throw notFound(PRODUCT_MESSAGES.notFound);
  } catch (err) {
    throw translateProductWriteError(err);
  }
  return readProduct(db, id);
}

export async function deleteProduct(db: Db, caller: Caller, id: string): Promise<void> {
  await productFor(db, caller, id, 'delete');
  if (!(await repo.audited.remove(db, caller, id))) throw notFound(PRODUCT_MESSAGES.notFound);
}

// ── Categories ──────────────────────────────────────────────────────────────

export const toCategoryDto = (row: repo.CategoryRow): ProductCategory => toDto(productCategorySchema, row);

export async function listCategories(db: Db, caller: Caller): Promise<ProductCategory[]> {
  requireScope(caller, 'productCategories', 'read');
  return (await repo.listCategories(db)).map(toCategoryDto);
}

function translateCategoryError(err: unknown): unknown {
  if (isForeignKeyViolation(err, repo.CATEGORY_PARENT_FK)) {
    return badRequest(PRODUCT_MESSAGES.parentNotFound, { parent_id: PRODUCT_MESSAGES.parentNotFound });
  }
  return err;
}

/** `db` may be a transaction of the caller's (the import creates categories inside its own). */
export async function createCategory(db: Executor, caller: Caller, input: ProductCategoryInput): Promise<ProductCategory> {
  requireScope(caller, 'productCategories', 'create');
  try {
    return toCategoryDto(await repo.auditedCategories.insert(db, caller, toColumns(input)));
  } catch (err) {
    throw translateCategoryError(err);
  }
}

/** A category's parent may not be itself or one of its descendants (the tree stays a tree): 400 otherwise. */
export async function updateCategory(db: Db, caller: Caller, id: string, input: ProductCategoryInput): Promise<ProductCategory> {
  requireScope(caller, 'productCategories', 'update');
  try {
    return await db.transaction(async (tx) => {
      await repo.lockCategoryTree(tx);
      if (!(await repo.findCategory(tx, id))) throw notFound(PRODUCT_MESSAGES.categoryNotFound);
      if (input.parent_id && (await repo.isInSubtree(tx, id, input.parent_id))) {
        throw badRequest(PRODUCT_MESSAGES.categoryCycle, { parent_id: PRODUCT_MESSAGES.categoryCycle });
      }
      const row = await repo.auditedCategories.update(tx, caller, id, toColumns(input));
      if (!row) throw notFound(PRODUCT_MESSAGES.categoryNotFound);
      return toCategoryDto(row);
    });
  } catch (err) {
    throw translateCategoryError(err);
  }
}

// ── For the spreadsheet import: its rows, written in its transaction by the same rules as the API's ──

/** A valid sheet row (parsed by productInputSchema) with the supplier and category it resolved to. */
export interface ImportedProductRow {
  input: ProductInput;
  supplierId: string;
  categoryId: string;
}

/** The columns a sheet row writes: an update by SKU replaces these and keeps the others (cost, minimum stock…). */
const IMPORTED_COLUMNS = [
  'name',
  'description',
  'categoryId',
  'supplierId',
  'sku',
  'price',
  'stockQuantity',
  'unit',
  'brand',
  'origin',
] as const;

const importedValues = (row: ImportedProductRow): repo.ProductValues => ({
  ...toProductValues(row.input, row.supplierId),
  categoryId: row.categoryId,
});

export { skuKey } from './repository.js';

/**
 * Inserts a batch of sheet rows, each keyed by its import and line: a row already inserted (a resumed batch) is left
 * alone. Answers the lines inserted.
 */
export function insertImportedProducts(tx: Executor, importId: string, rows: (ImportedProductRow & { line: number })[]) {
  return repo.insertImported(
    tx,
    rows.map((row) => ({ ...importedValues(row), importId, importRow: row.line })),
  );
}

/** A sheet row replaces the imported columns of the product that has its SKU (a new price list). */
export async function updateImportedProduct(tx: Executor, id: string, row: ImportedProductRow): Promise<void> {
  const values = importedValues(row);
  await repo.updateColumns(tx, id, Object.fromEntries(IMPORTED_COLUMNS.map((key) => [key, values[key]])));
}

/** The products holding these SKUs, per supplier: skuKey(supplierId, sku) -> product id. */
export const productIdsBySku = (db: Executor, pairs: { supplierId: string; sku: string }[]) => repo.idsBySku(db, pairs);

/** Of these products, the ones an import wrote, with the sheet line each came from. */
export const linesWrittenByImport = (db: Executor, importId: string, productIds: string[]) => repo.importLines(db, importId, productIds);

/**
 * The category ids by folded name ("Vinhos Tintos" and "vinhos tintos" alike), for matching a sheet's category
 * column; with several of one name, the first by name order.
 */
export async function categoryIdsByFoldedName(db: Executor): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const row of await repo.listCategories(db)) {
    const key = foldText(row.name);
    if (!map.has(key)) map.set(key, row.id);
  }
  return map;
}

/** A top-level category a sheet names, made as the category form makes it (the name already passed its rule). */
export async function addImportedCategory(tx: Executor, name: string): Promise<string> {
  return (await repo.insertCategory(tx, toColumns(productCategoryInputSchema.parse({ name })))).id;
}

/** The products service, built once per app with its dependencies. */
export function createProductService({ db }: { db: Db }) {
  return {
    listProducts: (caller: Caller, query: ProductListQuery) => listProducts(db, caller, query),
    productStats: (caller: Caller) => productStats(db, caller),
    createProduct: (caller: Caller, input: ProductInput) => createProduct(db, caller, input),
    updateProduct: (caller: Caller, id: string, input: ProductInput) => updateProduct(db, caller, id, input),
    deleteProduct: (caller: Caller, id: string) => deleteProduct(db, caller, id),
    listCategories: (caller: Caller) => listCategories(db, caller),
    createCategory: (caller: Caller, input: ProductCategoryInput) => createCategory(db, caller, input),
    updateCategory: (caller: Caller, id: string, input: ProductCategoryInput) => updateCategory(db, caller, id, input),
  };
}
export type ProductService = ReturnType<typeof createProductService>;
