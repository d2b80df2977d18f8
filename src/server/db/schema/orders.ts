import { date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { catalogWines } from './catalog.js';
import { belongsTo, id, timestamps } from './columns.js';
import { establishments } from './establishments.js';
import { suppliers } from './suppliers.js';
import { users } from './users.js';

export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;

/** Money is numeric and read as strings: totals are computed in SQL or in integer cents, never in binary floats. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    // Order history outlives neither side silently: deleting an establishment or supplier with orders is refused.
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'restrict'),
    supplierId: belongsTo('supplier_id', () => suppliers.id, 'restrict'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    orderDate: timestamp('order_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    /** The supplier's rate when the order was placed: later rate changes do not rewrite history. */
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2 }).notNull(),
    commissionAmount: numeric('commission_amount', { precision: 14, scale: 2 }).notNull(),
    deliveryDate: date('delivery_date'),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [
    index('orders_order_date_idx').on(t.orderDate, t.id),
    index('orders_supplier_date_idx').on(t.supplierId, t.orderDate),
    index('orders_establishment_date_idx').on(t.establishmentId, t.orderDate),
    index('orders_status_date_idx').on(t.status, t.orderDate),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: belongsTo('order_id', () => orders.id, 'cascade'),
    /** Null once the catalogue wine is deleted; wine_name keeps what was bought. */
    wineId: uuid('wine_id').references(() => catalogWines.id, { onDelete: 'set null' }),
    wineName: text('wine_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    lineTotal: numeric('line_total', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Every status an order took, who moved it and when: the order page's timeline. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: belongsTo('order_id', () => orders.id, 'cascade'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.changedAt)],
);
