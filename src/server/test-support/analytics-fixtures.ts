import type { Db } from '../db/client.js';
import { orders } from '../db/schema/index.js';

/** Orders for the analytics tests, inserted straight through Drizzle (the orders API is another module's), their money as exact strings. */
export interface OrderFixture {
  establishmentId: string;
  supplierId: string;
  /** An instant: ISO text with its offset, e.g. "2025-03-10T00:00:00-03:00". */
  at: string;
  total: string;
  commission?: string;
  status?: (typeof orders.$inferInsert)['status'];
}

export async function insertOrders(db: Db, fixtures: OrderFixture[]) {
  if (fixtures.length === 0) return [];
  return db
    .insert(orders)
    .values(
      fixtures.map((f) => ({
        establishmentId: f.establishmentId,
        supplierId: f.supplierId,
        orderDate: new Date(f.at),
        status: f.status ?? 'delivered',
        totalAmount: f.total,
        commissionRate: '10.00',
        commissionAmount: f.commission ?? '0.00',
      })),
    )
    .returning();
}
