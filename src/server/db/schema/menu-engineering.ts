import { boolean, integer, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns.js';
import { establishments } from './establishments.js';
import { menuWines } from './wine-menus.js';

/**
 * A menu wine's prices over time (issue 32): a row each time its bottle or glass pricing changes, written by a
 * trigger on menu_wines (every writer: the forms, the engineering's price changes, imports, sample data). A sale is
 * valued at the row in force when it was made.
 */
export const menuWinePrices = pgTable(
  'menu_wine_prices',
  {
    menuWineId: belongsTo('menu_wine_id', () => menuWines.id, 'cascade'),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    byTheGlass: boolean('by_the_glass').notNull(),
    glassPrice: numeric('glass_price', { precision: 10, scale: 2, mode: 'number' }),
    glassDoses: integer('glass_doses').notNull(),
    glassMarkupPercent: numeric('glass_markup_percent', { precision: 6, scale: 2, mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.menuWineId, t.validFrom] })],
);

/** The margin an establishment aims at (issue 32); no row: the menu's current average. */
export const menuEngineeringSettings = pgTable('menu_engineering_settings', {
  establishmentId: uuid('establishment_id')
    .primaryKey()
    .references(() => establishments.id, { onDelete: 'cascade' }),
  targetMarginPercent: numeric('target_margin_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
