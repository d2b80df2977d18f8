import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** Accent-folded, lower-case name, producer, region and grape: what `q` searches (trigram index). */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('catalog_wines_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('catalog_wines_name_idx').on(t.name),
    uniqueIndex('catalog_wines_sku_key').on(t.skuCode),
  ],
);
