import { date, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns.js';
import { suppliers } from './suppliers.js';

/**
 * The non-cancelled orders of one supplier on one calendar day in America/Sao_Paulo: count and exact sums.
 * Kept in step with `orders` by a trigger (migration 0006, docs/decisions/0015), in the same transaction as every
 * order write, so the dashboard reads a few thousand rows instead of a million orders and is never stale.
 */
export const analyticsSupplierDaily = pgTable(
  'analytics_supplier_daily',
  {
    day: date('day').notNull(),
    supplierId: belongsTo('supplier_id', () => suppliers.id, 'cascade'),
    orders: integer('orders').notNull(),
    revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull(),
    commissions: numeric('commissions', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.supplierId] }), index('analytics_supplier_daily_supplier_idx').on(t.supplierId, t.day)],
);
