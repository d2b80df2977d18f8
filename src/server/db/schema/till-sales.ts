import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cellarItems } from './cellar.js';
import { belongsTo, createdAt, id } from './columns.js';
import { establishments } from './establishments.js';

/** A sale the till reported (issue 31), once per the till's own sale id: a batch sent again records nothing again. */
export const tillSales = pgTable(
  'till_sales',
  {
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    tillSaleId: text('till_sale_id').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }).notNull(),
    recordedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.tillSaleId] })],
);

/**
 * What the till sold beyond the cellar's count (a delivery not entered, a miscount): the count stops at zero and the
 * difference waits here for the next recount of the wine, which resolves it.
 */
export const cellarDiscrepancies = pgTable(
  'cellar_discrepancies',
  {
    id: id(),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    cellarItemId: belongsTo('cellar_item_id', () => cellarItems.id, 'cascade'),
    tillSaleId: text('till_sale_id').notNull(),
    /** 'bottle' or 'glass'. */
    unit: text('unit', { enum: ['bottle', 'glass'] }).notNull(),
    /** How many of `unit` the till sold that the cellar did not have. */
    missing: integer('missing').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedByMovementId: uuid('resolved_by_movement_id'),
  },
  (t) => [index('cellar_discrepancies_open_idx').on(t.establishmentId, t.resolvedAt)],
);

/** The till's own product code of a wine, mapped once on the Integrações screen: a till line may name the wine by it. */
export const tillProductCodes = pgTable(
  'till_product_codes',
  {
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    code: text('code').notNull(),
    cellarItemId: belongsTo('cellar_item_id', () => cellarItems.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.code] })],
);
