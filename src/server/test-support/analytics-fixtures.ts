import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { orders, suppliers, users } from '../db/schema/index.js';
import type { TestUser } from './factories.js';

/**
 * Test rows for the analytics tests, inserted straight through Drizzle (the orders API is another module's):
 * suppliers, orders with their money as exact strings, and supplier users.
 */
export async function createSupplierRow(db: Db, values: Partial<typeof suppliers.$inferInsert> = {}) {
  const s = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(suppliers)
    .values({
      name: `Contato ${s}`,
      companyName: `Importadora ${s}`,
      email: `fornecedor-${s}@teste.com.br`,
      phone: '+5511999990000',
      ...values,
    })
    .returning();
  if (!row) throw new Error('supplier not created');
  return row;
}

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

/** Ties a supplier user (createUser(db, 'supplier')) to its supplier. */
export async function linkSupplierUser(db: Db, user: TestUser, supplierId: string) {
  await db.update(users).set({ supplierId }).where(eq(users.id, user.id));
}
