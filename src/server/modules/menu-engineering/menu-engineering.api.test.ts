import * as XLSX from '@e965/xlsx';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENGINEERING_TEXTS, type EngineeringReport } from '../../../shared/menu-engineering.js';
import { auditEntries, cellarMovements, menuEventCounts, menuWinePrices, menuWines } from '../../db/schema/index.js';
import {
  createCatalogWineRow,
  createMenuRow,
  createMenuWineRow,
  createSupplierRow,
  createTeam,
  createUser,
  type TestUser,
} from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const SOLD_AT = new Date().toISOString();

/**
 * A house whose menu has four wines, every figure of which is computed by hand below:
 * - Tannat (A): three deliveries at R$ 50, 60 and 70 a bottle, 4 + 2 + 1 bottles sold between them, its price moved
 *   from R$ 120 to R$ 130 after the first four; 10 guests opened it.
 * - Sauvignon (B): by the glass (5 a bottle, R$ 20 a glass typed, R$ 90 the bottle), 3 bottles counted in at a
 *   cost of R$ 40 and no delivery; 1 bottle and 7 glasses sold.
 * - Malbec (C): 5 bottles with no cost; 2 sold at R$ 80.
 * - Rosé (D): 4 bottles at R$ 30 a bottle, price R$ 70, nothing sold.
 */
async function house() {
  const team = await createTeam(t.db);
  const base = `/api/establishments/${team.own.id}`;
  const supplier = await createSupplierRow(t.db);
  const supplierUser = await createUser(t.db, 'supplier', { supplierId: supplier.id });
  const tannat = await createCatalogWineRow(t.db, { name: 'Tannat Reserva' });
  const item = async (body: object) => {
    const res = await t.call(team.manager, 'POST', `${base}/cellar`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const itemA = await item({ name: 'Tannat Reserva', catalog_wine_id: tannat.id, on_hand: 0 });
  const itemB = await item({ name: 'Sauvignon Blanc', on_hand: 3, last_unit_cost: '40,00' });
  const itemC = await item({ name: 'Malbec', on_hand: 5 });
  const itemD = await item({ name: 'Rosé', on_hand: 4, last_unit_cost: '30,00' });
  const menu = await createMenuRow(t.db, team.own.id);
  const wine = (name: string, price: number, cellarItemId: string, position: number, extra: object = {}) =>
    createMenuWineRow(t.db, menu.id, { name, price, cellarItemId, position, category: 'Tintos', ...extra });
  const a = await wine('Tannat Reserva', 120, itemA, 0);
  const b = await wine('Sauvignon Blanc', 90, itemB, 1, { category: 'Brancos', byTheGlass: true, glassDoses: 5, glassPrice: 20 });
  const c = await wine('Malbec', 80, itemC, 2);
  const d = await wine('Rosé', 70, itemD, 3, { category: 'Rosés' });

  const deliver = async (quantity: number, price: string) => {
    const created = await t.call(team.manager, 'POST', '/api/orders', {
      establishment_id: team.own.id,
      supplier_id: supplier.id,
      items: [{ wine_id: tannat.id, quantity, price }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    for (const [user, status] of [
      [supplierUser, 'confirmed'],
      [supplierUser, 'shipped'],
      [team.manager, 'delivered'],
    ] as const) {
      const res = await t.call(user, 'PATCH', `/api/orders/${id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  let sale = 0;
  const sell = async (menuWineId: string, quantity: number, unit: 'bottle' | 'glass' = 'bottle') => {
    sale++;
    const res = await t.call(team.manager, 'POST', `${base}/cellar/sales`, {
      sales: [{ till_sale_id: `S-${sale}`, sold_at: SOLD_AT, lines: [{ menu_wine_id: menuWineId, quantity, unit }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().discrepancies).toEqual([]);
  };

  await deliver(6, '50,00');
  await sell(a.id, 4);
  // The price moves after the first four bottles: the next three are valued at R$ 130.
  const repriced = await t.call(team.manager, 'POST', `/api/wine-menus/${menu.id}/prices`, {
    prices: [{ menu_wine_id: a.id, price_cents: 13_000 }],
  });
  expect(repriced.json()).toEqual({ updated: 1 });
  await deliver(6, '60,00');
  await sell(a.id, 2);
  await deliver(4, '70,00');
  await sell(a.id, 1);
  await sell(b.id, 1);
  await sell(b.id, 7, 'glass');
  await sell(c.id, 2);
  await t.db.insert(menuEventCounts).values({ menuId: menu.id, hour: new Date(), kind: 'open', subject: a.id, found: 0, count: 10 });
  return { ...team, base, menu, a, b, c, d, itemA, itemB, itemC, itemD };
}
type House = Awaited<ReturnType<typeof house>>;

const report = async (user: TestUser, h: House, query = 'days=7'): Promise<EngineeringReport> => {
  const res = await t.call(user, 'GET', `/api/wine-menus/${h.menu.id}/engineering?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/wine-menus/{id}/engineering', () => {
  it('computes every figure of every wine from the ledger, the price history and the opens', async () => {
    const h = await house();
    const r = await report(h.sommelier, h);
    const byName = Object.fromEntries(r.wines.map((w) => [w.name, w]));
    expect(r.period.days).toBe(7);

    // Tannat: 4 × 120 + 3 × 130; cost 4 × 50 + 2 × 57,50 (the average of 2 at 50 and 6 at 60) + 1 × 62,50 (6 at
    // 57,50 and 4 at 70).
    expect(byName['Tannat Reserva']).toMatchObject({
      bottles_sold: 7,
      glasses_sold: 0,
      revenue_cents: 87_000,
      cost_cents: 37_750,
      margin_cents: 49_250,
      margin_percent: 56.6,
      bottle_margin_percent: 56.6,
      glass_margin_percent: null,
      unit_cost_cents: 6_250,
      on_hand: 9,
      capital_cents: 56_250,
      // 7 of the 16 bottles that came in during the period.
      sell_through_percent: 43.8,
      days_of_cover: 9,
      opens: 10,
      open_to_sale_percent: 70,
      quadrant: 'star',
      missing: [],
    });
    // Sauvignon: a bottle at 90 and 7 glasses at 20; cost 40 a bottle, 8 a glass.
    expect(byName['Sauvignon Blanc']).toMatchObject({
      bottles_sold: 1,
      glasses_sold: 7,
      units_sold: 2.4,
      bottle_revenue_cents: 9_000,
      glass_revenue_cents: 14_000,
      revenue_cents: 23_000,
      bottle_cost_cents: 4_000,
      glass_cost_cents: 5_600,
      margin_cents: 13_400,
      bottle_margin_percent: 55.6,
      glass_margin_percent: 60,
      sell_through_percent: 80,
      on_hand: 0,
      days_of_cover: 0,
      quadrant: 'dog',
    });
    expect(byName.Malbec).toMatchObject({ bottles_sold: 2, revenue_cents: 16_000, cost_cents: null, quadrant: null, missing: ['cost'] });
    expect(byName.Rosé).toMatchObject({ bottles_sold: 0, revenue_cents: 0, quadrant: null, missing: ['sales'], capital_cents: 12_000 });

    // The matrix: two wines classified, 70 % of an even share is 0.35; Tannat sold 7 of 9.4 bottles' worth.
    expect(r.totals).toMatchObject({
      classified: 2,
      popularity_threshold: 0.35,
      average_unit_margin_cents: Math.round((49_250 + 13_400) / 9.4),
      revenue_cents: 126_000,
      cost_cents: 47_350,
      // The Malbec's R$ 160 sold without a known cost are left out of the margin, not counted as free.
      margin_cents: 87_000 + 23_000 - 47_350,
      margin_percent: 57,
      bottles_sold: 10,
      glasses_sold: 7,
    });
    expect(byName['Tannat Reserva']?.popularity_share).toBe(0.7447);

    // Reconciliation: the wines' revenue is every sale at its price; their costs are the sale movements' costs.
    expect(r.wines.reduce((n, w) => n + w.revenue_cents, 0)).toBe(r.totals.revenue_cents);
    const [ledger] = await t.db
      .select({ cost: sql<number>`sum(${cellarMovements.costCents})::integer` })
      .from(cellarMovements)
      .where(and(eq(cellarMovements.establishmentId, h.own.id), inArray(cellarMovements.reason, ['sale', 'glass_sale'])));
    expect(ledger?.cost).toBe(r.totals.cost_cents);

    // Suggestions: the menu's current average margin (Tannat 51,9 %, Sauvignon 55,6 %, Rosé 57,1 %), whole reais.
    expect(r.target_is_default).toBe(true);
    expect(r.target_margin_percent).toBe(54.9);
    expect(r.price_ending_cents).toBe(0);
    expect(r.suggestions.map((s) => [s.name, s.suggested_price_cents])).toEqual([
      ['Tannat Reserva', 13_900],
      ['Sauvignon Blanc', 8_900],
      ['Rosé', 6_700],
    ]);
    expect(r.dead_stock).toEqual([]);
  });

  it('follows the target margin the establishment sets, and applies chosen prices through the menu write', async () => {
    const h = await house();
    const set = await t.call(h.sommelier, 'PUT', `${h.base}/engineering-target`, { target_margin_percent: 60 });
    expect(set.statusCode, set.body).toBe(200);
    const r = await report(h.sommelier, h);
    expect(r).toMatchObject({ target_margin_percent: 60, target_is_default: false });
    expect(r.suggestions.map((s) => [s.name, s.suggested_price_cents, s.suggested_margin_percent])).toEqual([
      ['Tannat Reserva', 15_600, 59.9],
      ['Sauvignon Blanc', 10_000, 60],
      ['Rosé', 7_500, 60],
    ]);

    const applied = await t.call(h.sommelier, 'POST', `/api/wine-menus/${h.menu.id}/prices`, {
      prices: [
        { menu_wine_id: h.a.id, price_cents: 15_600 },
        { menu_wine_id: h.b.id, price_cents: 10_000 },
      ],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ updated: 2 });
    const prices = await t.db.select({ id: menuWines.id, price: menuWines.price }).from(menuWines).where(eq(menuWines.menuId, h.menu.id));
    expect(Object.fromEntries(prices.map((p) => [p.id, p.price]))).toMatchObject({ [h.a.id]: 156, [h.b.id]: 100 });
    const history = await t.db.select().from(menuWinePrices).where(eq(menuWinePrices.menuWineId, h.a.id));
    expect(history.map((p) => p.price).sort()).toEqual([120, 130, 156]);
    const trail = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordId, h.b.id), eq(auditEntries.action, 'update')));
    expect(trail.at(-1)?.changes).toEqual([{ field: 'price', old: 90, new: 100 }]);
    // The sales already made keep the prices they were made at.
    const after = await report(h.sommelier, h);
    expect(after.wines.find((w) => w.name === 'Tannat Reserva')?.revenue_cents).toBe(87_000);

    // A bottle price under its typed glass price is refused whole, naming the wine; nothing changes.
    const refused = await t.call(h.sommelier, 'POST', `/api/wine-menus/${h.menu.id}/prices`, {
      prices: [
        { menu_wine_id: h.a.id, price_cents: 16_000 },
        { menu_wine_id: h.b.id, price_cents: 1_500 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/^Sauvignon Blanc: /);
    const [a] = await t.db.select({ price: menuWines.price }).from(menuWines).where(eq(menuWines.id, h.a.id));
    expect(a?.price).toBe(156);
    const otherMenuWine = await createMenuWineRow(t.db, (await createMenuRow(t.db, h.own.id)).id);
    const foreign = await t.call(h.sommelier, 'POST', `/api/wine-menus/${h.menu.id}/prices`, {
      prices: [{ menu_wine_id: otherMenuWine.id, price_cents: 5_000 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(ENGINEERING_TEXTS.wineNotOnMenu);

    const cleared = await t.call(h.manager, 'PUT', `${h.base}/engineering-target`, { target_margin_percent: null });
    expect(cleared.json()).toEqual({ target_margin_percent: null });
    expect((await report(h.manager, h)).target_is_default).toBe(true);
  });

  it('exports the same figures as an .xlsx', async () => {
    const h = await house();
    const res = await t.call(h.manager, 'GET', `/api/wine-menus/${h.menu.id}/engineering.xlsx?days=30`);
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, string | number>>(book.Sheets.Vinhos as XLSX.WorkSheet);
    expect(
      rows.map((r) => [r.Vinho, r.Quadrante, r['Receita (R$)'], r['Custo (R$)'], r['Garrafas vendidas'], r['Taças vendidas']]),
    ).toEqual(
      [
        ['Tannat Reserva', 'Estrela', 870, 377.5, 7, 0],
        ['Sauvignon Blanc', 'Cão', 230, 96, 1, 7],
        ['Malbec', '', 160, '', 2, 0],
        ['Rosé', '', 0, 0, 0, 0],
      ].map((r) => r.map((v) => (v === '' ? undefined : v))),
    );
  });

  it('answers 400 in pt-BR for bad periods and 404 outside the establishment', async () => {
    const h = await house();
    const bad = async (query: string, detail: string) => {
      const res = await t.call(h.manager, 'GET', `/api/wine-menus/${h.menu.id}/engineering?${query}`);
      expect(res.statusCode, query).toBe(400);
      // The message the person reads, after the form's usual "Dados inválidos — field:" lead.
      expect(res.json().detail, query).toContain(detail);
    };
    await bad('days=15', ENGINEERING_TEXTS.period);
    await bad('from=2026-11-10', ENGINEERING_TEXTS.period);
    await bad('days=7&from=2026-11-01&to=2026-11-10', ENGINEERING_TEXTS.period);
    await bad('from=2026-11-10&to=2026-11-01', ENGINEERING_TEXTS.order);
    await bad('from=2026-02-30&to=2026-03-01', ENGINEERING_TEXTS.day);
    await bad('from=2020-01-01&to=2021-06-01', ENGINEERING_TEXTS.tooLong);
    await bad('from=2020-01-01&to=2999-01-01', ENGINEERING_TEXTS.future);
    const custom = await report(h.manager, h, `from=${SOLD_AT.slice(0, 10)}&to=${SOLD_AT.slice(0, 10)}`);
    expect(custom.period.days).toBe(1);

    const other = await createTeam(t.db);
    for (const outsider of [other.manager, h.supplier]) {
      expect((await t.call(outsider, 'GET', `/api/wine-menus/${h.menu.id}/engineering?days=7`)).statusCode).toBe(404);
    }
    expect((await t.call(h.supplier, 'PUT', `${h.base}/engineering-target`, { target_margin_percent: 50 })).statusCode).toBe(403);
    expect((await t.call(other.manager, 'PUT', `${h.base}/engineering-target`, { target_margin_percent: 50 })).statusCode).toBe(404);
    const tooHigh = await t.call(h.manager, 'PUT', `${h.base}/engineering-target`, { target_margin_percent: 120 });
    expect(tooHigh.json().detail).toContain(ENGINEERING_TEXTS.target);
  });

  it('lists the wines with bottles and no sale for 60 days, with their capital at cost', async () => {
    const h = await house();
    const longAgo = sql`now() - interval '90 days'`;
    // The Rosé came in three months ago and never sold; the Malbec last sold 61 days ago.
    await t.db.execute(sql`update cellar_items set created_at = ${longAgo} where id in (${h.itemD}, ${h.itemC})`);
    await t.db.execute(
      sql`update cellar_movements set created_at = now() - interval '61 days' where cellar_item_id = ${h.itemC} and reason = 'sale'`,
    );
    const r = await report(h.manager, h);
    expect(r.dead_stock.map((d) => [d.name, d.on_hand, d.capital_cents])).toEqual([
      ['Rosé', 4, 12_000],
      ['Malbec', 3, null],
    ]);
    expect(r.dead_stock[1]?.last_sale_at).not.toBeNull();
  });
});
