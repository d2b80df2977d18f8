import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { badTransition } from '../../../shared/orders.js';
import { catalogWines, cellarItems, cellarMovements } from '../../db/schema/index.js';
import { createCatalogWineRow, createSupplierRow, createTeam, createUser, type TestUser } from '../../test-support/factories.js';
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
  const created = await t.call(team.manager, 'POST', '/api/orders', {
    establishment_id: team.own.id,
    supplier_id: supplier.id,
    items: [
      { wine_id: syrah.id, quantity: 6, price: '150,00' },
      { wine_id: brut.id, quantity: 12, price: '89,90' },
      // The same wine on a second line, at another price: one delivery, at the average cost.
      { wine_id: syrah.id, quantity: 3, price: '165,00' },
    ],
  });
  expect(created.statusCode).toBe(201);
  const orderId: string = created.json().id;
  for (const status of ['confirmed', 'shipped']) expect((await patch(supplierUser, orderId, status)).statusCode).toBe(200);
  return { ...team, supplier, supplierUser, syrah, brut, orderId };
}

const itemsOf = (establishmentId: string) =>
  t.db.select().from(cellarItems).where(eq(cellarItems.establishmentId, establishmentId)).orderBy(asc(cellarItems.name));
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
