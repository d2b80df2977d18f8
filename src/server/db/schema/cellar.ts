import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { catalogWines } from './catalog.js';
import { belongsTo, createdAt, id, timestamps } from './columns.js';
import { establishments } from './establishments.js';
import { orders } from './orders.js';
import { suppliers } from './suppliers.js';
import { users } from './users.js';

export const CELLAR_MOVEMENT_REASONS = ['sale', 'glass_sale', 'delivery', 'count', 'breakage', 'tasting'] as const;

/**
 * The house cellar (issue 18): one row per wine an establishment keeps. `on_hand` only changes together with a
 * `cellar_movements` row (docs/decisions/0059); the CHECK is the last guard against a negative count.
 */
export const cellarItems = pgTable(
  'cellar_items',
  {
    id: id(),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    catalogWineId: uuid('catalog_wine_id').references(() => catalogWines.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    producer: text('producer'),
    vintage: integer('vintage'),
    onHand: integer('on_hand').notNull().default(0),
    /** Glasses left in the bottle opened for glass sales (0: none open). Not counted in on_hand. */
    openBottleDoses: integer('open_bottle_doses').notNull().default(0),
    parLevel: integer('par_level').notNull().default(0),
    caseSize: integer('case_size'),
    lastUnitCost: numeric('last_unit_cost', { precision: 12, scale: 2 }),
    /**
     * What a bottle on hand cost (issue 32): the weighted average over deliveries, the last unit cost before the first
     * one. Null: unknown; each sale records the cost it takes from here.
     */
    avgCostCents: integer('avg_cost_cents'),
    /** The supplier of the last delivery: the reorder suggestion groups by it. */
    lastSupplierId: uuid('last_supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('cellar_items_establishment_name_idx').on(t.establishmentId, t.name),
    uniqueIndex('cellar_items_establishment_catalog_wine_key')
      .on(t.establishmentId, t.catalogWineId)
      .where(sql`${t.catalogWineId} IS NOT NULL`),
    check('cellar_items_on_hand_nonnegative', sql`${t.onHand} >= 0`),
    check('cellar_items_open_bottle_doses_nonnegative', sql`${t.openBottleDoses} >= 0`),
    check('cellar_items_par_level_nonnegative', sql`${t.parLevel} >= 0`),
    check('cellar_items_case_size', sql`${t.caseSize} IS NULL OR ${t.caseSize} IN (6, 12)`),
  ],
);

/** The ledger: append only. Every change of a cellar item's count is one row, with the count it left. */
export const cellarMovements = pgTable(
  'cellar_movements',
  {
    id: id(),
    cellarItemId: belongsTo('cellar_item_id', () => cellarItems.id, 'cascade'),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    /** Null for the system (e.g. sample data). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: CELLAR_MOVEMENT_REASONS }).notNull(),
    /** Bottles (on_hand) added or taken. */
    delta: integer('delta').notNull(),
    /** Glasses added to or taken from the open bottle (glass sales: -1, plus the new bottle's glasses when one was opened). */
    doseDelta: integer('dose_delta').notNull().default(0),
    /** Glass sales: the glasses per bottle the sale counted with (a sale is 1/bottle_doses of a bottle). */
    bottleDoses: integer('bottle_doses'),
    onHandAfter: integer('on_hand_after').notNull(),
    openBottleDosesAfter: integer('open_bottle_doses_after').notNull(),
    /** Deliveries: the order that brought the bottles; unique per item, so an order fills the cellar once. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    note: text('note'),
    /**
     * What the bottles or glasses cost, in centavos (issue 32): a delivery's price paid; a sale's, breakage's or
     * tasting's at the item's average cost then (a glass: its share of the bottle). Null when unknown.
     */
    costCents: integer('cost_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cellar_movements_item_created_idx').on(t.cellarItemId, t.createdAt),
    index('cellar_movements_establishment_created_idx').on(t.establishmentId, t.createdAt),
    /** Bottles that came in (deliveries, recounts up): the engineering's available bottles sum them over a period. */
    index('cellar_movements_item_incoming_idx').on(t.cellarItemId, t.createdAt).where(sql`${t.delta} > 0`),
    uniqueIndex('cellar_movements_order_item_key').on(t.orderId, t.cellarItemId).where(sql`${t.orderId} IS NOT NULL`),
    check('cellar_movements_on_hand_after_nonnegative', sql`${t.onHandAfter} >= 0`),
    check('cellar_movements_reason', sql`${t.reason} IN ('sale', 'glass_sale', 'delivery', 'count', 'breakage', 'tasting')`),
  ],
);
