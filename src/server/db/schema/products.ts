import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { foldSqlText } from '../fold-sql.js';
import { belongsTo, id, timestamps } from './columns.js';
import { suppliers } from './suppliers.js';

/** Shared by every supplier; a tree through parent_id. */
export const productCategories = pgTable(
  'product_categories',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    parentId: uuid('parent_id').references((): AnyPgColumn => productCategories.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('product_categories_parent_idx').on(t.parentId)],
);

/** Money is numeric and read as strings, never binary floats. */
export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: uuid('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    supplierId: belongsTo('supplier_id', () => suppliers.id, 'restrict'),
    sku: text('sku'),
    price: numeric('price', { precision: 12, scale: 2 }),
    cost: numeric('cost', { precision: 12, scale: 2 }),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    minStock: integer('min_stock').notNull().default(0),
    unit: text('unit'),
    weight: numeric('weight', { precision: 10, scale: 3 }),
    volume: text('volume'),
    alcoholContent: text('alcohol_content'),
    origin: text('origin'),
    vintage: integer('vintage'),
    grapeVariety: text('grape_variety'),
    brand: text('brand'),
    active: boolean('active').notNull().default(true),
    /** The import and spreadsheet row that created it: a resumed import never inserts a row twice. */
    importId: uuid('import_id'),
    importRow: integer('import_row'),
    /**
     * Name, SKU and description folded like foldText() (accents, case, ligatures): what `search` matches, through a
     * trigram index. Generated, so every writer (API, import, seed) keeps it right without knowing of it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldSqlText(`coalesce("name", '') || ' ' || coalesce("sku", '') || ' ' || coalesce("description", '')`))),
    /** The name folded: products are listed in this order, ignoring case and accents. */
    sortKey: text('sort_key')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldSqlText('"name"'))),
    ...timestamps(),
  },
  (t) => [
    // A small pending list (kB): an insert that flushes it holds PGlite's only thread for tens of ms, not hundreds.
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ gin_pending_list_limit: 512 }),
    index('products_sort_key_idx').on(sql`${t.sortKey} collate "C"`, t.id),
    index('products_supplier_sort_key_idx').on(t.supplierId, sql`${t.sortKey} collate "C"`, t.id),
    // Never negative, whoever writes (SPEC §5 and the import alike).
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    check('products_cost_nonnegative', sql`${t.cost} >= 0`),
    check('products_stock_nonnegative', sql`${t.stockQuantity} >= 0`),
    check('products_min_stock_nonnegative', sql`${t.minStock} >= 0`),
    uniqueIndex('products_supplier_sku_key').on(t.supplierId, t.sku).where(sql`${t.sku} is not null`),
    uniqueIndex('products_import_row_key').on(t.importId, t.importRow).where(sql`${t.importId} is not null`),
    index('products_category_idx').on(t.categoryId),
  ],
);
