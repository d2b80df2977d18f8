/**
 * The sample marketplace (part of the sample data an admin creates): six Brazilian importers and wineries from
 * seed/samples/suppliers.json, with commission rates and contracts (two ending within 30 days), and about six months
 * of purchase orders of the sample establishment across them, in every status (a few pending for more than a week),
 * so that /fornecedores, /pedidos and /analytics show something true on first run. Everything but the suppliers'
 * names is derived from each order's position, so every run builds the same history. A second run finds the first
 * sample supplier and creates nothing.
 */
import { readFile } from 'node:fs/promises';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { catalogWines, orderItems, orderStatusHistory, orders, suppliers } from '../../db/schema/index.js';

const sampleSchema = z
  .array(
    z.object({
      name: z.string(),
      company_name: z.string(),
      contact_person: z.string(),
      email: z.string(),
      phone: z.string(),
      address: z.string(),
      website: z.string(),
      commission_rate: z.number().min(0).max(100),
      contract_started_days_ago: z.number().int(),
      contract_days_left: z.number().int(),
      notes: z.string(),
    }),
  )
  .min(6);

const SAMPLE_FILE = new URL('../seed/samples/suppliers.json', import.meta.url);
const DAY = 86_400_000;
const ORDER_COUNT = 150;
const HISTORY_DAYS = 182;

type Status = (typeof orders.$inferInsert)['status'] & string;

export interface MarketplaceSeedResult {
  created: boolean;
  suppliers: number;
  orders: number;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const cents = (reais: number) => Math.round(reais * 100);
const reais = (c: number) => (c / 100).toFixed(2);

/** Where an order of this age and position stands today, and the steps it took to get there. */
function stepsOf(i: number, ageDays: number): Status[] {
  if (i % 13 === 0) return ['pending', 'cancelled'];
  if (ageDays > 8 && i % 29 === 0) return ['pending']; // forgotten: the analytics alert for orders pending > 7 days
  if (ageDays <= 2) return i % 2 ? ['pending'] : ['pending', 'confirmed'];
  if (ageDays <= 6) return i % 3 ? ['pending', 'confirmed', 'shipped'] : ['pending', 'confirmed'];
  return ['pending', 'confirmed', 'shipped', 'delivered'];
}

/** Days after the order each step happened. */
const STEP_DAYS: Record<Status, number> = { pending: 0, confirmed: 1, shipped: 2, delivered: 5, cancelled: 1 };

export async function seedSampleMarketplace(db: Db, establishmentId: string, now = new Date()): Promise<MarketplaceSeedResult> {
  const sample = sampleSchema.parse(JSON.parse(await readFile(SAMPLE_FILE, 'utf8')));
  return db.transaction(async (tx) => {
    // One seed at a time: the second waits and then finds the first one's suppliers.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('adega-sample-marketplace'))`);
    const marker = sample[0]?.company_name ?? '';
    const [existing] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyName, marker)).limit(1);
    if (existing) return { created: false, suppliers: 0, orders: 0 };

    const supplierRows = await tx
      .insert(suppliers)
      .values(
        sample.map((s) => ({
          name: s.name,
          companyName: s.company_name,
          contactPerson: s.contact_person,
          email: s.email,
          phone: s.phone,
          address: s.address,
          website: s.website,
          commissionRate: s.commission_rate,
          contractStartDate: isoDate(new Date(now.getTime() - s.contract_started_days_ago * DAY)),
          contractEndDate: isoDate(new Date(now.getTime() + s.contract_days_left * DAY)),
          notes: s.notes,
        })),
      )
      .returning({ id: suppliers.id, rate: suppliers.commissionRate });
    const wines = await winesWithPrice(tx);
    const count = wines.length ? await insertOrders(tx, establishmentId, supplierRows, wines, now) : 0;
    return { created: true, suppliers: supplierRows.length, orders: count };
  });
}

async function winesWithPrice(tx: Executor) {
  return tx
    .select({ id: catalogWines.id, name: catalogWines.name, price: catalogWines.priceReference })
    .from(catalogWines)
    .where(isNotNull(catalogWines.priceReference))
    .orderBy(asc(catalogWines.skuCode))
    .limit(60);
}

async function insertOrders(
  tx: Executor,
  establishmentId: string,
  supplierRows: { id: string; rate: number }[],
  wines: { id: string; name: string; price: number | null }[],
  now: Date,
): Promise<number> {
  for (let i = 0; i < ORDER_COUNT; i++) {
    const ageDays = Math.floor(((ORDER_COUNT - 1 - i) * HISTORY_DAYS) / ORDER_COUNT);
    // Business hours in São Paulo (UTC-3): 12:00-20:59 UTC.
    const orderDate = new Date(now.getTime() - ageDays * DAY - ((i * 37) % 9) * 3_600_000 - ((i * 17) % 60) * 60_000);
    const supplier = supplierRows[(i * 5 + Math.floor(i / 7)) % supplierRows.length] as { id: string; rate: number };
    const items = Array.from({ length: 2 + (i % 3) }, (_, k) => {
      const wine = wines[(i * 5 + k * 11) % wines.length] as { id: string; name: string; price: number | null };
      const quantity = 6 * (1 + ((i + k) % 4));
      const unitCents = cents(wine.price ?? 0);
      return { wine, quantity, unitCents, lineCents: unitCents * quantity };
    });
    const totalCents = items.reduce((sum, item) => sum + item.lineCents, 0);
    const rateHundredths = Math.round(supplier.rate * 100);
    const steps = stepsOf(i, ageDays).filter((s) => orderDate.getTime() + STEP_DAYS[s] * DAY <= now.getTime());
    const status = steps.at(-1) ?? 'pending';
    const [order] = await tx
      .insert(orders)
      .values({
        establishmentId,
        supplierId: supplier.id,
        status,
        orderDate,
        totalAmount: reais(totalCents),
        commissionRate: (rateHundredths / 100).toFixed(2),
        commissionAmount: reais(Math.round((totalCents * rateHundredths) / 10_000)),
        deliveryDate: status === 'delivered' ? isoDate(new Date(orderDate.getTime() + STEP_DAYS.delivered * DAY)) : null,
        createdAt: orderDate,
        updatedAt: new Date(orderDate.getTime() + STEP_DAYS[status] * DAY),
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('sample order not inserted');
    await tx.insert(orderItems).values(
      items.map((item) => ({
        orderId: order.id,
        wineId: item.wine.id,
        wineName: item.wine.name,
        quantity: item.quantity,
        unitPrice: reais(item.unitCents),
        lineTotal: reais(item.lineCents),
      })),
    );
    await tx
      .insert(orderStatusHistory)
      .values(steps.map((s) => ({ orderId: order.id, status: s, changedAt: new Date(orderDate.getTime() + STEP_DAYS[s] * DAY) })));
  }
  return ORDER_COUNT;
}
