import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deniedDetail } from '../../../shared/access-policy.js';
import { CELLAR_MESSAGES, cellarCeilingMessage, MAX_CELLAR_COUNT } from '../../../shared/cellar.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { cellarItems, cellarMovements } from '../../db/schema/index.js';
import {
  createCatalogWineRow,
  createMenuRow,
  createMenuWineRow,
  createSupplierRow,
  createTeam,
  createUser,
  type TestUser,
} from '../../test-support/factories.js';
import { invalidationSpyPerFile, testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { cellarCountsFor } from './index.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const invalidate = invalidationSpyPerFile(t);
const MISSING = '00000000-0000-4000-8000-000000000000';

const itemRow = async (id: string) => (await t.db.select().from(cellarItems).where(eq(cellarItems.id, id)))[0];
const ledger = (id: string) =>
  t.db.select().from(cellarMovements).where(eq(cellarMovements.cellarItemId, id)).orderBy(asc(cellarMovements.createdAt));

async function newItem(user: TestUser, establishmentId: string, body: object = {}) {
  const res = await t.call(user, 'POST', `/api/establishments/${establishmentId}/cellar`, { name: 'Guaspari Syrah', ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; on_hand: number };
}

const move = (user: TestUser, itemId: string, body: object) => t.call(user, 'POST', `/api/cellar/${itemId}/movements`, body);

describe('POST /api/establishments/{id}/cellar', () => {
  it('creates an item (201); a starting count is the first ledger row, a recount by the creator', async () => {
    const { own, sommelier } = await createTeam(t.db);
    const wine = await createCatalogWineRow(t.db, { name: 'Guaspari Syrah Vista do Chá', producer: 'Guaspari', vintage: 2019 });
    const res = await t.call(sommelier, 'POST', `/api/establishments/${own.id}/cellar`, {
      name: '  Guaspari Syrah Vista do Chá ',
      producer: 'Guaspari',
      vintage: 2019,
      catalog_wine_id: wine.id,
      on_hand: '7',
      par_level: 12,
      case_size: '6',
      last_unit_cost: '189,90',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      establishment_id: own.id,
      catalog_wine_id: wine.id,
      name: 'Guaspari Syrah Vista do Chá',
      producer: 'Guaspari',
      vintage: 2019,
      on_hand: 7,
      open_bottle_doses: 0,
      par_level: 12,
      case_size: 6,
      last_unit_cost: '189.90',
      last_supplier_id: null,
      last_supplier_name: null,
      status: 'low',
      last_movement_at: expect.any(String),
      menu_wines: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = res.json().id;
    expect(await itemRow(id)).toMatchObject({ onHand: 7, parLevel: 12, caseSize: 6, lastUnitCost: '189.90' });
    expect(await ledger(id)).toEqual([
      expect.objectContaining({ reason: 'count', delta: 7, onHandAfter: 7, userId: sommelier.id, orderId: null }),
    ]);
  });

  it('answers 400 with the field for a case size other than 6 or 12, a negative count or a missing name, and writes nothing', async () => {
    const { own, manager } = await createTeam(t.db);
    for (const [body, field, message] of [
      [{ name: 'X', case_size: 7 }, 'case_size', CELLAR_MESSAGES.caseSize],
      [{ name: 'X', on_hand: -1 }, 'on_hand', CELLAR_MESSAGES.count],
      [{ name: 'X', par_level: 1.5 }, 'par_level', CELLAR_MESSAGES.par],
      [{ name: '  ' }, 'name', CELLAR_MESSAGES.nameRequired],
    ] as const) {
      const res = await t.call(manager, 'POST', `/api/establishments/${own.id}/cellar`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await t.db.select().from(cellarItems).where(eq(cellarItems.establishmentId, own.id))).toEqual([]);
  });

  it('refuses a second item for the same catalogue wine (409) and an unknown catalogue wine (400)', async () => {
    const { own, manager } = await createTeam(t.db);
    const wine = await createCatalogWineRow(t.db);
    await newItem(manager, own.id, { catalog_wine_id: wine.id });
    const twice = await t.call(manager, 'POST', `/api/establishments/${own.id}/cellar`, { name: 'Outro', catalog_wine_id: wine.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields.catalog_wine_id).toBe(CELLAR_MESSAGES.duplicateWine);
    const unknown = await t.call(manager, 'POST', `/api/establishments/${own.id}/cellar`, { name: 'Outro', catalog_wine_id: MISSING });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.catalog_wine_id).toBe(CELLAR_MESSAGES.wineNotFound);
  });
});

describe('scope: the establishment managers and sommeliers, and the admin', () => {
  it('lets own staff and the admin read and write; hides other establishments (404); refuses a supplier (404 reads, 403 writes)', async () => {
    const { own, other, manager, sommelier, supplier } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 3 });
    const otherItem = await newItem(admin, other.id, { on_hand: 3 });

    for (const user of [manager, sommelier, admin]) {
      const list = await t.call(user, 'GET', `/api/establishments/${own.id}/cellar`);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((i: { id: string }) => i.id)).toEqual([item.id]);
      expect((await t.call(user, 'GET', `/api/cellar/${item.id}/movements`)).statusCode).toBe(200);
    }
    for (const user of [manager, sommelier]) {
      const list = await t.call(user, 'GET', `/api/establishments/${other.id}/cellar`);
      expect(list.statusCode).toBe(404);
      expect(list.json().detail).toBe(ESTABLISHMENT_NOT_FOUND);
      expect((await t.call(user, 'POST', `/api/establishments/${other.id}/cellar`, { name: 'X' })).statusCode).toBe(404);
      expect((await t.call(user, 'PUT', `/api/cellar/${otherItem.id}`, { name: 'X' })).statusCode).toBe(404);
      const sale = await move(user, otherItem.id, { reason: 'sale', delta: -1 });
      expect(sale.statusCode).toBe(404);
      expect(sale.json().detail).toBe(CELLAR_MESSAGES.notFound);
      expect((await t.call(user, 'GET', `/api/cellar/${otherItem.id}/movements`)).statusCode).toBe(404);
      expect((await t.call(user, 'GET', `/api/establishments/${other.id}/cellar/reorder`)).statusCode).toBe(404);
      expect((await t.call(user, 'GET', `/api/establishments/${other.id}/cellar/figures`)).statusCode).toBe(404);
    }
    expect((await t.call(supplier, 'GET', `/api/establishments/${own.id}/cellar`)).statusCode).toBe(404);
    expect((await t.call(supplier, 'GET', `/api/cellar/${item.id}/movements`)).statusCode).toBe(404);
    const write = await move(supplier, item.id, { reason: 'sale', delta: -1 });
    expect(write.statusCode).toBe(403);
    expect(write.json().detail).toBe(deniedDetail('cellar', 'move'));
    expect((await t.call(supplier, 'POST', `/api/establishments/${own.id}/cellar`, { name: 'X' })).statusCode).toBe(403);

    expect((await itemRow(otherItem.id))?.onHand).toBe(3);
    expect((await itemRow(item.id))?.onHand).toBe(3);
    expect((await t.call(admin, 'GET', `/api/establishments/${MISSING}/cellar`)).statusCode).toBe(404);
    expect((await move(admin, MISSING, { reason: 'sale', delta: -1 })).statusCode).toBe(404);
  });
});

describe('PUT /api/cellar/{itemId}', () => {
  it('changes name, par, case and cost but never the count (which only movements change)', async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 4, par_level: 2 });
    const res = await t.call(manager, 'PUT', `/api/cellar/${item.id}`, {
      name: 'Guaspari Syrah 2020',
      par_level: 6,
      case_size: 12,
      last_unit_cost: 150,
      on_hand: 99,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Guaspari Syrah 2020',
      par_level: 6,
      case_size: 12,
      last_unit_cost: '150.00',
      on_hand: 4,
      status: 'low',
    });
    expect(await itemRow(item.id)).toMatchObject({ onHand: 4, parLevel: 6 });
    expect(await ledger(item.id)).toHaveLength(1);
  });
});

describe('POST /api/cellar/{itemId}/movements', () => {
  it('records a sale: 201 with the new count and a ledger row with who, why and the count it left', async () => {
    const { own, sommelier } = await createTeam(t.db);
    const item = await newItem(sommelier, own.id, { on_hand: 5, par_level: 2 });
    const res = await move(sommelier, item.id, { reason: 'sale', delta: -3, note: 'Mesa 4' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      on_hand: 2,
      open_bottle_doses: 0,
      status: 'low',
      movement: {
        id: expect.any(String),
        cellar_item_id: item.id,
        reason: 'sale',
        delta: -3,
        dose_delta: 0,
        bottle_doses: null,
        on_hand_after: 2,
        open_bottle_doses_after: 0,
        order_id: null,
        note: 'Mesa 4',
        user_id: sommelier.id,
        user_name: sommelier.email,
        created_at: expect.any(String),
      },
    });
    expect((await itemRow(item.id))?.onHand).toBe(2);
    const rows = await ledger(item.id);
    expect(rows.map((r) => [r.reason, r.delta, r.onHandAfter, r.userId, r.note])).toEqual([
      ['count', 5, 5, sommelier.id, null],
      ['sale', -3, 2, sommelier.id, 'Mesa 4'],
    ]);
    const history = await t.call(sommelier, 'GET', `/api/cellar/${item.id}/movements`);
    expect(history.json().map((m: { reason: string; on_hand_after: number }) => [m.reason, m.on_hand_after])).toEqual([
      ['sale', 2],
      ['count', 5],
    ]);
  });

  it('drops the public pages when a movement changes what a menu shows of the wine, and only then', async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 6 });
    const unlinked = await newItem(manager, own.id, { on_hand: 6, name: 'Fora da carta' });
    const menu = await createMenuRow(t.db, own.id); // "last bottles" from 1 (the default)
    const wine = await createMenuWineRow(t.db, menu.id, { cellarItemId: item.id, byTheGlass: true, glassDoses: 2 });
    const dropped = async (body: object, id = item.id) => {
      invalidate.mockClear();
      expect((await move(manager, id, body)).statusCode).toBe(201);
      return invalidate.mock.calls.length > 0;
    };
    expect(await dropped({ reason: 'sale', delta: -1 })).toBe(false); // 6 -> 5: "plenty" either way
    expect(await dropped({ reason: 'sale', delta: -1 }, unlinked.id)).toBe(false); // no menu shows it
    expect(await dropped({ reason: 'sale', delta: -3 })).toBe(false); // 5 -> 2
    expect(await dropped({ reason: 'sale', delta: -1 })).toBe(true); // 2 -> 1: "Última garrafa"
    expect(invalidate).toHaveBeenCalledWith(own.id);
    expect(await dropped({ reason: 'glass_sale', menu_wine_id: wine.id })).toBe(true); // 1 -> 0 and an open bottle
    expect(await dropped({ reason: 'glass_sale' })).toBe(true); // the last glass: sold out
    expect(await dropped({ reason: 'delivery', delta: 12 })).toBe(true); // back
    // A menu that warns from 20 bottles on sees every count up to 20.
    await createMenuWineRow(t.db, (await createMenuRow(t.db, own.id, { lowStockThreshold: 20 })).id, { cellarItemId: item.id });
    expect(await dropped({ reason: 'sale', delta: -1 })).toBe(true); // 12 -> 11
    expect(await dropped({ reason: 'count', counted: 11 })).toBe(false); // a recount that finds the same
  });

  it('answers 409 "Sem estoque suficiente" to a movement below zero and changes nothing', async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 2 });
    invalidate.mockClear();
    for (const reason of ['sale', 'breakage', 'tasting']) {
      const res = await move(manager, item.id, { reason, delta: -3 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'conflict', detail: 'Sem estoque suficiente' });
    }
    expect((await itemRow(item.id))?.onHand).toBe(2);
    expect(await ledger(item.id)).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it(`refuses bottles in past the ceiling (${MAX_CELLAR_COUNT.toLocaleString('pt-BR')}) with 400 naming the wine, and changes nothing; exactly at it is fine`, async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: '99.998' });
    invalidate.mockClear();
    for (const delta of [3, MAX_CELLAR_COUNT]) {
      const res = await move(manager, item.id, { reason: 'delivery', delta });
      expect(res.statusCode).toBe(400);
      const detail = cellarCeilingMessage('Guaspari Syrah', 99_998, delta);
      expect(res.json()).toEqual({ code: 'validation_error', detail, fields: { delta: detail } });
    }
    expect((await itemRow(item.id))?.onHand).toBe(99_998);
    expect(await ledger(item.id)).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalled();

    const full = await move(manager, item.id, { reason: 'delivery', delta: 2 });
    expect(full.statusCode).toBe(201);
    expect(full.json().on_hand).toBe(MAX_CELLAR_COUNT);
    const over = await move(manager, item.id, { reason: 'delivery', delta: 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(
      'Guaspari Syrah tem 100.000 garrafas: com mais 1 passaria do máximo de 100.000 garrafas por vinho na adega. Confira a quantidade.',
    );
    // A recount or a starting count past it is refused by the schema, with the same ceiling in words.
    for (const res of [
      await move(manager, item.id, { reason: 'count', counted: MAX_CELLAR_COUNT + 1 }),
      await t.call(manager, 'POST', `/api/establishments/${own.id}/cellar`, { name: 'Outro', on_hand: MAX_CELLAR_COUNT + 1 }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(CELLAR_MESSAGES.count);
    }
    expect((await itemRow(item.id))?.onHand).toBe(MAX_CELLAR_COUNT);
    expect(await ledger(item.id)).toHaveLength(2);
  });

  it('rejects a sale that adds bottles, a delivery that takes them, a zero delta and a recount without `counted` (400)', async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 2 });
    for (const [body, field, message] of [
      [{ reason: 'sale', delta: 1 }, 'delta', CELLAR_MESSAGES.deltaOut],
      [{ reason: 'delivery', delta: -1 }, 'delta', CELLAR_MESSAGES.deltaIn],
      [{ reason: 'breakage', delta: 0 }, 'delta', CELLAR_MESSAGES.delta],
      [{ reason: 'count' }, 'counted', CELLAR_MESSAGES.counted],
      [{ reason: 'roubo', delta: -1 }, 'reason', CELLAR_MESSAGES.reason],
      [{ reason: 'glass_sale', delta: -2 }, 'delta', CELLAR_MESSAGES.glassOne],
    ] as const) {
      const res = await move(manager, item.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await ledger(item.id)).toHaveLength(1);
  });

  it('a recount sets the count and records the difference (even none)', async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 10 });
    const down = await move(manager, item.id, { reason: 'count', counted: 7, note: 'Inventário de sexta' });
    expect(down.statusCode).toBe(201);
    expect(down.json()).toMatchObject({ on_hand: 7, movement: { reason: 'count', delta: -3, on_hand_after: 7 } });
    const same = await move(manager, item.id, { reason: 'count', counted: '7' });
    expect(same.json()).toMatchObject({ on_hand: 7, movement: { delta: 0, on_hand_after: 7 } });
    const up = await move(manager, item.id, { reason: 'count', counted: 12 });
    expect(up.json()).toMatchObject({ on_hand: 12, movement: { delta: 5 } });
    expect((await ledger(item.id)).map((r) => [r.delta, r.onHandAfter])).toEqual([
      [10, 10],
      [-3, 7],
      [0, 7],
      [5, 12],
    ]);
  });

  it('glass sales open a bottle (glass doses of the linked menu wine), take glasses from it, then open the next', async () => {
    const { own, sommelier } = await createTeam(t.db);
    const item = await newItem(sommelier, own.id, { on_hand: 2 });
    const menu = await createMenuRow(t.db, own.id);
    const wine = await createMenuWineRow(t.db, menu.id, { cellarItemId: item.id, byTheGlass: true, glassDoses: 3, price: 150 });

    const first = await move(sommelier, item.id, { reason: 'glass_sale', menu_wine_id: wine.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      on_hand: 1,
      open_bottle_doses: 2,
      movement: { reason: 'glass_sale', delta: -1, dose_delta: 2, bottle_doses: 3, on_hand_after: 1, open_bottle_doses_after: 2 },
    });
    const second = await move(sommelier, item.id, { reason: 'glass_sale', delta: -1 });
    expect(second.json()).toMatchObject({ on_hand: 1, open_bottle_doses: 1, movement: { delta: 0, dose_delta: -1 } });
    await move(sommelier, item.id, { reason: 'glass_sale' });
    const fourth = await move(sommelier, item.id, { reason: 'glass_sale' });
    expect(fourth.json()).toMatchObject({ on_hand: 0, open_bottle_doses: 2, status: 'ok' });
    await move(sommelier, item.id, { reason: 'glass_sale' });
    const last = await move(sommelier, item.id, { reason: 'glass_sale' });
    expect(last.json()).toMatchObject({ on_hand: 0, open_bottle_doses: 0, status: 'sold_out' });
    const none = await move(sommelier, item.id, { reason: 'glass_sale' });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe('Sem estoque suficiente');
    expect(await itemRow(item.id)).toMatchObject({ onHand: 0, openBottleDoses: 0 });
    expect(await ledger(item.id)).toHaveLength(7);
  });

  it('opens a bottle of 5 glasses when no linked wine says otherwise; refuses a menu wine of another item (400)', async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 1 });
    const menu = await createMenuRow(t.db, own.id);
    const unrelated = await createMenuWineRow(t.db, menu.id);
    const bad = await move(manager, item.id, { reason: 'glass_sale', menu_wine_id: unrelated.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.menu_wine_id).toBe(CELLAR_MESSAGES.menuWineNotLinked);
    const res = await move(manager, item.id, { reason: 'glass_sale' });
    expect(res.json()).toMatchObject({ on_hand: 0, open_bottle_doses: 4, movement: { bottle_doses: 5 } });
  });

  it('20 simultaneous −1 on 5 bottles: exactly 5 succeed, 15 get 409, the count ends at 0 with 5 sale rows', async () => {
    const { own, manager, sommelier } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => move(i % 2 ? manager : sommelier, item.id, { reason: 'sale', delta: -1 })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(
      results
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json().on_hand)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect((await itemRow(item.id))?.onHand).toBe(0);
    const sales = (await ledger(item.id)).filter((r) => r.reason === 'sale');
    expect(sales.map((r) => r.onHandAfter).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('simultaneous glass sales and recounts keep the ledger consistent: each row follows the one before', async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await newItem(manager, own.id, { on_hand: 3 });
    await Promise.all([
      ...Array.from({ length: 12 }, () => move(manager, item.id, { reason: 'glass_sale' })),
      move(manager, item.id, { reason: 'count', counted: 3 }),
      move(manager, item.id, { reason: 'sale', delta: -1 }),
    ]);
    const rows = await ledger(item.id);
    const after = await itemRow(item.id);
    let onHand = 0;
    let doses = 0;
    for (const row of rows) {
      onHand += row.delta;
      doses += row.doseDelta;
      expect(onHand).toBe(row.onHandAfter);
      expect(doses).toBe(row.openBottleDosesAfter);
    }
    expect([after?.onHand, after?.openBottleDoses]).toEqual([onHand, doses]);
  });
});

describe('GET /api/establishments/{id}/cellar', () => {
  it('lists items by name with status, last supplier and the menu wines linked to each', async () => {
    const { own, manager } = await createTeam(t.db);
    const supplier = await createSupplierRow(t.db, { companyName: 'Vinhos do Sul Ltda.' });
    const b = await newItem(manager, own.id, { name: 'Bueno Paralelo 31', on_hand: 0 });
    const a = await newItem(manager, own.id, { name: 'Aurora Pinto Bandeira', on_hand: 8, par_level: 4 });
    await t.db.update(cellarItems).set({ lastSupplierId: supplier.id }).where(eq(cellarItems.id, a.id));
    const menu = await createMenuRow(t.db, own.id, { name: 'Carta principal' });
    const wine = await createMenuWineRow(t.db, menu.id, { cellarItemId: a.id, price: 98.5, byTheGlass: true, glassDoses: 6 });
    const res = await t.call(manager, 'GET', `/api/establishments/${own.id}/cellar`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [a.id, 'ok'],
      [b.id, 'sold_out'],
    ]);
    expect(body[0]).toMatchObject({
      last_supplier_id: supplier.id,
      last_supplier_name: 'Vinhos do Sul Ltda.',
      menu_wines: [
        { id: wine.id, menu_id: menu.id, menu_name: 'Carta principal', name: wine.name, price: 98.5, by_the_glass: true, glass_doses: 6 },
      ],
    });
    expect(body[1].last_movement_at).toBeNull();
  });

  it('cellarCountsFor answers the counts of the ids asked, for the public menu and the editor', async () => {
    const { own, manager } = await createTeam(t.db);
    const a = await newItem(manager, own.id, { on_hand: 3 });
    const b = await newItem(manager, own.id, { on_hand: 1 });
    await move(manager, b.id, { reason: 'glass_sale' });
    const counts = await cellarCountsFor(t.db, [a.id, b.id, MISSING]);
    expect(Object.fromEntries(counts)).toEqual({
      [a.id]: { id: a.id, on_hand: 3, open_bottle_doses: 0 },
      [b.id]: { id: b.id, on_hand: 0, open_bottle_doses: 4 },
    });
  });
});

describe('GET /api/establishments/{id}/cellar/reorder', () => {
  it('suggests, per last supplier, the items at or below par, up to par in whole cases, with the last cost and totals', async () => {
    const { own, manager } = await createTeam(t.db);
    const sul = await createSupplierRow(t.db, { companyName: 'Vinhos do Sul Ltda.' });
    const mar = await createSupplierRow(t.db, { companyName: 'Adega do Mar Ltda.' });
    const item = async (
      name: string,
      onHand: number,
      par: number,
      caseSize: 6 | 12 | null,
      cost: string | null,
      supplierId: string | null,
    ) => {
      const created = await newItem(manager, own.id, { name, on_hand: onHand, par_level: par, case_size: caseSize, last_unit_cost: cost });
      await t.db.update(cellarItems).set({ lastSupplierId: supplierId }).where(eq(cellarItems.id, created.id));
      return created.id;
    };
    const six = await item('Seis por caixa', 2, 10, 6, '50.00', sul.id); // 8 missing -> 12
    const twelve = await item('Doze por caixa', 1, 10, 12, '35.50', sul.id); // 9 missing -> 12
    const loose = await item('Avulso', 3, 5, null, '120.00', mar.id); // 2 missing -> 2
    const atPar = await item('No estoque ideal', 4, 4, 6, '10.00', mar.id); // at par -> one case: 6
    await item('Acima do ideal', 9, 4, 6, '10.00', mar.id);
    await item('Sem estoque ideal', 0, 0, null, '10.00', mar.id);
    const noSupplier = await item('Sem fornecedor', 0, 3, null, null, null); // 3, no cost

    const res = await t.call(manager, 'GET', `/api/establishments/${own.id}/cellar/reorder`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      groups: [
        {
          supplier_id: mar.id,
          supplier_name: 'Adega do Mar Ltda.',
          items: [
            expect.objectContaining({
              cellar_item_id: loose,
              quantity: 2,
              case_size: null,
              last_unit_cost: '120.00',
              line_total: '240.00',
            }),
            expect.objectContaining({ cellar_item_id: atPar, quantity: 6, case_size: 6, on_hand: 4, par_level: 4, line_total: '60.00' }),
          ],
          estimated_total: '300.00',
        },
        {
          supplier_id: sul.id,
          supplier_name: 'Vinhos do Sul Ltda.',
          items: [
            expect.objectContaining({ cellar_item_id: twelve, quantity: 12, case_size: 12, last_unit_cost: '35.50', line_total: '426.00' }),
            expect.objectContaining({ cellar_item_id: six, quantity: 12, case_size: 6, last_unit_cost: '50.00', line_total: '600.00' }),
          ],
          estimated_total: '1026.00',
        },
        {
          supplier_id: null,
          supplier_name: null,
          items: [expect.objectContaining({ cellar_item_id: noSupplier, quantity: 3, last_unit_cost: null, line_total: null })],
          estimated_total: '0.00',
        },
      ],
    });
  });
});

describe('GET /api/establishments/{id}/cellar/figures', () => {
  it('computes bottles sold (glasses as fractions), days of cover, idle wines and margins, by hand', async () => {
    const { own, manager } = await createTeam(t.db);
    const menu = await createMenuRow(t.db, own.id);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const ledgerRow = (cellarItemId: string, reason: 'sale' | 'glass_sale' | 'breakage', delta: number, at: Date, bottleDoses?: number) =>
      t.db.insert(cellarMovements).values({
        cellarItemId,
        establishmentId: own.id,
        reason,
        delta,
        doseDelta: reason === 'glass_sale' ? -1 : 0,
        bottleDoses: bottleDoses ?? null,
        onHandAfter: 0,
        openBottleDosesAfter: 0,
        createdAt: at,
      });

    // A: 10 on hand, cost 60; two menus at 150 and 180 (the lowest counts). In the last 30 days: 4 bottles and
    // 5 glasses of a 5-glass bottle (= 1 bottle); a sale 40 days ago and a breakage do not count.
    const a = await newItem(manager, own.id, { name: 'A', on_hand: 10, last_unit_cost: '60.00' });
    await createMenuWineRow(t.db, menu.id, { cellarItemId: a.id, price: 180 });
    await createMenuWineRow(t.db, (await createMenuRow(t.db, own.id)).id, { cellarItemId: a.id, price: 150 });
    await ledgerRow(a.id, 'sale', -3, daysAgo(2));
    await ledgerRow(a.id, 'sale', -1, daysAgo(29));
    for (let i = 0; i < 5; i++) await ledgerRow(a.id, 'glass_sale', i === 0 ? -1 : 0, daysAgo(3), 5);
    await ledgerRow(a.id, 'sale', -6, daysAgo(40));
    await ledgerRow(a.id, 'breakage', -1, daysAgo(1));

    // B: 3 on hand, no sales, no cost; its last movement 70 days ago: idle.
    const b = await newItem(manager, own.id, { name: 'B', on_hand: 3 });
    await t.db
      .update(cellarMovements)
      .set({ createdAt: daysAgo(70) })
      .where(eq(cellarMovements.cellarItemId, b.id));
    // C: 1 glass of a 4-glass bottle sold; no menu link; 0 on hand and 3 glasses open.
    const c = await newItem(manager, own.id, { name: 'C', on_hand: 0 });
    await t.db.update(cellarItems).set({ openBottleDoses: 3 }).where(eq(cellarItems.id, c.id));
    await ledgerRow(c.id, 'glass_sale', -1, daysAgo(10), 4);

    const res = await t.call(manager, 'GET', `/api/establishments/${own.id}/cellar/figures?days=30`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(30);
    expect(body.wines).toEqual([
      // 5 bottles in 30 days: 1/6 a day; 10 bottles last 60 days. Margin 150 - 60 = 90 = 60 %.
      {
        cellar_item_id: a.id,
        name: 'A',
        on_hand: 10,
        bottles_sold: 5,
        days_of_cover: 60,
        menu_price: '150.00',
        last_unit_cost: '60.00',
        margin: '90.00',
        margin_percent: 60,
      },
      // 0.25 bottle in 30 days; stock 3 glasses of 5 (no linked wine says otherwise) = 0.6 bottle: 0.6 / (0.25/30) = 72.
      {
        cellar_item_id: c.id,
        name: 'C',
        on_hand: 0,
        bottles_sold: 0.25,
        days_of_cover: 72,
        menu_price: null,
        last_unit_cost: null,
        margin: null,
        margin_percent: null,
      },
      {
        cellar_item_id: b.id,
        name: 'B',
        on_hand: 3,
        bottles_sold: 0,
        days_of_cover: null,
        menu_price: null,
        last_unit_cost: null,
        margin: null,
        margin_percent: null,
      },
    ]);
    expect(body.idle).toEqual([{ cellar_item_id: b.id, name: 'B', on_hand: 3, last_movement_at: expect.any(String) }]);

    // Over 90 days the sale of 40 days ago counts too: 11 bottles.
    const ninety = await t.call(manager, 'GET', `/api/establishments/${own.id}/cellar/figures?days=90`);
    expect(ninety.json().wines[0]).toMatchObject({ cellar_item_id: a.id, bottles_sold: 11, days_of_cover: 81.8 });
    const bad = await t.call(manager, 'GET', `/api/establishments/${own.id}/cellar/figures?days=45`);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(CELLAR_MESSAGES.days);
  });
});

describe('unused users', () => {
  it('a manager of no establishment sees none', async () => {
    const { own } = await createTeam(t.db);
    const lonely = await createUser(t.db, 'restaurant_manager');
    expect((await t.call(lonely, 'GET', `/api/establishments/${own.id}/cellar`)).statusCode).toBe(404);
  });
});
