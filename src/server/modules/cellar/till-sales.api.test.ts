import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { TILL_SALE_TEXTS } from '../../../shared/till-sales.js';
import { auditEntries, cellarItems, cellarMovements, tillSales } from '../../db/schema/index.js';
import { createCatalogWineRow, createMenuRow, createMenuWineRow, createTeam, type TestUser } from '../../test-support/factories.js';
import { invalidationSpyPerFile, testAppPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const invalidate = invalidationSpyPerFile(t);
const SOLD_AT = '2026-12-05T21:30:00-03:00';

/** A house whose menu sells a red by the bottle and a white by the glass (5 glasses a bottle), both from its cellar. */
async function house() {
  const team = await createTeam(t.db);
  const call = (path: string, body: object) => t.call(team.manager, 'POST', path, body);
  const item = async (name: string, onHand: number, extra: object = {}) => {
    const res = await call(`/api/establishments/${team.own.id}/cellar`, { name, on_hand: onHand, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const catalogWine = await createCatalogWineRow(t.db, { name: 'Tannat Reserva' });
  const red = await item('Tannat Reserva', 4, { catalog_wine_id: catalogWine.id });
  const white = await item('Sauvignon Blanc', 2);
  const menu = await createMenuRow(t.db, team.own.id);
  const whiteByTheGlass = await createMenuWineRow(t.db, menu.id, {
    name: 'Sauvignon Blanc',
    cellarItemId: white,
    byTheGlass: true,
    glassDoses: 5,
  });
  return { ...team, red, white, catalogWineId: catalogWine.id, whiteByTheGlass: whiteByTheGlass.id };
}

const send = (user: TestUser, establishmentId: string, sales: object[]) =>
  t.call(user, 'POST', `/api/establishments/${establishmentId}/cellar/sales`, { sales });

const countsOf = async (id: string) => {
  const [row] = await t.db.select().from(cellarItems).where(eq(cellarItems.id, id));
  return { on_hand: row?.onHand, open_glasses: row?.openBottleDoses };
};
const movementsOf = (id: string) => t.db.select().from(cellarMovements).where(eq(cellarMovements.cellarItemId, id));

describe('POST /api/establishments/{id}/cellar/sales (the till)', () => {
  it('records each line as a sale or a glass sale, in one batch, and the public menu is told', async () => {
    const h = await house();
    invalidate.mockClear();
    const res = await send(h.manager, h.own.id, [
      { till_sale_id: 'PDV-1001', sold_at: SOLD_AT, lines: [{ catalog_wine_id: h.catalogWineId, quantity: 2, unit: 'bottle' }] },
      {
        till_sale_id: 'PDV-1002',
        sold_at: SOLD_AT,
        lines: [
          { menu_wine_id: h.whiteByTheGlass, quantity: 3, unit: 'glass' },
          { catalog_wine_id: h.catalogWineId, quantity: 1 },
        ],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recorded: ['PDV-1001', 'PDV-1002'], already_recorded: [], discrepancies: [] });
    expect(await countsOf(h.red)).toEqual({ on_hand: 1, open_glasses: 0 });
    // Three glasses: one bottle opened (5 glasses), two left in it.
    expect(await countsOf(h.white)).toEqual({ on_hand: 1, open_glasses: 2 });
    const redMoves = await movementsOf(h.red);
    expect(redMoves.filter((m) => m.reason === 'sale').map((m) => [m.delta, m.note])).toEqual(
      expect.arrayContaining([
        [-2, 'PDV: venda PDV-1001'],
        [-1, 'PDV: venda PDV-1002'],
      ]),
    );
    expect((await movementsOf(h.white)).filter((m) => m.reason === 'glass_sale')).toHaveLength(3);
    const entries = await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, h.white));
    expect(entries.filter((e) => e.action === 'move')).toHaveLength(3);
    expect(invalidate).toHaveBeenCalledWith(h.own.id);
  });

  it('records a sale once however often it is sent, one batch after another or two at once', async () => {
    const h = await house();
    const sale = (id: string) => ({ till_sale_id: id, sold_at: SOLD_AT, lines: [{ catalog_wine_id: h.catalogWineId, quantity: 1 }] });
    invalidate.mockClear();
    expect((await send(h.manager, h.own.id, [sale('A-1')])).statusCode).toBe(200);
    // The red is on no menu: its sales change no public page, whose cached copy keeps serving.
    expect(invalidate).not.toHaveBeenCalled();
    const again = await send(h.manager, h.own.id, [sale('A-1')]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ recorded: [], already_recorded: ['A-1'], discrepancies: [] });
    expect(await countsOf(h.red)).toEqual({ on_hand: 3, open_glasses: 0 });

    const [first, second] = await Promise.all([
      send(h.manager, h.own.id, [sale('B-1'), sale('B-2')]),
      send(h.manager, h.own.id, [sale('B-2'), sale('B-1')]),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const recorded = [...first.json().recorded, ...second.json().recorded].sort();
    expect(recorded).toEqual(['B-1', 'B-2']);
    expect(await countsOf(h.red)).toEqual({ on_hand: 1, open_glasses: 0 });
    const kept = await t.db.select().from(tillSales).where(eq(tillSales.establishmentId, h.own.id));
    expect(kept.map((s) => s.tillSaleId).sort()).toEqual(['A-1', 'B-1', 'B-2']);
  });

  it('takes a count that would go below zero to zero, keeps the rest for the next recount, which settles it', async () => {
    const h = await house();
    const res = await send(h.manager, h.own.id, [
      { till_sale_id: 'C-1', sold_at: SOLD_AT, lines: [{ catalog_wine_id: h.catalogWineId, quantity: 6 }] },
      { till_sale_id: 'C-2', sold_at: SOLD_AT, lines: [{ menu_wine_id: h.whiteByTheGlass, quantity: 12, unit: 'glass' }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recorded).toEqual(['C-1', 'C-2']);
    expect(res.json().discrepancies).toEqual([
      expect.objectContaining({
        cellar_item_id: h.red,
        cellar_item_name: 'Tannat Reserva',
        till_sale_id: 'C-1',
        unit: 'bottle',
        missing: 2,
      }),
      // Two bottles of five glasses: ten poured, two missing.
      expect.objectContaining({ cellar_item_id: h.white, till_sale_id: 'C-2', unit: 'glass', missing: 2 }),
    ]);
    expect(await countsOf(h.red)).toEqual({ on_hand: 0, open_glasses: 0 });
    expect(await countsOf(h.white)).toEqual({ on_hand: 0, open_glasses: 0 });
    expect(TILL_SALE_TEXTS.discrepancy('Tannat Reserva', 2, 'bottle', 'C-1')).toBe(
      'Tannat Reserva: o PDV vendeu 2 garrafas a mais do que a adega tinha (venda C-1).',
    );

    const open = await t.call(h.sommelier, 'GET', `/api/establishments/${h.own.id}/cellar/discrepancies`);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toHaveLength(2);
    const counted = await t.call(h.sommelier, 'POST', `/api/cellar/${h.red}/movements`, { reason: 'count', counted: 3 });
    expect(counted.statusCode, counted.body).toBe(201);
    const left = (await t.call(h.sommelier, 'GET', `/api/establishments/${h.own.id}/cellar/discrepancies`)).json();
    expect(left.map((d: { cellar_item_id: string }) => d.cellar_item_id)).toEqual([h.white]);
  });

  it('refuses a batch naming a wine this cellar does not have, or badly written, in pt-BR, and records none of it', async () => {
    const h = await house();
    const elsewhere = await house();
    const good = { till_sale_id: 'D-1', sold_at: SOLD_AT, lines: [{ catalog_wine_id: h.catalogWineId, quantity: 1 }] };
    const foreign = await send(h.manager, h.own.id, [
      good,
      { till_sale_id: 'D-2', sold_at: SOLD_AT, lines: [{ quantity: 1, menu_wine_id: elsewhere.whiteByTheGlass }] },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(TILL_SALE_TEXTS.unknownWine('D-2', 1));
    expect(foreign.json().fields).toEqual({ 'sales.1.lines.0.menu_wine_id': TILL_SALE_TEXTS.unknownWine('D-2', 1) });

    const cases: [object[], string, string][] = [
      [[good, good], 'sales.1.till_sale_id', TILL_SALE_TEXTS.repeatedSale('D-1')],
      [[{ ...good, sold_at: '05/12/2026 21:30' }], 'sales.0.sold_at', TILL_SALE_TEXTS.soldAt],
      [[{ ...good, lines: [{ quantity: 1 }] }], 'sales.0.lines.0.menu_wine_id', TILL_SALE_TEXTS.oneWine],
      [[{ ...good, lines: [{ catalog_wine_id: h.catalogWineId, quantity: 0 }] }], 'sales.0.lines.0.quantity', TILL_SALE_TEXTS.quantity],
      [
        [{ ...good, lines: [{ catalog_wine_id: h.catalogWineId, quantity: 1, unit: 'case' }] }],
        'sales.0.lines.0.unit',
        TILL_SALE_TEXTS.unit,
      ],
      [[], 'sales', TILL_SALE_TEXTS.salesRequired],
    ];
    for (const [sales, field, message] of cases) {
      const res = await send(h.manager, h.own.id, sales);
      expect(res.statusCode, JSON.stringify(sales)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    expect(await t.db.select().from(tillSales).where(eq(tillSales.establishmentId, h.own.id))).toEqual([]);
    expect(await countsOf(h.red)).toEqual({ on_hand: 4, open_glasses: 0 });

    expect((await send(elsewhere.manager, h.own.id, [good])).statusCode).toBe(404);
    expect((await send(h.supplier, h.own.id, [good])).statusCode).toBe(403);
    const missing = await send(h.manager, '00000000-0000-4000-8000-000000000000', [good]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(ESTABLISHMENT_NOT_FOUND);
  });

  it('takes the batch from a key with cellar:sales, as the till sends it', async () => {
    const h = await house();
    const key = await t.call(h.manager, 'POST', `/api/establishments/${h.own.id}/api-keys`, { name: 'PDV', scopes: ['cellar:sales'] });
    const res = await send({ token: key.json().key } as TestUser, h.own.id, [
      { till_sale_id: 'E-1', sold_at: SOLD_AT, lines: [{ catalog_wine_id: h.catalogWineId, quantity: 4 }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await countsOf(h.red)).toEqual({ on_hand: 0, open_glasses: 0 });
    const [entry] = (await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, h.red))).filter((e) => e.action === 'move');
    expect(entry).toMatchObject({ actorUserId: h.manager.id, actorRole: 'chave_api' });
  });
});

describe('the till product codes (/api/establishments/{id}/till-codes)', () => {
  const codeUrl = (establishmentId: string, code: string) =>
    `/api/establishments/${establishmentId}/till-codes/${encodeURIComponent(code)}`;

  it('links a till code to a wine once; the till then sends lines by its own code', async () => {
    const h = await house();
    const linked = await t.call(h.sommelier, 'PUT', codeUrl(h.own.id, 'TNT/750'), { cellar_item_id: h.red });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ code: 'TNT/750', cellar_item_id: h.red, cellar_item_name: 'Tannat Reserva' });
    // Linked again, the code points at the new wine.
    expect((await t.call(h.manager, 'PUT', codeUrl(h.own.id, 'SAUV'), { cellar_item_id: h.red })).statusCode).toBe(200);
    expect((await t.call(h.manager, 'PUT', codeUrl(h.own.id, 'SAUV'), { cellar_item_id: h.white })).statusCode).toBe(200);
    const list = await t.call(h.manager, 'GET', `/api/establishments/${h.own.id}/till-codes`);
    expect(list.json().map((c: { code: string; cellar_item_name: string }) => [c.code, c.cellar_item_name])).toEqual([
      ['SAUV', 'Sauvignon Blanc'],
      ['TNT/750', 'Tannat Reserva'],
    ]);

    const res = await send(h.manager, h.own.id, [
      {
        till_sale_id: 'F-1',
        sold_at: SOLD_AT,
        lines: [
          { product_code: 'TNT/750', quantity: 1 },
          { product_code: 'SAUV', quantity: 1, unit: 'glass' },
        ],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await countsOf(h.red)).toEqual({ on_hand: 3, open_glasses: 0 });
    expect(await countsOf(h.white)).toEqual({ on_hand: 1, open_glasses: 4 });

    const unknown = await send(h.manager, h.own.id, [
      { till_sale_id: 'F-2', sold_at: SOLD_AT, lines: [{ product_code: 'XYZ', quantity: 1 }] },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'sales.0.lines.0.product_code': TILL_SALE_TEXTS.unknownCode('F-2', 1, 'XYZ') });

    expect((await t.call(h.manager, 'DELETE', codeUrl(h.own.id, 'TNT/750'))).statusCode).toBe(204);
    expect((await t.call(h.manager, 'DELETE', codeUrl(h.own.id, 'TNT/750'))).statusCode).toBe(404);
    const gone = await send(h.manager, h.own.id, [
      { till_sale_id: 'F-3', sold_at: SOLD_AT, lines: [{ product_code: 'TNT/750', quantity: 1 }] },
    ]);
    expect(gone.statusCode).toBe(400);
  });

  it("refuses another establishment's wine, and keeps codes apart per establishment", async () => {
    const h = await house();
    const elsewhere = await house();
    const foreign = await t.call(h.manager, 'PUT', codeUrl(h.own.id, 'X1'), { cellar_item_id: elsewhere.red });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ cellar_item_id: TILL_SALE_TEXTS.codeItem });
    expect((await t.call(elsewhere.manager, 'PUT', codeUrl(h.own.id, 'X1'), { cellar_item_id: h.red })).statusCode).toBe(404);
    expect((await t.call(h.supplier, 'GET', `/api/establishments/${h.own.id}/till-codes`)).statusCode).toBe(404);
    expect((await t.call(h.manager, 'PUT', codeUrl(h.own.id, 'X1'), { cellar_item_id: h.red })).statusCode).toBe(200);
    expect((await t.call(elsewhere.manager, 'GET', `/api/establishments/${elsewhere.own.id}/till-codes`)).json()).toEqual([]);
  });
});
