/**
 * The sample cellar (part of the sample data an admin creates, with the sample marketplace): every wine of Pedra da
 * Ilha's list drawing from a cellar item, filled a month ago by a delivered order of the catalogue wines (the rest,
 * half bottles and glasses, counted in by hand the same day), then a month of service: bottle and glass sales, a
 * breakage, a tasting and a recount. Most wines are fine, some are low, one is sold out and one is at its last
 * bottle. Everything is derived from each wine's position and price, so every run builds the same history.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_GLASS_DOSES } from '../../../shared/cellar.js';
import { centsToDecimal, toCents } from '../../../shared/money.js';
import type { Db, Executor } from '../../db/client.js';
import {
  catalogWines,
  cellarItems,
  cellarMovements,
  menuWines,
  orderItems,
  orderStatusHistory,
  orders,
  suppliers,
} from '../../db/schema/index.js';
import { fillCellarFromDelivery } from './deliveries.js';
import type { MovementValues } from './repository.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The wine that ran out and the one at its last bottle (by name, so a reordered list keeps them). */
export const SAMPLE_SOLD_OUT = 'Veuve Clicquot Brut Carte Jaune';
export const SAMPLE_LAST_BOTTLE = 'Guaspari Vista do Chá Syrah';
const SAMPLE_LOW: Record<string, number> = { 'Catena Malbec': 2, 'Soalheiro Alvarinho': 3, 'Whispering Angel': 2 };
/**
 * Sold by the glass: the list's "(taça)" wines, 187 ml bottles of one glass each (the glass price is the bottle's).
 * Kept to those: every wine by the glass adds words to the public page, which must fit the first TCP window.
 */
const isByTheGlass = (name: string) => /\(taça\)$/i.test(name);
const GLASSES_PER_SMALL_BOTTLE = 1;
/** What the restaurant pays: about 40 % of the list price. */
const COST_SHARE = 40;

export interface CellarSeedResult {
  created: boolean;
  items: number;
  movements: number;
}

interface Plan {
  wineId: string;
  name: string;
  producer: string | null;
  vintage: number | null;
  catalogWineId: string | null;
  unitCents: number;
  parLevel: number;
  caseSize: 6 | 12 | null;
  start: number;
  final: number;
  byTheGlass: boolean;
  glassDoses: number;
}

/** Par and case by price: everyday wines by the case of 12, the middle by 6, the few expensive ones loose. */
function planOf(
  index: number,
  wine: { id: string; name: string; price: number; producer: string | null; vintage: number | null },
  catalogWineId: string | null,
): Plan {
  const priceCents = toCents(wine.price);
  const [parLevel, caseSize] = wine.price < 250 ? [12, 12 as const] : wine.price < 500 ? [6, 6 as const] : [3, null];
  const start = caseSize ? Math.ceil((parLevel * 2) / caseSize) * caseSize : parLevel * 2;
  const final =
    wine.name === SAMPLE_SOLD_OUT
      ? 0
      : wine.name === SAMPLE_LAST_BOTTLE
        ? 1
        : (SAMPLE_LOW[wine.name] ?? Math.min(start - 1, parLevel + 1 + (index % 5)));
  return {
    wineId: wine.id,
    name: wine.name,
    producer: wine.producer,
    vintage: wine.vintage,
    catalogWineId,
    unitCents: Math.round((priceCents * COST_SHARE) / 100),
    parLevel,
    caseSize,
    start,
    final,
    byTheGlass: isByTheGlass(wine.name),
    glassDoses: isByTheGlass(wine.name) ? GLASSES_PER_SMALL_BOTTLE : DEFAULT_GLASS_DOSES,
  };
}

function sampleCost(m: MovementValues, unitCents: number): number | null {
  if (m.reason === 'count') return null;
  if (m.reason === 'glass_sale') return Math.round(unitCents / Math.max(1, m.bottleDoses ?? 1));
  return Math.abs(m.delta) * unitCents;
}

export async function seedSampleCellar(db: Db, establishmentId: string, menuId: string, now = new Date()): Promise<CellarSeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('adega-sample-cellar'))`);
    const [existing] = await tx
      .select({ id: cellarItems.id })
      .from(cellarItems)
      .where(eq(cellarItems.establishmentId, establishmentId))
      .limit(1);
    const supplier = await lastSampleSupplier(tx, establishmentId);
    if (existing || !supplier) return { created: false, items: 0, movements: 0 };

    const wines = await tx
      .select({ id: menuWines.id, name: menuWines.name, price: menuWines.price, producer: menuWines.producer, vintage: menuWines.vintage })
      .from(menuWines)
      .where(eq(menuWines.menuId, menuId))
      .orderBy(asc(menuWines.position));
    const catalog = await tx
      .select({ id: catalogWines.id, name: catalogWines.name })
      .from(catalogWines)
      .where(inArray(catalogWines.name, wines.length ? wines.map((w) => w.name) : ['']))
      .orderBy(asc(catalogWines.skuCode));
    const catalogIdOf = new Map(catalog.map((c) => [c.name, c.id]));
    const plans = wines.map((wine, i) => planOf(i, wine, catalogIdOf.get(wine.name) ?? null));

    const deliveredAt = new Date(now.getTime() - 30 * DAY);
    const itemIds = new Map<string, string>();
    for (const plan of plans) {
      const [item] = await tx
        .insert(cellarItems)
        .values({
          establishmentId,
          catalogWineId: plan.catalogWineId,
          name: plan.name,
          producer: plan.producer,
          vintage: plan.vintage,
          parLevel: plan.parLevel,
          caseSize: plan.caseSize,
          lastUnitCost: centsToDecimal(plan.unitCents),
          createdAt: deliveredAt,
          updatedAt: deliveredAt,
        })
        .returning({ id: cellarItems.id });
      if (!item) throw new Error('sample cellar item not inserted');
      itemIds.set(plan.wineId, item.id);
      await tx
        .update(menuWines)
        .set({
          cellarItemId: item.id,
          ...(plan.byTheGlass && { byTheGlass: true, glassDoses: plan.glassDoses }),
        })
        .where(eq(menuWines.id, plan.wineId));
    }

    const ordered = plans.filter((p) => p.catalogWineId);
    const orderId = await insertDeliveredOrder(tx, establishmentId, supplier, ordered, deliveredAt);
    await fillCellarFromDelivery(
      tx,
      { id: orderId, establishmentId, supplierId: supplier.id, userId: null, at: deliveredAt },
      ordered.map((p) => ({ wineId: p.catalogWineId, wineName: p.name, quantity: p.start, unitPrice: centsToDecimal(p.unitCents) })),
    );

    const movements: MovementValues[] = [];
    plans.forEach((plan, index) => {
      const itemId = itemIds.get(plan.wineId) as string;
      const history = serviceMonth(plan, index, deliveredAt, now);
      const rows = replay(itemId, establishmentId, plan.catalogWineId ? plan.start : 0, plan.glassDoses, history);
      // At the delivery's price, as a live sale costs at the item's average (a glass: its share of the bottle).
      movements.push(...rows.movements.map((m) => ({ ...m, costCents: sampleCost(m, plan.unitCents) })));
    });
    for (let i = 0; i < movements.length; i += 500) await tx.insert(cellarMovements).values(movements.slice(i, i + 500));
    for (const plan of plans) {
      const itemId = itemIds.get(plan.wineId) as string;
      const last = movements.filter((m) => m.cellarItemId === itemId).at(-1);
      if (last) {
        await tx
          .update(cellarItems)
          .set({ onHand: last.onHandAfter, openBottleDoses: last.openBottleDosesAfter, updatedAt: last.createdAt ?? now })
          .where(eq(cellarItems.id, itemId));
      }
    }
    const delivered = ordered.length;
    return { created: true, items: plans.length, movements: movements.length + delivered };
  });
}

/** The supplier of the sample establishment's latest delivered order (the sample marketplace made them). */
async function lastSampleSupplier(tx: Executor, establishmentId: string) {
  const [row] = await tx
    .select({ id: suppliers.id, rate: suppliers.commissionRate })
    .from(orders)
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .where(and(eq(orders.establishmentId, establishmentId), eq(orders.status, 'delivered')))
    .orderBy(desc(orders.orderDate))
    .limit(1);
  return row;
}

async function insertDeliveredOrder(
  tx: Executor,
  establishmentId: string,
  supplier: { id: string; rate: number },
  plans: readonly Plan[],
  deliveredAt: Date,
): Promise<string> {
  const orderDate = new Date(deliveredAt.getTime() - 4 * DAY);
  const totalCents = plans.reduce((sum, p) => sum + p.unitCents * p.start, 0);
  const rateHundredths = Math.round(supplier.rate * 100);
  const [order] = await tx
    .insert(orders)
    .values({
      establishmentId,
      supplierId: supplier.id,
      status: 'delivered',
      orderDate,
      totalAmount: centsToDecimal(totalCents),
      commissionRate: (rateHundredths / 100).toFixed(2),
      commissionAmount: centsToDecimal(Math.round((totalCents * rateHundredths) / 10_000)),
      deliveryDate: deliveredAt.toISOString().slice(0, 10),
      notes: 'Abastecimento da adega da casa.',
      createdAt: orderDate,
      updatedAt: deliveredAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('sample cellar order not inserted');
  await tx.insert(orderItems).values(
    plans.map((p) => ({
      orderId: order.id,
      wineId: p.catalogWineId,
      wineName: p.name,
      quantity: p.start,
      unitPrice: centsToDecimal(p.unitCents),
      lineTotal: centsToDecimal(p.unitCents * p.start),
    })),
  );
  const steps = [
    ['pending', 0],
    ['confirmed', 1],
    ['shipped', 2],
    ['delivered', 4],
  ] as const;
  await tx
    .insert(orderStatusHistory)
    .values(steps.map(([status, days]) => ({ orderId: order.id, status, changedAt: new Date(orderDate.getTime() + days * DAY) })));
  return order.id;
}

type Event = { at: Date; reason: 'count' | 'sale' | 'glass_sale' | 'breakage' | 'tasting'; counted?: number };

/**
 * A month of service for one wine: a hand count on delivery day for what no order brought, then sales spread over
 * the evenings until the planned count is left; a wine by the glass sells its bottles glass by glass (with three or
 * more glasses a bottle, the last one stays open with two left). Every seventh wine loses a bottle (a breakage, a
 * tasting or a recount that found one missing).
 */
function serviceMonth(plan: Plan, index: number, deliveredAt: Date, now: Date): Event[] {
  const events: Event[] = [];
  if (!plan.catalogWineId) events.push({ at: new Date(deliveredAt.getTime() + HOUR), reason: 'count', counted: plan.start });
  const loss = index % 7 === 3 && plan.start - plan.final >= 2 ? (['breakage', 'tasting', 'count'] as const)[index % 3] : undefined;
  const bottles = plan.start - plan.final - (loss ? 1 : 0);
  const leaveOpen = plan.byTheGlass && plan.glassDoses >= 3 && bottles > 0;
  const evening = (day: number, n: number) => new Date(now.getTime() - day * DAY - ((n * 53 + index * 29) % 240) * 60_000 - HOUR);
  for (let n = 0; n < bottles; n++) {
    const day = 28 - Math.floor((n * 27) / Math.max(bottles, 1));
    if (!plan.byTheGlass) events.push({ at: evening(day, n), reason: 'sale' });
    else {
      const glasses = leaveOpen && n === bottles - 1 ? plan.glassDoses - 2 : plan.glassDoses;
      for (let g = 0; g < glasses; g++) events.push({ at: new Date(evening(day, n).getTime() + g * 600_000), reason: 'glass_sale' });
    }
  }
  if (loss) events.push({ at: new Date(now.getTime() - 15 * DAY), reason: loss });
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The ledger rows of a wine's events, each with the count it left. */
function replay(cellarItemId: string, establishmentId: string, startOnHand: number, glassDoses: number, events: readonly Event[]) {
  let onHand = startOnHand;
  let doses = 0;
  const movements: MovementValues[] = [];
  for (const event of events) {
    let delta = 0;
    let doseDelta = 0;
    if (event.reason === 'count') {
      const counted = event.counted ?? onHand - 1;
      delta = counted - onHand;
    } else if (event.reason === 'glass_sale') {
      if (doses === 0) {
        delta = -1;
        doseDelta = glassDoses - 1;
      } else doseDelta = -1;
    } else delta = -1;
    if (onHand + delta < 0) continue;
    onHand += delta;
    doses += doseDelta;
    movements.push({
      cellarItemId,
      establishmentId,
      userId: null,
      reason: event.reason,
      delta,
      doseDelta,
      bottleDoses: event.reason === 'glass_sale' ? glassDoses : null,
      onHandAfter: onHand,
      openBottleDosesAfter: doses,
      orderId: null,
      note: event.reason === 'count' && event.counted === undefined ? 'Contagem: faltou uma garrafa.' : null,
      createdAt: event.at,
    });
  }
  return { movements };
}
