import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cellarItems } from './cellar.js';
import { belongsTo, id, timestamps } from './columns.js';
import { establishments } from './establishments.js';

export const wineMenus = pgTable(
  'wine_menus',
  {
    id: id(),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull(),
    /** A linked wine with no bottles left: shown as "Esgotado" or hidden from the public page (issue 18). */
    soldOutDisplay: text('sold_out_display', { enum: ['show', 'hide'] })
      .notNull()
      .default('show'),
    /** At or below this many bottles a linked wine shows "Última garrafa" / "Últimas N garrafas". */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(1),
    /** Guest languages offered beyond pt-BR ('en', 'es'; issue 28): shown to guests only once their texts are complete. */
    guestLanguages: text('guest_languages').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('wine_menus_establishment_slug_key').on(t.establishmentId, t.slug),
    index('wine_menus_slug_idx').on(t.slug),
    check('wine_menus_sold_out_display', sql`${t.soldOutDisplay} IN ('show', 'hide')`),
    check('wine_menus_low_stock_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    check('wine_menus_guest_languages', sql`${t.guestLanguages} <@ ARRAY['en', 'es']::text[]`),
  ],
);

export const menuWines = pgTable(
  'menu_wines',
  {
    id: id(),
    menuId: belongsTo('menu_id', () => wineMenus.id, 'cascade'),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    category: text('category').notNull(),
    country: text('country'),
    region: text('region'),
    producer: text('producer'),
    vintage: integer('vintage'),
    wineStyle: text('wine_style'),
    grapeVariety: text('grape_variety'),
    alcoholContent: text('alcohol_content'),
    volume: text('volume').notNull().default('750ml'),
    aging: text('aging'),
    color: text('color'),
    aroma: text('aroma'),
    palate: text('palate'),
    pairing: text('pairing'),
    imageUrl: text('image_url'),
    available: boolean('available').notNull().default(true),
    /** The house cellar item this wine draws from (issue 18); a wine on two menus of one house shares one count. */
    cellarItemId: uuid('cellar_item_id').references(() => cellarItems.id, { onDelete: 'set null' }),
    byTheGlass: boolean('by_the_glass').notNull().default(false),
    /** The glass price the user typed; null: computed from price, glass_doses and glass_markup_percent. */
    glassPrice: numeric('glass_price', { precision: 10, scale: 2, mode: 'number' }),
    glassDoses: integer('glass_doses').notNull().default(5),
    glassMarkupPercent: numeric('glass_markup_percent', { precision: 6, scale: 2, mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    index('menu_wines_menu_position_idx').on(t.menuId, t.position),
    index('menu_wines_cellar_item_idx').on(t.cellarItemId),
    check('menu_wines_glass_doses_positive', sql`${t.glassDoses} >= 1`),
  ],
);
