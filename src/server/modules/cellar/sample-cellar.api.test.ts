import { asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cellarItems, cellarMovements, menuWines, orderItems, orders } from '../../db/schema/index.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { SAMPLE_LAST_BOTTLE, SAMPLE_SOLD_OUT } from './index.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

interface Item {
  id: string;
  name: string;
  on_hand: number;
  open_bottle_doses: number;
  par_level: number;
  status: string;
  last_supplier_id: string | null;
  catalog_wine_id: string | null;
  menu_wines: { by_the_glass: boolean }[];
}

describe('the sample cellar of Pedra da Ilha', () => {
  it('links every wine of the list to a cellar filled by a delivered order a month ago, then a month of service', {
    timeout: 120_000,
  }, async () => {
    const seeded = await t.call(admin, 'POST', '/api/seed/pedra-da-ilha');
    expect(seeded.statusCode).toBe(201);
    const { establishment_id: establishmentId, wines } = seeded.json();

    const items: Item[] = (await t.call(admin, 'GET', `/api/establishments/${establishmentId}/cellar`)).json();
    expect(items).toHaveLength(wines);
    expect(await t.db.select().from(menuWines).where(isNull(menuWines.cellarItemId))).toEqual([]);
    const byName = new Map(items.map((i) => [i.name, i]));
    expect(byName.get(SAMPLE_SOLD_OUT)).toMatchObject({ on_hand: 0, open_bottle_doses: 0, status: 'sold_out' });
    expect(byName.get(SAMPLE_LAST_BOTTLE)).toMatchObject({ on_hand: 1, status: 'low' });
    const statuses = items.map((i) => i.status);
    expect(statuses.filter((s) => s === 'low').length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((s) => s === 'ok').length).toBeGreaterThan(wines / 2);
    // By the glass: the five "(taça)" wines, one glass a 187 ml bottle (so none is ever left open), and one 750 ml
    // wine sold both ways (decision 0081).
    const glass = items.filter((i) => i.menu_wines.some((w) => w.by_the_glass));
    const oneGlassBottles = glass.filter((i) => i.name.endsWith('(taça)'));
    expect(oneGlassBottles.length).toBe(5);
    for (const item of oneGlassBottles) expect(item.open_bottle_doses).toBe(0);
    expect(glass.filter((i) => !i.name.endsWith('(taça)')).map((i) => i.name)).toEqual(['Miolo Reserva Sauvignon Blanc']);

    // The delivered order that filled it: one delivery row per catalogue wine, from that order's supplier.
    const [order] = await t.db.select().from(orders).where(eq(orders.notes, 'Abastecimento da adega da casa.'));
    expect(order?.status).toBe('delivered');
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    const deliveries = await t.db.select().from(cellarMovements).where(eq(cellarMovements.orderId, order!.id));
    expect(deliveries.length).toBe(lines.length);
    expect(lines.length).toBe(items.filter((i) => i.catalog_wine_id).length);
    for (const item of items.filter((i) => i.catalog_wine_id)) expect(item.last_supplier_id).toBe(order!.supplierId);

    // Every item's ledger adds up, row by row, to the count it shows; the history spans the month.
    const now = Date.now();
    for (const item of items) {
      const rows = await t.db
        .select()
        .from(cellarMovements)
        .where(eq(cellarMovements.cellarItemId, item.id))
        .orderBy(asc(cellarMovements.createdAt));
      let onHand = 0;
      let doses = 0;
      for (const row of rows) {
        onHand += row.delta;
        doses += row.doseDelta;
        expect([onHand, doses], item.name).toEqual([row.onHandAfter, row.openBottleDosesAfter]);
      }
      expect([onHand, doses], item.name).toEqual([item.on_hand, item.open_bottle_doses]);
      expect(now - (rows[0]?.createdAt.getTime() ?? now)).toBeGreaterThan(29 * 86_400_000);
    }
    const reasons = new Set((await t.db.select().from(cellarMovements)).map((m) => m.reason));
    expect(reasons).toEqual(new Set(['delivery', 'count', 'sale', 'glass_sale', 'breakage', 'tasting']));

    const figures = (await t.call(admin, 'GET', `/api/establishments/${establishmentId}/cellar/figures?days=30`)).json();
    expect(figures.wines[0].bottles_sold).toBeGreaterThan(5);
    const reorder = (await t.call(admin, 'GET', `/api/establishments/${establishmentId}/cellar/reorder`)).json();
    const suggested = reorder.groups.flatMap((g: { items: { name: string }[] }) => g.items.map((i) => i.name));
    expect(suggested).toEqual(expect.arrayContaining([SAMPLE_SOLD_OUT, SAMPLE_LAST_BOTTLE, 'Catena Malbec']));
    expect(reorder.groups[0].supplier_id).toBe(order!.supplierId);

    // Again: nothing new.
    const count = async () => (await t.db.select().from(cellarMovements)).length;
    const before = await count();
    expect((await t.call(admin, 'POST', '/api/seed/pedra-da-ilha')).statusCode).toBe(200);
    expect(await count()).toBe(before);
    expect(await t.db.select().from(cellarItems).where(eq(cellarItems.establishmentId, establishmentId))).toHaveLength(wines);
  });
});
