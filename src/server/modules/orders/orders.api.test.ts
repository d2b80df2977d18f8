import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { badTransition, ORDER_MESSAGES, type OrderStatus } from '../../../shared/orders.js';
import { orderItems, orderStatusHistory, orders, suppliers } from '../../db/schema/index.js';
import { createCatalogWineRow, createSupplierRow, createTeam, createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const move = (user: TestUser, id: string, status: string) => t.call(user, 'PATCH', `/api/orders/${id}/status`, { status });

/** A team (two establishments, manager and sommelier of `own`), a supplier with its user, another supplier, two wines. */
async function world(commissionRate = 12.5) {
  const team = await createTeam(t.db);
  const supplier = await createSupplierRow(t.db, { commissionRate });
  const otherSupplier = await createSupplierRow(t.db);
  const supplierUser = await createUser(t.db, 'supplier', { supplierId: supplier.id });
  const otherSupplierUser = await createUser(t.db, 'supplier', { supplierId: otherSupplier.id });
  const wineA = await createCatalogWineRow(t.db, { name: 'Cave Geisse Brut', priceReference: 149.9 });
  const wineB = await createCatalogWineRow(t.db, { name: 'Almaviva 2019', priceReference: 2400 });
  return { ...team, supplier, otherSupplier, supplierUser, otherSupplierUser, wineA, wineB };
}
type World = Awaited<ReturnType<typeof world>>;

/** An order row written directly (for list filters and transitions), with its first history entry. */
async function insertOrder(
  w: World,
  values: Partial<typeof orders.$inferInsert> = {},
): Promise<typeof orders.$inferSelect & { id: string }> {
  const [row] = await t.db
    .insert(orders)
    .values({
      establishmentId: w.own.id,
      supplierId: w.supplier.id,
      totalAmount: '100.00',
      commissionRate: '10.00',
      commissionAmount: '10.00',
      ...values,
    })
    .returning();
  await t.db.insert(orderStatusHistory).values({ orderId: row!.id, status: row!.status });
  return row!;
}

/** POST /api/orders as `user`, for the world's own establishment and its supplier: these items and the rest of the body. */
const postOrder = (w: World, user: TestUser, items: object[], rest: object = {}) =>
  t.call(user, 'POST', '/api/orders', { establishment_id: w.own.id, supplier_id: w.supplier.id, items, ...rest });

async function placeOrder(w: World, user: TestUser = w.manager) {
  const res = await postOrder(
    w,
    user,
    [
      { wine_id: w.wineA.id, quantity: 2, price: '1.250,50' },
      { wine_id: w.wineB.id, quantity: 3, price: 0.1 },
    ],
    { notes: 'Entregar pela manhã.' },
  );
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST /api/orders', () => {
  it('creates a pending order whose totals and commission the server computes, ignoring what the client sends', async () => {
    const w = await world(12.5);
    const res = await postOrder(
      w,
      w.manager,
      [
        { wine_id: w.wineA.id, quantity: 2, price: '1.250,50', line_total: 1 },
        { wine_id: w.wineB.id, quantity: 3, price: 0.1 },
      ],
      {
        notes: '  Entregar pela manhã. ',
        total_amount: 1,
        commission_amount: 999,
        status: 'delivered',
      },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // 2 × 1250.50 + 3 × 0.10 = 2501.30; 12.5% = 312.6625 -> 312.66.
    expect(body).toMatchObject({
      number: body.id.slice(-8).toUpperCase(),
      status: 'pending',
      establishment_id: w.own.id,
      establishment_name: w.own.name,
      supplier_id: w.supplier.id,
      supplier_name: w.supplier.name,
      supplier_company_name: w.supplier.companyName,
      item_count: 2,
      total_amount: '2501.30',
      commission_rate: '12.50',
      commission_amount: '312.66',
      delivery_date: null,
      notes: 'Entregar pela manhã.',
    });
    expect(body.items).toEqual([
      { id: expect.any(String), wine_id: w.wineB.id, wine_name: 'Almaviva 2019', quantity: 3, unit_price: '0.10', line_total: '0.30' },
      {
        id: expect.any(String),
        wine_id: w.wineA.id,
        wine_name: 'Cave Geisse Brut',
        quantity: 2,
        unit_price: '1250.50',
        line_total: '2501.00',
      },
    ]);
    expect(body.history).toEqual([{ status: 'pending', changed_at: expect.any(String), changed_by_email: w.manager.email }]);
    expect(Date.now() - Date.parse(body.order_date)).toBeLessThan(60_000);
    expect(await orderRow(body.id)).toMatchObject({
      status: 'pending',
      totalAmount: '2501.30',
      commissionRate: '12.50',
      commissionAmount: '312.66',
      createdBy: w.manager.id,
    });
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, body.id))).toHaveLength(2);
    expect(await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, body.id))).toHaveLength(1);
  });

  it('freezes the commission rate: a later change of the supplier rate does not rewrite the order', async () => {
    const w = await world(10);
    const order = await placeOrder(w);
    expect(order.commission_amount).toBe('250.13');
    await t.db.update(suppliers).set({ commissionRate: 30 }).where(eq(suppliers.id, w.supplier.id));
    const again = await t.call(w.manager, 'GET', `/api/orders/${order.id}`);
    expect(again.json()).toMatchObject({ commission_rate: '10.00', commission_amount: '250.13', total_amount: '2501.30' });
  });

  it('rounds the commission half up to the cent, exactly, and handles big totals without float drift', async () => {
    const w = await world(12.5);
    const small = await postOrder(w, admin, [{ wine_id: w.wineA.id, quantity: 1, price: '0,04' }]);
    expect(small.json()).toMatchObject({ total_amount: '0.04', commission_amount: '0.01' });
    const big = await postOrder(w, admin, [
      { wine_id: w.wineA.id, quantity: 100_000, price: '9.999.999,99' },
      { wine_id: w.wineB.id, quantity: 7, price: 0.07 },
    ]);
    expect(big.statusCode).toBe(201);
    // 999,999,999,000.00 + 0.49; 12.5% = 124,999,999,875.06125 -> .06
    expect(big.json()).toMatchObject({ total_amount: '999999999000.49', commission_amount: '124999999875.06' });
  });

  it.each([
    [{ items: [] }, 'items', ORDER_MESSAGES.itemsRequired],
    [{ items: undefined }, 'items', ORDER_MESSAGES.itemsRequired],
    [{ establishment_id: '' }, 'establishment_id', ORDER_MESSAGES.establishmentRequired],
    [{ supplier_id: undefined }, 'supplier_id', ORDER_MESSAGES.supplierRequired],
    [{ items: [{ wine_id: '', quantity: 1, price: 1 }] }, 'items.0.wine_id', ORDER_MESSAGES.wineRequired],
    [{ items: [{ wine_id: 'W', quantity: 0, price: 1 }] }, 'items.0.quantity', ORDER_MESSAGES.quantity],
    [{ items: [{ wine_id: 'W', quantity: 1.5, price: 1 }] }, 'items.0.quantity', ORDER_MESSAGES.quantity],
    [{ items: [{ wine_id: 'W', quantity: '0x10', price: 1 }] }, 'items.0.quantity', ORDER_MESSAGES.quantity],
    [{ items: [{ wine_id: 'W', quantity: '1e3', price: 1 }] }, 'items.0.quantity', ORDER_MESSAGES.quantity],
    [{ items: [{ wine_id: 'W', quantity: '0b11', price: 1 }] }, 'items.0.quantity', ORDER_MESSAGES.quantity],
    [{ items: [{ wine_id: 'W', quantity: 'Infinity', price: 1 }] }, 'items.0.quantity', ORDER_MESSAGES.quantity],
    [{ items: [{ wine_id: 'W', quantity: 1, price: '0x10' }] }, 'items.0.price', ORDER_MESSAGES.price],
    [{ items: [{ wine_id: 'W', quantity: 1, price: '1e3' }] }, 'items.0.price', ORDER_MESSAGES.price],
    [{ items: [{ wine_id: 'W', quantity: 1, price: -1 }] }, 'items.0.price', ORDER_MESSAGES.price],
    [{ items: [{ wine_id: 'W', quantity: 1, price: '12,345' }] }, 'items.0.price', ORDER_MESSAGES.price],
    [{ items: [{ wine_id: 'W', quantity: 1, price: '' }] }, 'items.0.price', ORDER_MESSAGES.priceRequired],
  ])('rejects %j with 400 on %s and creates nothing', async (patch, field, message) => {
    const w = await world();
    const items = (patch as { items?: { wine_id: string }[] }).items?.map((i) => ({
      ...i,
      wine_id: i.wine_id === 'W' ? w.wineA.id : i.wine_id,
    }));
    const payload = {
      establishment_id: w.own.id,
      supplier_id: w.supplier.id,
      items: [{ wine_id: w.wineA.id, quantity: 1, price: 1 }],
      ...patch,
      ...('items' in patch && { items }),
    };
    const res = await t.call(w.manager, 'POST', '/api/orders', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await t.db.select().from(orders).where(eq(orders.supplierId, w.supplier.id))).toHaveLength(0);
  });

  it('reads a typed quantity the way it reads a typed price: "12" and "1.000" are numbers', async () => {
    const w = await world();
    const res = await postOrder(w, w.manager, [
      { wine_id: w.wineA.id, quantity: ' 12 ', price: '1,00' },
      { wine_id: w.wineB.id, quantity: '1.000', price: '1,00' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .items.map((i: { quantity: number }) => i.quantity)
        .sort((a: number, b: number) => a - b),
    ).toEqual([12, 1000]);
  });

  it('refuses a total over the limit with a message that names that limit, and stores nothing', async () => {
    const w = await world();
    const line = { quantity: 100_000, price: '9.999.999,99' };
    const res = await postOrder(w, w.manager, [
      { wine_id: w.wineA.id, ...line },
      { wine_id: w.wineB.id, ...line },
    ]);
    expect(res.statusCode).toBe(400);
    const message = 'O total do pedido passa do limite de R$\u00a0999.999.999.999,99. Divida-o em pedidos menores.';
    expect(res.json()).toMatchObject({ detail: message, fields: { items: message } });
    expect(await t.db.select().from(orders).where(eq(orders.supplierId, w.supplier.id))).toHaveLength(0);
  });

  it('answers 400 for an unknown supplier or catalogue wine, and 404 for an establishment outside the scope', async () => {
    const w = await world();
    const base = { establishment_id: w.own.id, supplier_id: w.supplier.id, items: [{ wine_id: w.wineA.id, quantity: 1, price: 1 }] };
    const noSupplier = await t.call(w.manager, 'POST', '/api/orders', { ...base, supplier_id: '00000000-0000-4000-8000-000000000000' });
    expect(noSupplier.statusCode).toBe(400);
    expect(noSupplier.json().fields).toEqual({ supplier_id: ORDER_MESSAGES.supplierNotFound });
    const noWine = await t.call(w.manager, 'POST', '/api/orders', {
      ...base,
      items: [base.items[0], { wine_id: '00000000-0000-4000-8000-000000000000', quantity: 1, price: 1 }],
    });
    expect(noWine.statusCode).toBe(400);
    expect(noWine.json().fields).toEqual({ 'items.1.wine_id': ORDER_MESSAGES.wineNotFound });
    const otherTeam = await t.call(w.manager, 'POST', '/api/orders', { ...base, establishment_id: w.other.id });
    expect(otherTeam.statusCode).toBe(404);
    expect(otherTeam.json()).toMatchObject({ detail: ESTABLISHMENT_NOT_FOUND, fields: { establishment_id: ESTABLISHMENT_NOT_FOUND } });
    expect(await t.db.select().from(orders).where(eq(orders.supplierId, w.supplier.id))).toHaveLength(0);
    // The admin orders for any establishment.
    expect((await t.call(admin, 'POST', '/api/orders', { ...base, establishment_id: w.other.id })).statusCode).toBe(201);
  });

  it('refuses sommeliers and suppliers with 403', async () => {
    const w = await world();
    for (const user of [w.sommelier, w.supplierUser]) {
      const res = await t.call(user, 'POST', '/api/orders', { establishment_id: w.own.id });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Apenas gerentes de restaurante e administradores podem fazer pedidos.');
    }
  });
});

describe('GET /api/orders', () => {
  it('scopes the list: the establishment staff see its orders, a supplier user those addressed to it, the admin all', async () => {
    const w = await world();
    const mine = await insertOrder(w);
    const otherEstablishment = await insertOrder(w, { establishmentId: w.other.id });
    const otherSupplier = await insertOrder(w, { supplierId: w.otherSupplier.id });
    const ids = async (user: TestUser, query = '') =>
      (await t.call(user, 'GET', `/api/orders?limit=100${query}`)).json().map((o: { id: string }) => o.id);
    for (const user of [w.manager, w.sommelier]) expect((await ids(user)).sort()).toEqual([mine.id, otherSupplier.id].sort());
    expect((await ids(w.supplierUser, `&establishment_id=${w.own.id}`)).sort()).toEqual([mine.id]);
    expect(await ids(w.supplierUser)).toContain(otherEstablishment.id);
    expect(await ids(w.supplierUser)).not.toContain(otherSupplier.id);
    expect(await ids(w.otherSupplierUser)).toEqual([otherSupplier.id]);
    expect(await ids(admin, `&supplier_id=${w.supplier.id}`)).toEqual(expect.arrayContaining([mine.id, otherEstablishment.id]));
  });

  it('filters by status, supplier, establishment and São Paulo calendar days, newest first, paginated with X-Total-Count', async () => {
    const w = await world();
    const at = (iso: string, status: OrderStatus = 'pending') => insertOrder(w, { orderDate: new Date(iso), status });
    // 2026-03-01 in São Paulo (UTC-3) runs from 03:00Z on March 1st to 03:00Z on March 2nd.
    const lateFeb = await at('2026-03-01T02:59:59Z');
    const firstMar = await at('2026-03-01T03:00:00Z', 'confirmed');
    const lastMar1 = await at('2026-03-02T02:59:59Z', 'cancelled');
    const secondMar = await at('2026-03-02T03:00:00Z', 'delivered');
    const q = `supplier_id=${w.supplier.id}&establishment_id=${w.own.id}`;
    const list = async (extra: string) => {
      const res = await t.call(w.manager, 'GET', `/api/orders?${q}&${extra}`);
      expect(res.statusCode).toBe(200);
      return { ids: res.json().map((o: { id: string }) => o.id), total: res.headers['x-total-count'] };
    };
    expect(await list('from=2026-03-01&to=2026-03-01')).toEqual({ ids: [lastMar1.id, firstMar.id], total: '2' });
    expect(await list('to=2026-02-28')).toEqual({ ids: [lateFeb.id], total: '1' });
    expect(await list('from=2026-03-02')).toEqual({ ids: [secondMar.id], total: '1' });
    expect(await list('status=cancelled')).toEqual({ ids: [lastMar1.id], total: '1' });
    expect(await list('limit=3')).toEqual({ ids: [secondMar.id, lastMar1.id, firstMar.id], total: '4' });
    expect(await list('limit=3&page=2')).toEqual({ ids: [lateFeb.id], total: '4' });
    const first = (await t.call(w.manager, 'GET', `/api/orders?${q}&limit=1`)).json()[0];
    expect(first).toMatchObject({ id: secondMar.id, number: secondMar.id.slice(-8).toUpperCase(), item_count: 0, status: 'delivered' });
    // The list names the supplier by its company, the contact beside it.
    expect(first).toMatchObject({ supplier_name: w.supplier.name, supplier_company_name: w.supplier.companyName });
    for (const bad of ['status=lost', 'from=2026-02-30', 'from=2026-03-02&to=2026-03-01', 'supplier_id=x', 'page=0']) {
      expect((await t.call(w.manager, 'GET', `/api/orders?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/orders/:id', () => {
  it("answers 404 for orders outside the caller's scope and for a missing id", async () => {
    const w = await world();
    const order = await placeOrder(w);
    for (const user of [admin, w.manager, w.sommelier, w.supplierUser]) {
      expect((await t.call(user, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(200);
    }
    const stranger = await createUser(t.db, 'restaurant_manager', { establishmentIds: [w.other.id] });
    for (const user of [stranger, w.otherSupplierUser]) {
      const res = await t.call(user, 'GET', `/api/orders/${order.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(ORDER_MESSAGES.notFound);
    }
    expect((await t.call(admin, 'GET', '/api/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('PATCH /api/orders/:id/status', () => {
  it('runs the whole life: the supplier confirms and ships, the manager marks it delivered; each step in the history', async () => {
    const w = await world();
    const order = await placeOrder(w);
    expect((await move(w.supplierUser, order.id, 'confirmed')).json().status).toBe('confirmed');
    expect((await move(w.supplierUser, order.id, 'shipped')).json().status).toBe('shipped');
    const delivered = await move(w.manager, order.id, 'delivered');
    expect(delivered.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(delivered.json()).toMatchObject({ status: 'delivered', delivery_date: today });
    expect(delivered.json().history.map((h: { status: string; changed_by_email: string }) => [h.status, h.changed_by_email])).toEqual([
      ['pending', w.manager.email],
      ['confirmed', w.supplierUser.email],
      ['shipped', w.supplierUser.email],
      ['delivered', w.manager.email],
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'delivered', deliveryDate: today });
    expect(await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id))).toHaveLength(4);
  });

  it('answers 409 with a pt-BR detail for every transition the rules do not have, changing nothing', async () => {
    const w = await world();
    const cases: [OrderStatus, OrderStatus][] = [
      ['pending', 'shipped'],
      ['pending', 'delivered'],
      ['pending', 'pending'],
      ['confirmed', 'confirmed'],
      ['confirmed', 'delivered'],
      ['shipped', 'cancelled'],
      ['shipped', 'confirmed'],
      ['delivered', 'cancelled'],
      ['delivered', 'shipped'],
      ['cancelled', 'confirmed'],
      ['cancelled', 'pending'],
    ];
    for (const [from, to] of cases) {
      const order = await insertOrder(w, { status: from });
      const res = await move(admin, order.id, to);
      expect(res.statusCode, `${from} -> ${to}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', detail: badTransition(from, to) });
      expect((await orderRow(order.id))?.status).toBe(from);
    }
    expect(badTransition('delivered', 'cancelled')).toBe('Não é possível mudar o pedido de “Entregue” para “Cancelado”.');
  });

  it('lets each side take only its steps (403 otherwise); cancelling is for the manager and the supplier while allowed', async () => {
    const w = await world();
    const pending = await insertOrder(w);
    for (const [user, status, detail] of [
      [w.manager, 'confirmed', 'Apenas o fornecedor do pedido pode confirmá-lo.'],
      [w.sommelier, 'confirmed', 'Apenas o fornecedor do pedido pode confirmá-lo.'],
      [w.supplierUser, 'delivered', 'Apenas o estabelecimento que fez o pedido pode marcá-lo como entregue.'],
      [w.sommelier, 'cancelled', 'Apenas o gerente do estabelecimento ou o fornecedor do pedido podem cancelá-lo.'],
    ] as const) {
      const res = await move(user, pending.id, status);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(detail);
    }
    expect((await orderRow(pending.id))?.status).toBe('pending');
    expect((await move(w.manager, pending.id, 'cancelled')).statusCode).toBe(200);
    const confirmed = await insertOrder(w, { status: 'confirmed' });
    expect((await move(w.supplierUser, confirmed.id, 'cancelled')).statusCode).toBe(200);
    const shipped = await insertOrder(w, { status: 'shipped' });
    expect((await move(w.sommelier, shipped.id, 'delivered')).json()).toMatchObject({ status: 'delivered' });
    const forAdmin = await insertOrder(w);
    for (const status of ['confirmed', 'shipped', 'delivered']) expect((await move(admin, forAdmin.id, status)).statusCode).toBe(200);
  });

  it("answers 404 for others' orders (before saying anything about the step) and 400 for an unknown status", async () => {
    const w = await world();
    const order = await insertOrder(w);
    const stranger = await createUser(t.db, 'restaurant_manager', { establishmentIds: [w.other.id] });
    for (const [user, status] of [
      [w.otherSupplierUser, 'confirmed'],
      [stranger, 'cancelled'],
      [stranger, 'shipped'],
    ] as const) {
      const res = await move(user, order.id, status);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(ORDER_MESSAGES.notFound);
    }
    const bad = await move(admin, order.id, 'lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBeDefined();
    expect((await orderRow(order.id))?.status).toBe('pending');
  });

  it('lets only one of two concurrent changes from the same status through', async () => {
    const w = await world();
    const order = await insertOrder(w);
    // Both read "pending"; only one may write "confirmed": the other sees the change and gets 409.
    const results = await Promise.all([move(w.supplierUser, order.id, 'confirmed'), move(admin, order.id, 'confirmed')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.status).sort()).toEqual(['confirmed', 'pending']);
    expect((await orderRow(order.id))?.status).toBe('confirmed');
  });
});
