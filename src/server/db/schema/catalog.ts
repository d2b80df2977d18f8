import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldSqlText } from '../fold-sql.js';
import { createdAt, id, updatedAt } from './columns.js';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('catalog_wines_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Byte order ("C") of the folded name: the same on PGlite and every server, and a plain index walk for LIMIT.
    index('catalog_wines_sort_key_idx').on(sql`${t.sortKey} collate "C"`, t.id),
    uniqueIndex('catalog_wines_sku_key').on(t.skuCode),
  ],
);
