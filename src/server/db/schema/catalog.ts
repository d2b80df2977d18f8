import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { foldSqlText } from '../fold-sql.js';
import { id, timestamps } from './columns.js';

export const catalogWines = pgTable(
  'catalog_wines',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    country: text('country'),
    region: text('region'),
    grapeVariety: text('grape_variety'),
    wineStyle: text('wine_style'),
    alcoholContent: text('alcohol_content'),
    volume: text('volume'),
    color: text('color'),
    aroma: text('aroma'),
    palate: text('palate'),
    pairing: text('pairing'),
    imageUrl: text('image_url'),
    producer: text('producer'),
    vintage: integer('vintage'),
    priceReference: numeric('price_reference', { precision: 10, scale: 2, mode: 'number' }),
    skuCode: text('sku_code'),
    /** Accent-folded, lower-case name, producer, region, grape and style: what `q` searches (trigram index). */
    searchText: text('search_text').notNull().default(''),
    /** The name folded like foldText(): the catalogue is listed in this order, ignoring case and accents. */
    sortKey: text('sort_key')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldSqlText('"name"'))),
    // The filtered fields folded once per write, so a filter is a plain `like` instead of folding every row it reads.
    countryKey: text('country_key').generatedAlwaysAs(sql.raw(foldSqlText('"country"'))),
    grapeVarietyKey: text('grape_variety_key').generatedAlwaysAs(sql.raw(foldSqlText('"grape_variety"'))),
    wineStyleKey: text('wine_style_key').generatedAlwaysAs(sql.raw(foldSqlText('"wine_style"'))),
    ...timestamps(),
  },
  (t) => [
    // Byte order ("C") of the folded name: the same on PGlite and every server, and a plain index walk for LIMIT.
    index('catalog_wines_sort_key_idx').on(sql`${t.sortKey} collate "C"`, t.id),
    uniqueIndex('catalog_wines_sku_key').on(t.skuCode),
  ],
);

/**
 * One row, bumped by a trigger after every statement that changes rows of catalog_wines (migrations 0011 and
 * catalog_changes_log): an app process compares it with the revision of its in-memory search index
 * (catalog/search-index.ts) to know it has changes to apply. Writers take turns on this row, so revisions commit in
 * order and a reader that sees revision R sees every change up to R.
 */
export const catalogRevision = pgTable('catalog_revision', {
  id: boolean('id').primaryKey().default(true),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

/**
 * The wines each catalogue revision changed, written by the same triggers (decision 0036): an app process applies the
 * changes since its index's revision instead of reading the whole catalogue again. A null wine_id stands for every
 * wine (TRUNCATE). Rows older than a day are deleted; a process further behind reads the catalogue again.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    revision: bigint('revision', { mode: 'number' }).notNull(),
    wineId: uuid('wine_id'),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('catalog_changes_revision_idx').on(t.revision), index('catalog_changes_changed_at_idx').on(t.changedAt)],
);
