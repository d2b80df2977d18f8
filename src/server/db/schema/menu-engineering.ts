import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cellarItems } from './cellar.js';
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

/**
 * Each cellar item's sales per São Paulo day (decision 0103), kept by a statement trigger on cellar_movements whoever
 * writes the ledger: the engineering reads a period's whole days here and only the hours around a price change from
 * the ledger. Costs are the sum of the sales' known costs; `without_cost` counts the sales whose cost was not known.
 */
export const cellarSalesDays = pgTable(
  'cellar_sales_days',
  {
    cellarItemId: belongsTo('cellar_item_id', () => cellarItems.id, 'cascade'),
    day: date('day', { mode: 'string' }).notNull(),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    bottles: integer('bottles').notNull(),
    glasses: integer('glasses').notNull(),
    bottleCostCents: bigint('bottle_cost_cents', { mode: 'number' }).notNull(),
    glassCostCents: bigint('glass_cost_cents', { mode: 'number' }).notNull(),
    withoutCost: integer('without_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cellarItemId, t.day] }), index('cellar_sales_days_establishment_day_idx').on(t.establishmentId, t.day)],
);
