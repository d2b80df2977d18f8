import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EngineeringReport } from '../../../shared/menu-engineering.js';
import { addDays, calendarDay } from '../../../shared/time.js';
import { cellarItems, cellarMovements, cellarSalesDays, menuWinePrices } from '../../db/schema/index.js';
import { createMenuRow, createMenuWineRow, createTeam } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();

/** An instant given as a São Paulo day and time (UTC-3 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}-03:00`);
const today = calendarDay();
const daysAgo = (n: number) => addDays(today, -n);

interface Price {
  from: Date;
  bottle: number;
  glass: number | null;
}
interface Sale {
  at: Date;
  unit: 'bottle' | 'glass';
  cost: number | null;
}

/**
 * A wine sold over four weeks with its price changed three times: once at 14:00 (a day split in two), once at a
 * midnight (no day split) and once at 18:30; sales just before and after each change, at 23:30 (02:30 UTC the next
 * day), at midnight exactly, before the first price kept (valued at that first price), by the glass, without a cost.
 */
const PRICES: Price[] = [
  { from: at(daysAgo(20), '14:00:00'), bottle: 10_000, glass: 2_500 },
  { from: at(daysAgo(10), '00:00:00'), bottle: 12_000, glass: 3_000 },
  { from: at(daysAgo(3), '18:30:00'), bottle: 15_000, glass: 3_500 },
];
const SALES: Sale[] = [
  { at: at(daysAgo(25), '21:00:00'), unit: 'bottle', cost: 4_000 },
  { at: at(daysAgo(20), '13:59:59'), unit: 'bottle', cost: 4_000 },
  { at: at(daysAgo(20), '14:00:00'), unit: 'bottle', cost: 4_100 },
  { at: at(daysAgo(20), '23:30:00'), unit: 'glass', cost: 800 },
  { at: at(daysAgo(15), '12:00:00'), unit: 'bottle', cost: null },
  { at: at(daysAgo(11), '23:59:59'), unit: 'bottle', cost: 4_200 },
  { at: at(daysAgo(10), '00:00:00'), unit: 'bottle', cost: 4_200 },
  { at: at(daysAgo(10), '00:00:00'), unit: 'glass', cost: 840 },
  { at: at(daysAgo(6), '20:00:00'), unit: 'bottle', cost: 4_300 },
  { at: at(daysAgo(3), '18:29:00'), unit: 'bottle', cost: 4_300 },
  { at: at(daysAgo(3), '18:31:00'), unit: 'glass', cost: 860 },
  { at: at(daysAgo(3), '23:45:00'), unit: 'bottle', cost: 4_300 },
  { at: at(daysAgo(1), '02:00:00'), unit: 'bottle', cost: 4_400 },
];

/** What the period sold, sale by sale at the price in force then (the first price for sales before it). */
function expected(sales: Sale[], from: string, to: string) {
  const start = at(from, '00:00:00').getTime();
  const end = at(addDays(to, 1), '00:00:00').getTime();
  const sold = sales.filter((s) => s.at.getTime() >= start && s.at.getTime() < end);
  const priceAt = (when: Date) => PRICES.filter((p) => p.from <= when).at(-1) ?? (PRICES[0] as Price);
  const bottles = sold.filter((s) => s.unit === 'bottle');
  const glasses = sold.filter((s) => s.unit === 'glass');
  const costOf = (list: Sale[]) => (list.some((s) => s.cost === null) ? null : list.reduce((n, s) => n + (s.cost ?? 0), 0));
  const withoutCost = sold.some((s) => s.cost === null);
  return {
    bottles_sold: bottles.length,
    glasses_sold: glasses.length,
    bottle_revenue_cents: bottles.reduce((n, s) => n + priceAt(s.at).bottle, 0),
    glass_revenue_cents: glasses.reduce((n, s) => n + (priceAt(s.at).glass ?? 0), 0),
    bottle_cost_cents: withoutCost ? null : costOf(bottles),
    glass_cost_cents: withoutCost ? null : costOf(glasses),
  };
}

async function house() {
  const team = await createTeam(t.db);
  const [item] = await t.db.insert(cellarItems).values({ establishmentId: team.own.id, name: 'Tannat', onHand: 100 }).returning();
  if (!item) throw new Error('no item');
  const menu = await createMenuRow(t.db, team.own.id);
  const wine = await createMenuWineRow(t.db, menu.id, {
    name: 'Tannat',
    price: 150,
    cellarItemId: item.id,
    byTheGlass: true,
    glassPrice: 35,
    glassDoses: 5,
  });
  // The history as it was, in place of the row the trigger kept when the wine was added now.
  await t.db.delete(menuWinePrices).where(eq(menuWinePrices.menuWineId, wine.id));
  await t.db.insert(menuWinePrices).values(
    PRICES.map((p) => ({
      menuWineId: wine.id,
      validFrom: p.from,
      price: p.bottle / 100,
      byTheGlass: true,
      glassPrice: p.glass === null ? null : p.glass / 100,
      glassDoses: 5,
    })),
  );
  const movement = (s: Sale) => ({
    cellarItemId: item.id,
    establishmentId: team.own.id,
    reason: s.unit === 'bottle' ? ('sale' as const) : ('glass_sale' as const),
    delta: s.unit === 'bottle' ? -1 : 0,
    doseDelta: s.unit === 'bottle' ? 0 : -1,
    bottleDoses: s.unit === 'bottle' ? null : 5,
    onHandAfter: 50,
    openBottleDosesAfter: 0,
    costCents: s.cost,
    createdAt: s.at,
  });
  // Written in three statements, as batches come: the days' rows add up across them.
  await t.db.insert(cellarMovements).values(SALES.slice(0, 4).map(movement));
  await t.db.insert(cellarMovements).values(SALES.slice(4, 9).map(movement));
  for (const s of SALES.slice(9)) await t.db.insert(cellarMovements).values(movement(s));
  return { ...team, item, menu, wine, movement };
}

const report = async (h: Awaited<ReturnType<typeof house>>, query: string): Promise<EngineeringReport> => {
  const res = await t.call(h.manager, 'GET', `/api/wine-menus/${h.menu.id}/engineering?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The days' rows, and the same sums computed from the ledger itself. */
async function daysAndLedger(itemId: string) {
  const days = await t.db
    .select({
      day: cellarSalesDays.day,
      bottles: cellarSalesDays.bottles,
      glasses: cellarSalesDays.glasses,
      bottleCost: cellarSalesDays.bottleCostCents,
      glassCost: cellarSalesDays.glassCostCents,
      withoutCost: cellarSalesDays.withoutCost,
    })
    .from(cellarSalesDays)
    .where(eq(cellarSalesDays.cellarItemId, itemId))
    .orderBy(cellarSalesDays.day);
  const ledger = await t.db.execute(sql`
    select to_char((created_at at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as day,
      coalesce(sum(-delta) filter (where reason = 'sale'), 0)::int as bottles,
      count(*) filter (where reason = 'glass_sale')::int as glasses,
      coalesce(sum(cost_cents) filter (where reason = 'sale'), 0)::int as "bottleCost",
      coalesce(sum(cost_cents) filter (where reason = 'glass_sale'), 0)::int as "glassCost",
      count(*) filter (where cost_cents is null)::int as "withoutCost"
    from cellar_movements where cellar_item_id = ${itemId} and reason in ('sale', 'glass_sale')
    group by 1 order by 1`);
  const nonZero = days.filter((d) => d.bottles !== 0 || d.glasses !== 0 || d.withoutCost !== 0);
  return {
    days: nonZero.map((d) => ({ ...d, bottleCost: Number(d.bottleCost), glassCost: Number(d.glassCost) })),
    ledger: (ledger as unknown as { rows: unknown[] }).rows,
  };
}

describe('sales read by whole days and by the hours around a price change', () => {
  it('values every sale at the price in force when it was sold, whatever the period cuts', async () => {
    const h = await house();
    const periods: [string, string, string][] = [
      ['days=7', daysAgo(6), today],
      ['days=30', daysAgo(29), today],
      // Bounds on the days of a change: the 14:00 change's day, the midnight change's day, the 18:30 change's day.
      [`from=${daysAgo(20)}&to=${daysAgo(3)}`, daysAgo(20), daysAgo(3)],
      [`from=${daysAgo(10)}&to=${daysAgo(10)}`, daysAgo(10), daysAgo(10)],
      [`from=${daysAgo(3)}&to=${daysAgo(3)}`, daysAgo(3), daysAgo(3)],
      [`from=${daysAgo(19)}&to=${daysAgo(11)}`, daysAgo(19), daysAgo(11)],
      // Before the first price kept: valued at that first price.
      [`from=${daysAgo(27)}&to=${daysAgo(21)}`, daysAgo(27), daysAgo(21)],
    ];
    for (const [query, from, to] of periods) {
      const [wine] = (await report(h, query)).wines;
      expect(wine, query).toMatchObject(expected(SALES, from, to));
    }
    // By hand for the 30 days: bottles at 100 (25 days ago and 13:59:59, before the first price kept, at that price),
    // 100 (14:00), 100 (no cost), 100 (23:59:59), 120 (midnight), 120, 120 (18:29), 150, 150; glasses at 25, 30, 35.
    expect((await report(h, 'days=30')).wines[0]).toMatchObject({
      bottles_sold: 10,
      glasses_sold: 3,
      bottle_revenue_cents: 10_000 * 5 + 12_000 * 3 + 15_000 * 2,
      glass_revenue_cents: 2_500 + 3_000 + 3_500,
      bottle_cost_cents: null,
    });
  });

  it('keeps each São Paulo day of the ledger whatever writes, changes or deletes its movements', async () => {
    const h = await house();
    let { days, ledger } = await daysAndLedger(h.item.id);
    expect(days).toEqual(ledger);
    // 23:30 in São Paulo is the next day in UTC: counted on its São Paulo day.
    expect(days.find((d) => d.day === daysAgo(20))).toMatchObject({ bottles: 2, glasses: 1, bottleCost: 8_100, glassCost: 800 });

    // A cost learnt later, a sale moved to another day, a sale taken back.
    await t.db
      .update(cellarMovements)
      .set({ costCents: 3_900 })
      .where(and(eq(cellarMovements.cellarItemId, h.item.id), eq(cellarMovements.costCents, 4_000)));
    await t.db.execute(sql`update cellar_movements set created_at = created_at - interval '1 day'
      where cellar_item_id = ${h.item.id} and cost_cents = 4400`);
    await t.db.execute(sql`delete from cellar_movements where cellar_item_id = ${h.item.id} and cost_cents is null`);
    ({ days, ledger } = await daysAndLedger(h.item.id));
    expect(days).toEqual(ledger);
    expect(days.find((d) => d.day === daysAgo(15))).toBeUndefined();
    expect(days.find((d) => d.day === daysAgo(2))).toMatchObject({ bottles: 1, bottleCost: 4_400 });

    // The engineering reads what the ledger now says.
    const [wine] = (await report(h, 'days=30')).wines;
    expect(wine).toMatchObject({ bottles_sold: 9, bottle_cost_cents: 3_900 * 2 + 4_100 + 4_200 * 2 + 4_300 * 3 + 4_400 });

    // An item deleted takes its movements and its days with it.
    await t.db.delete(cellarItems).where(eq(cellarItems.id, h.item.id));
    expect(await t.db.select().from(cellarSalesDays).where(eq(cellarSalesDays.cellarItemId, h.item.id))).toEqual([]);
  });
});
