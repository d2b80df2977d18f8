import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cellarCeilingMessage, MAX_CELLAR_COUNT } from '../../../shared/cellar.js';
import { badTransition } from '../../../shared/orders.js';
import { catalogWines, cellarItems, cellarMovements, menuWines, orders } from '../../db/schema/index.js';
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

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const invalidate = invalidationSpyPerFile(t);

const patch = (user: TestUser, id: string, status: string) => t.call(user, 'PATCH', `/api/orders/${id}/status`, { status });

/** An establishment's team, a supplier with its user, two catalogue wines and a shipped order of 6 + 2×3 and 12. */
async function shippedOrder() {
  const team = await createTeam(t.db);
  const supplier = await createSupplierRow(t.db, { companyName: 'Vinhos do Sul Ltda.' });
  const supplierUser = await createUser(t.db, 'supplier', { supplierId: supplier.id });
  const syrah = await createCatalogWineRow(t.db, { name: 'Guaspari Syrah', producer: 'Guaspari', vintage: 2019 });
  const brut = await createCatalogWineRow(t.db, { name: 'Cave Geisse Brut' });
  const world = { ...team, supplier, supplierUser, syrah, brut };
  const orderId = await shipOrder(world, [
    { wine_id: syrah.id, quantity: 6, price: '150,00' },
    { wine_id: brut.id, quantity: 12, price: '89,90' },
    // The same wine on a second line, at another price: one delivery, at the average cost.
    { wine_id: syrah.id, quantity: 3, price: '165,00' },
  ]);
  return { ...world, orderId };
}

type World = Pick<Awaited<ReturnType<typeof createTeam>>, 'own' | 'manager'> & { supplier: { id: string }; supplierUser: TestUser };

/** An order of these lines by the team's manager, confirmed and shipped by the supplier: its id. */
async function shipOrder(w: World, items: { wine_id: string; quantity: number; price: string }[]): Promise<string> {
  const created = await t.call(w.manager, 'POST', '/api/orders', { establishment_id: w.own.id, supplier_id: w.supplier.id, items });
  expect(created.statusCode).toBe(201);
  const orderId: string = created.json().id;
  for (const status of ['confirmed', 'shipped']) expect((await patch(w.supplierUser, orderId, status)).statusCode).toBe(200);
  return orderId;
}

const itemsOf = (establishmentId: string) =>
  t.db.select().from(cellarItems).where(eq(cellarItems.establishmentId, establishmentId)).orderBy(asc(cellarItems.name));
const statusOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
const deliveriesOf = (orderId: string) =>
  t.db
    .select()
    .from(cellarMovements)
    .where(and(eq(cellarMovements.orderId, orderId), eq(cellarMovements.reason, 'delivery')));

describe('an order marked delivered fills the cellar', () => {
  it('creates the missing items with the order price as last cost and the supplier as last supplier, one delivery row each', async () => {
    const w = await shippedOrder();
    invalidate.mockClear();
    const res = await patch(w.sommelier, w.orderId, 'delivered');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('delivered');
    expect(invalidate).toHaveBeenCalledWith(w.own.id);

    const items = await itemsOf(w.own.id);
    expect(items.map((i) => [i.name, i.catalogWineId, i.onHand, i.lastUnitCost, i.lastSupplierId, i.producer, i.vintage])).toEqual([
      ['Cave Geisse Brut', w.brut.id, 12, '89.90', w.supplier.id, null, null],
      // (6 × 150 + 3 × 165) / 9 = 155.00
      ['Guaspari Syrah', w.syrah.id, 9, '155.00', w.supplier.id, 'Guaspari', 2019],
    ]);
    const rows = await deliveriesOf(w.orderId);
    expect(rows.map((r) => [r.delta, r.onHandAfter, r.userId]).sort()).toEqual([
      [12, 12, w.sommelier.id],
      [9, 9, w.sommelier.id],
    ]);
    const cellar = await t.call(w.manager, 'GET', `/api/establishments/${w.own.id}/cellar`);
    expect(cellar.json()[0]).toMatchObject({ name: 'Cave Geisse Brut', on_hand: 12, last_supplier_name: 'Vinhos do Sul Ltda.' });
  });

  it('adds to an existing item of that catalogue wine, keeping its par and case, and updating cost and supplier', async () => {
    const w = await shippedOrder();
    const [existing] = await t.db
      .insert(cellarItems)
      .values({ establishmentId: w.own.id, catalogWineId: w.syrah.id, name: 'Syrah da casa', onHand: 2, parLevel: 12, caseSize: 6 })
      .returning();
    expect((await patch(w.manager, w.orderId, 'delivered')).statusCode).toBe(200);
    const [after] = await t.db.select().from(cellarItems).where(eq(cellarItems.id, existing!.id));
    expect(after).toMatchObject({ name: 'Syrah da casa', onHand: 11, parLevel: 12, caseSize: 6, lastUnitCost: '155.00' });
    expect(after?.lastSupplierId).toBe(w.supplier.id);
    expect((await itemsOf(w.own.id)).length).toBe(2);
  });

  it('exactly once when the call is retried: the second answers 409 and adds nothing', async () => {
    const w = await shippedOrder();
    expect((await patch(w.manager, w.orderId, 'delivered')).statusCode).toBe(200);
    const again = await patch(w.manager, w.orderId, 'delivered');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(badTransition('delivered', 'delivered'));
    expect((await itemsOf(w.own.id)).map((i) => i.onHand)).toEqual([12, 9]);
    expect(await deliveriesOf(w.orderId)).toHaveLength(2);
  });

  it('exactly once when sent twice at the same time (and by two people): one 200, one 409', async () => {
    const w = await shippedOrder();
    const results = await Promise.all([patch(w.manager, w.orderId, 'delivered'), patch(w.sommelier, w.orderId, 'delivered')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await itemsOf(w.own.id)).map((i) => i.onHand)).toEqual([12, 9]);
    expect(await deliveriesOf(w.orderId)).toHaveLength(2);
  });

  it('two orders of the same new wine delivered at once make one item holding both', async () => {
    const w = await shippedOrder();
    const second = await t.call(w.manager, 'POST', '/api/orders', {
      establishment_id: w.own.id,
      supplier_id: w.supplier.id,
      items: [{ wine_id: w.brut.id, quantity: 6, price: '80' }],
    });
    const secondId: string = second.json().id;
    for (const status of ['confirmed', 'shipped']) await patch(w.supplierUser, secondId, status);
    const results = await Promise.all([patch(w.manager, w.orderId, 'delivered'), patch(w.manager, secondId, 'delivered')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const brut = (await itemsOf(w.own.id)).filter((i) => i.catalogWineId === w.brut.id);
    expect(brut.map((i) => i.onHand)).toEqual([18]);
  });

  it('nothing enters the cellar for other moves, and a refused delivery (supplier, 403) adds nothing', async () => {
    const w = await shippedOrder();
    const refused = await patch(w.supplierUser, w.orderId, 'delivered');
    expect(refused.statusCode).toBe(403);
    expect(await itemsOf(w.own.id)).toEqual([]);
    expect(await itemsOf(w.other.id)).toEqual([]);
  });

  it('a line whose catalogue wine was deleted goes to an unlinked item of the same name', async () => {
    const w = await shippedOrder();
    await t.db.insert(cellarItems).values({ establishmentId: w.own.id, name: 'cave geisse brut ', onHand: 1 }).returning();
    await t.db.delete(catalogWines).where(eq(catalogWines.id, w.brut.id));
    expect((await patch(admin, w.orderId, 'delivered')).statusCode).toBe(200);
    const items = await itemsOf(w.own.id);
    expect(items.map((i) => [i.name, i.catalogWineId, i.onHand]).sort((a, b) => Number(a[2]) - Number(b[2]))).toEqual([
      ['Guaspari Syrah', w.syrah.id, 9],
      ['cave geisse brut ', null, 13],
    ]);
  });
});

describe('a wine new to the cellar, delivered', () => {
  it('gets the bottles ordered as its par level and the house menu wines of that catalogue wine draw from it', async () => {
    const w = await shippedOrder();
    const menu = await createMenuRow(t.db, w.own.id);
    const otherMenu = await createMenuRow(t.db, w.other.id);
    const wine = { name: 'guaspari syrah ', producer: 'GUASPARI', vintage: 2019 };
    const [same, otherVintage, noProducer, elsewhere] = await Promise.all([
      createMenuWineRow(t.db, menu.id, wine),
      createMenuWineRow(t.db, menu.id, { ...wine, vintage: 2018 }),
      createMenuWineRow(t.db, menu.id, { ...wine, producer: null }),
      createMenuWineRow(t.db, otherMenu.id, wine),
    ]);
    // A wine already drawing from another item keeps it: the delivery does not take links away.
    const [kept] = await t.db.insert(cellarItems).values({ establishmentId: w.own.id, name: 'Syrah avulso', onHand: 1 }).returning();
    const alreadyLinked = await createMenuWineRow(t.db, menu.id, { ...wine, cellarItemId: kept!.id });
    // A menu wine of the brut, the catalogue wine with no producer nor vintage.
    const brutOnMenu = await createMenuWineRow(t.db, menu.id, { name: 'Cave Geisse Brut', producer: null, vintage: null });

    expect((await patch(w.manager, w.orderId, 'delivered')).statusCode).toBe(200);

    const items = (await itemsOf(w.own.id)).filter((i) => i.catalogWineId !== null);
    expect(items.map((i) => [i.name, i.onHand, i.parLevel])).toEqual([
      ['Cave Geisse Brut', 12, 12],
      ['Guaspari Syrah', 9, 9],
    ]);
    const syrahItem = items.find((i) => i.catalogWineId === w.syrah.id)!.id;
    const brutItem = items.find((i) => i.catalogWineId === w.brut.id)!.id;
    const links = new Map(
      (await t.db.select({ id: menuWines.id, item: menuWines.cellarItemId }).from(menuWines)).map((r) => [r.id, r.item]),
    );
    expect([same, otherVintage, noProducer, elsewhere, alreadyLinked, brutOnMenu].map((mw) => links.get(mw.id))).toEqual([
      syrahItem,
      null,
      null,
      null,
      kept!.id,
      brutItem,
    ]);
    const cellar = await t.call(w.manager, 'GET', `/api/establishments/${w.own.id}/cellar`);
    expect(cellar.json().find((i: { id: string }) => i.id === syrahItem)).toMatchObject({
      par_level: 9,
      status: 'low',
      menu_wines: [expect.objectContaining({ id: same.id, menu_id: menu.id })],
    });
  });

  it('already in the cellar: adds to its item, whose par and menu links stay as they were', async () => {
    const w = await shippedOrder();
    const menu = await createMenuRow(t.db, w.own.id);
    const unlinked = await createMenuWineRow(t.db, menu.id, { name: 'Guaspari Syrah', producer: 'Guaspari', vintage: 2019 });
    const [existing] = await t.db
      .insert(cellarItems)
      .values({ establishmentId: w.own.id, catalogWineId: w.syrah.id, name: 'Syrah da casa', onHand: 2, parLevel: 0 })
      .returning();
    expect((await patch(w.manager, w.orderId, 'delivered')).statusCode).toBe(200);
    expect(await t.db.select().from(cellarItems).where(eq(cellarItems.id, existing!.id))).toEqual([
      expect.objectContaining({ onHand: 11, parLevel: 0 }),
    ]);
    const [row] = await t.db.select().from(menuWines).where(eq(menuWines.id, unlinked.id));
    expect(row?.cellarItemId).toBeNull();
  });
});

describe('the cellar ceiling on deliveries', () => {
  it(`three deliveries of ${MAX_CELLAR_COUNT} bottles: the second and third are refused with 400 naming the wine, and stay shipped`, async () => {
    const w = await shippedOrder();
    const big = () => shipOrder(w, [{ wine_id: w.brut.id, quantity: MAX_CELLAR_COUNT, price: '0,01' }]);
    const [first, second, third] = [await big(), await big(), await big()];
    expect((await patch(w.manager, first, 'delivered')).statusCode).toBe(200);
    for (const orderId of [second, third]) {
      const res = await patch(w.manager, orderId, 'delivered');
      expect(res.statusCode).toBe(400);
      const detail = cellarCeilingMessage('Cave Geisse Brut', MAX_CELLAR_COUNT, MAX_CELLAR_COUNT);
      expect(res.json()).toMatchObject({ detail, fields: { status: detail } });
      expect(detail).toBe(
        'Cave Geisse Brut tem 100.000 garrafas: com mais 100.000 passaria do máximo de 100.000 garrafas por vinho na adega. ' +
          'Confira a quantidade.',
      );
      expect(await statusOf(orderId)).toBe('shipped');
      expect(await deliveriesOf(orderId)).toEqual([]);
    }
    expect((await itemsOf(w.own.id)).map((i) => [i.name, i.onHand])).toEqual([['Cave Geisse Brut', MAX_CELLAR_COUNT]]);
  });

  it('a wine over the ceiling refuses the whole delivery: the other wines it brought are not added either', async () => {
    const w = await shippedOrder();
    // The brut (new, first by name) would be created; the syrah (+9) would pass the ceiling.
    await t.db.insert(cellarItems).values({ establishmentId: w.own.id, catalogWineId: w.syrah.id, name: 'Syrah', onHand: 99_992 });
    const res = await patch(w.manager, w.orderId, 'delivered');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(cellarCeilingMessage('Syrah', 99_992, 9));
    expect(await statusOf(w.orderId)).toBe('shipped');
    expect((await itemsOf(w.own.id)).map((i) => [i.name, i.onHand])).toEqual([['Syrah', 99_992]]);
    expect(await deliveriesOf(w.orderId)).toEqual([]);
    // Exactly at the ceiling is fine.
    await t.db.update(cellarItems).set({ onHand: 99_991 }).where(eq(cellarItems.catalogWineId, w.syrah.id));
    expect((await patch(w.manager, w.orderId, 'delivered')).statusCode).toBe(200);
    expect((await itemsOf(w.own.id)).map((i) => [i.name, i.onHand])).toEqual([
      ['Cave Geisse Brut', 12],
      ['Syrah', MAX_CELLAR_COUNT],
    ]);
  });
});
