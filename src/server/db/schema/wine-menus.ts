import { boolean, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { establishments } from './establishments.js';

export const wineMenus = pgTable(
  'wine_menus',
  {
    id: id(),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wine_menus_establishment_slug_key').on(t.establishmentId, t.slug), index('wine_menus_slug_idx').on(t.slug)],
);

export const menuWines = pgTable(
  'menu_wines',
  {
    id: id(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => wineMenus.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menu_wines_menu_position_idx').on(t.menuId, t.position)],
);
