import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsDashboard } from '../../../shared/analytics.js';
import type { Caller } from '../../core/caller.js';
import { analyticsSupplierDaily, orderItems, orders } from '../../db/schema/index.js';
import { insertOrders } from '../../test-support/analytics-fixtures.js';
import { createEstablishmentRow, createSupplierRow, createUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { createAnalyticsService } from './service.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const caller = (values: Partial<Caller>): Caller => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'x@teste.com.br',
  role: 'admin',
  establishmentIds: [],
  supplierId: null,
  ...values,
});

/** A Monday noon in São Paulo: the 7-day period is 2025-03-04..10, the previous one 2025-02-25..03-03. */
const NOW = new Date('2025-03-10T15:00:00Z');

describe('dashboard figures against hand-computed fixtures (7 days to 2025-03-10, America/Sao_Paulo)', () => {
  const ids = { e1: '', e2: '', a: '', b: '', c: '' };
  const service = () => createAnalyticsService({ db: t.db });

  beforeAll(async () => {
    ids.e1 = (await createEstablishmentRow(t.db)).id;
    ids.e2 = (await createEstablishmentRow(t.db)).id;
    ids.a = (await createSupplierRow(t.db, { companyName: 'Alfa Vinhos Ltda', contractEndDate: '2025-04-09' })).id;
    ids.b = (await createSupplierRow(t.db, { companyName: 'Beta Importadora', contractEndDate: '2025-03-09' })).id;
    ids.c = (await createSupplierRow(t.db, { companyName: 'Gama Vinícola', contractEndDate: '2025-04-10' })).id;
    const { e1, e2, a, b, c } = ids;
    await insertOrders(t.db, [
      // first instant of the period
      { establishmentId: e1, supplierId: a, at: '2025-03-04T00:00:00-03:00', total: '100.10', commission: '10.01' },
      // last instant of the previous period (03:00 UTC on the 4th is still the 3rd in São Paulo)
      { establishmentId: e1, supplierId: a, at: '2025-03-04T02:59:59Z', total: '50.00', commission: '5.00' },
      // last instant of today
      { establishmentId: e2, supplierId: b, at: '2025-03-10T23:59:59-03:00', total: '200.05', commission: '20.01' },
      // cancelled: counts nowhere
      { establishmentId: e1, supplierId: b, at: '2025-03-06T12:00:00-03:00', total: '999.99', commission: '99.99', status: 'cancelled' },
      // tomorrow: outside
      { establishmentId: e2, supplierId: c, at: '2025-03-11T00:00:00-03:00', total: '500.00', commission: '50.00' },
      // pending for 4 days: counted, not late
      { establishmentId: e2, supplierId: a, at: '2025-03-06T10:00:00-03:00', total: '0.20', commission: '0.02', status: 'pending' },
      // first instant of the previous period
      { establishmentId: e1, supplierId: c, at: '2025-02-25T00:00:00-03:00', total: '300.00', commission: '30.00' },
      // before both periods, pending for two weeks: late
      { establishmentId: e1, supplierId: c, at: '2025-02-24T23:59:59-03:00', total: '1000.00', commission: '100.00', status: 'pending' },
      { establishmentId: e1, supplierId: b, at: '2025-03-08T09:00:00-03:00', total: '0.10', commission: '0.01', status: 'shipped' },
    ]);
  });

  const trend = (values: [number, number][]): Pick<AnalyticsDashboard, 'revenue_trend' | 'orders_trend'> => {
    const dates = ['2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10'];
    return {
      revenue_trend: dates.map((date, i) => ({ date, value: values[i]?.[0] ?? 0 })),
      orders_trend: dates.map((date, i) => ({ date, value: values[i]?.[1] ?? 0 })),
    };
  };

  it('the admin sees the whole marketplace: exact sums, empty days as 0, edges on São Paulo days', async () => {
    const d = await service().dashboard(caller({ role: 'admin' }), 7, NOW);
    expect(d).toEqual({
      total_revenue: 300.45,
      total_orders: 4,
      total_commissions: 30.05,
      active_suppliers: 2,
      ...trend([
        [100.1, 1],
        [0, 0],
        [0.2, 1],
        [0, 0],
        [0.1, 1],
        [0, 0],
        [200.05, 1],
      ]),
      top_suppliers: [
        { name: 'Beta Importadora', revenue: 200.15, orders: 2 },
        { name: 'Alfa Vinhos Ltda', revenue: 100.3, orders: 2 },
      ],
      alerts: [
        { priority: 'high', message: '1 pedido pendente há mais de 7 dias, sem confirmação do fornecedor.' },
        { priority: 'medium', message: 'O contrato com Alfa Vinhos Ltda termina em 30 dias (09/04/2025).' },
      ],
      previous: { total_revenue: 350, total_orders: 2, total_commissions: 35, active_suppliers: 2 },
      changes: { total_revenue: -14.2, total_orders: 100, total_commissions: -14.1, active_suppliers: 0 },
      period: { days: 7, start: '2025-03-04', end: '2025-03-10', previous_start: '2025-02-25', previous_end: '2025-03-03' },
    });
  });

  it("a manager and a sommelier see their establishment's purchases, with the revenue drop alert", async () => {
    for (const role of ['restaurant_manager', 'sommelier'] as const) {
      const d = await service().dashboard(caller({ role, establishmentIds: [ids.e1] }), 7, NOW);
      expect(d).toMatchObject({
        total_revenue: 100.2,
        total_orders: 2,
        total_commissions: 10.02,
        active_suppliers: 2,
        ...trend([
          [100.1, 1],
          [0, 0],
          [0, 0],
          [0, 0],
          [0.1, 1],
        ]),
        top_suppliers: [
          { name: 'Alfa Vinhos Ltda', revenue: 100.1, orders: 1 },
          { name: 'Beta Importadora', revenue: 0.1, orders: 1 },
        ],
        alerts: [
          { priority: 'high', message: '1 pedido pendente há mais de 7 dias, sem confirmação do fornecedor.' },
          { priority: 'high', message: 'A receita caiu 71% em relação aos 7 dias anteriores.' },
          { priority: 'medium', message: 'O contrato com Alfa Vinhos Ltda termina em 30 dias (09/04/2025).' },
        ],
        previous: { total_revenue: 350, total_orders: 2, total_commissions: 35, active_suppliers: 2 },
        changes: { total_revenue: -71.4, total_orders: 0, total_commissions: -71.4, active_suppliers: 0 },
      });
    }
  });

  it('a supplier user sees its own sales only; no previous figures gives null changes', async () => {
    const d = await service().dashboard(caller({ role: 'supplier', supplierId: ids.b }), 7, NOW);
    expect(d).toMatchObject({
      total_revenue: 200.15,
      total_orders: 2,
      total_commissions: 20.02,
      active_suppliers: 1,
      ...trend([
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
        [0.1, 1],
        [0, 0],
        [200.05, 1],
      ]),
      top_suppliers: [{ name: 'Beta Importadora', revenue: 200.15, orders: 2 }],
      alerts: [],
      previous: { total_revenue: 0, total_orders: 0, total_commissions: 0, active_suppliers: 0 },
      changes: { total_revenue: null, total_orders: null, total_commissions: null, active_suppliers: null },
    });
  });

  it('a manager without establishments gets an empty dashboard with every day at 0', async () => {
    const d = await service().dashboard(caller({ role: 'restaurant_manager', establishmentIds: [] }), 7, NOW);
    expect(d).toMatchObject({
      total_revenue: 0,
      total_orders: 0,
      active_suppliers: 0,
      ...trend([]),
      top_suppliers: [],
      alerts: [{ priority: 'low', message: 'Nenhum pedido nos últimos 7 dias.' }],
    });
  });

  it('30 days reach back to 2025-02-09, with one point per day', async () => {
    const d = await service().dashboard(caller({ role: 'admin' }), 30, NOW);
    expect(d.period).toEqual({
      days: 30,
      start: '2025-02-09',
      end: '2025-03-10',
      previous_start: '2025-01-10',
      previous_end: '2025-02-08',
    });
    expect(d.revenue_trend).toHaveLength(30);
    expect(d.revenue_trend[0]).toEqual({ date: '2025-02-09', value: 0 });
    // 100.10 + 50.00 + 200.05 + 0.20 + 300.00 + 1000.00 + 0.10: the pending order of the 24th is in now.
    expect(d).toMatchObject({ total_revenue: 1650.45, total_orders: 7, total_commissions: 165.05, active_suppliers: 3 });
    expect(d.revenue_trend.find((p) => p.date === '2025-02-24')).toEqual({ date: '2025-02-24', value: 1000 });
  });
});

describe('the daily summary follows order writes (trigger)', () => {
  /** The summary as the trigger keeps it, and as a rebuild from the orders gives it. */
  const summaries = async () => {
    const kept = await t.db.select().from(analyticsSupplierDaily).orderBy(analyticsSupplierDaily.day, analyticsSupplierDaily.supplierId);
    const rebuilt = await t.db.execute(sql`
      select (order_date at time zone 'America/Sao_Paulo')::date::text as day, supplier_id, count(*)::int as orders,
        sum(total_amount)::text as revenue, sum(commission_amount)::text as commissions
      from orders where status <> 'cancelled' group by 1, 2 order by 1, 2`);
    return { kept: kept.map((r) => ({ ...r, day: String(r.day) })), rebuilt: (rebuilt as unknown as { rows: unknown[] }).rows };
  };

  it('stays equal to a rebuild from the orders through inserts, cancellations, moves and deletes', async () => {
    const est = await createEstablishmentRow(t.db);
    const s1 = await createSupplierRow(t.db);
    const s2 = await createSupplierRow(t.db);
    const [o1, o2] = await insertOrders(t.db, [
      {
        establishmentId: est.id,
        supplierId: s1.id,
        at: '2024-06-01T12:00:00-03:00',
        total: '10.00',
        commission: '1.00',
        status: 'pending',
      },
      { establishmentId: est.id, supplierId: s1.id, at: '2024-06-01T23:30:00-03:00', total: '5.55', commission: '0.55' },
    ]);
    const ofS1 = () => t.db.select().from(analyticsSupplierDaily).where(eq(analyticsSupplierDaily.supplierId, s1.id));
    expect(await ofS1()).toEqual([{ day: expect.anything(), supplierId: s1.id, orders: 2, revenue: '15.55', commissions: '1.55' }]);
    await t.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, o1!.id));
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, o1!.id));
    expect(await ofS1()).toMatchObject([{ orders: 1, revenue: '5.55', commissions: '0.55' }]);
    await t.db
      .update(orders)
      .set({ supplierId: s2.id, orderDate: new Date('2024-06-02T03:30:00Z') })
      .where(eq(orders.id, o2!.id));
    expect(await ofS1()).toEqual([]);
    let { kept, rebuilt } = await summaries();
    expect(
      kept.map(({ day, supplierId, orders, revenue, commissions }) => ({ day, supplier_id: supplierId, orders, revenue, commissions })),
    ).toEqual(rebuilt);
    await t.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, o1!.id));
    await t.db.delete(orders).where(eq(orders.id, o2!.id));
    ({ kept, rebuilt } = await summaries());
    expect(
      kept.map(({ day, supplierId, orders, revenue, commissions }) => ({ day, supplier_id: supplierId, orders, revenue, commissions })),
    ).toEqual(rebuilt);
    expect(await ofS1()).toMatchObject([{ orders: 1, revenue: '10.00' }]);
  });
});

describe('GET /api/analytics/dashboard', () => {
  const get = (user: { token: string }, query = '') => t.call(user, 'GET', `/api/analytics/dashboard${query}`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

  it('answers the SPEC fields for the last 30 days by default, today included', async () => {
    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'active_suppliers',
        'alerts',
        'changes',
        'orders_trend',
        'period',
        'previous',
        'revenue_trend',
        'top_suppliers',
        'total_commissions',
        'total_orders',
        'total_revenue',
      ].sort(),
    );
    expect(body.revenue_trend).toHaveLength(30);
    expect(body.orders_trend).toHaveLength(30);
    expect(body.period).toMatchObject({ days: 30, end: today });
    expect(body.revenue_trend.at(-1).date).toBe(today);
  });

  it.each([7, 90])('answers %i days with one point per day', async (days) => {
    const res = await get(admin, `?days=${days}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().orders_trend).toHaveLength(days);
  });

  it.each(['15', 'abc', '0', '', '30.0'])('refuses days=%j with 400 and a pt-BR detail', async (days) => {
    const res = await get(admin, `?days=${days}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { days: 'Período inválido: escolha 7, 30 ou 90 dias.' } });
    expect(res.json().detail).toContain('Período inválido: escolha 7, 30 ou 90 dias.');
  });

  it("scopes by role over HTTP: a supplier user sees its supplier's orders of today, a manager its establishment's", async () => {
    const own = await createEstablishmentRow(t.db);
    const other = await createEstablishmentRow(t.db);
    const mine = await createSupplierRow(t.db, { companyName: 'Casa Própria Vinhos' });
    const theirs = await createSupplierRow(t.db, { companyName: 'Outra Importadora' });
    const now = new Date().toISOString();
    await insertOrders(t.db, [
      { establishmentId: own.id, supplierId: mine.id, at: now, total: '12.34', commission: '1.23' },
      { establishmentId: other.id, supplierId: theirs.id, at: now, total: '56.78', commission: '5.67' },
    ]);
    const supplierUser = await createUser(t.db, 'supplier', { supplierId: mine.id });
    const manager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [other.id] });
    const s = (await get(supplierUser, '?days=7')).json();
    expect(s).toMatchObject({ total_revenue: 12.34, total_orders: 1, total_commissions: 1.23, active_suppliers: 1 });
    expect(s.top_suppliers).toEqual([{ name: 'Casa Própria Vinhos', revenue: 12.34, orders: 1 }]);
    expect(s.revenue_trend.at(-1)).toEqual({ date: today, value: 12.34 });
    const m = (await get(manager, '?days=7')).json();
    expect(m).toMatchObject({ total_revenue: 56.78, total_orders: 1, active_suppliers: 1 });
    expect(m.top_suppliers).toEqual([{ name: 'Outra Importadora', revenue: 56.78, orders: 1 }]);
    const a = (await get(admin, '?days=7')).json();
    expect(a.top_suppliers).toEqual(
      expect.arrayContaining([
        { name: 'Casa Própria Vinhos', revenue: 12.34, orders: 1 },
        { name: 'Outra Importadora', revenue: 56.78, orders: 1 },
      ]),
    );
  });

  it("a supplier user's dashboard names its buyers and best-selling wines; nobody else gets them", async () => {
    const bistro = await createEstablishmentRow(t.db, { name: 'Bistrô do Porto' });
    const cantina = await createEstablishmentRow(t.db, { name: 'Cantina Nonna' });
    const stranger = await createEstablishmentRow(t.db, { name: 'Casa Alheia' });
    const mine = await createSupplierRow(t.db, { companyName: 'Vinhos do Sul Ltda' });
    const theirs = await createSupplierRow(t.db, { companyName: 'Concorrente Ltda' });
    const now = new Date().toISOString();
    const long = new Date(Date.now() - 60 * 24 * 3600 * 1000).toISOString();
    const [o1, o2, o3, cancelled, other, old] = await insertOrders(t.db, [
      { establishmentId: bistro.id, supplierId: mine.id, at: now, total: '300.00' },
      { establishmentId: bistro.id, supplierId: mine.id, at: now, total: '100.00' },
      { establishmentId: cantina.id, supplierId: mine.id, at: now, total: '250.00' },
      { establishmentId: cantina.id, supplierId: mine.id, at: now, total: '9999.00', status: 'cancelled' },
      { establishmentId: stranger.id, supplierId: theirs.id, at: now, total: '777.00' },
      { establishmentId: stranger.id, supplierId: mine.id, at: long, total: '50.00' },
    ]);
    const line = (orderId: string | undefined, wineName: string, quantity: number, lineTotal: string) => ({
      orderId: orderId ?? '',
      wineName,
      quantity,
      unitPrice: (Number(lineTotal) / quantity).toFixed(2),
      lineTotal,
    });
    await t.db
      .insert(orderItems)
      .values([
        line(o1?.id, 'Malbec Reserva', 6, '300.00'),
        line(o2?.id, 'Chardonnay', 2, '100.00'),
        line(o3?.id, 'Malbec Reserva', 3, '150.00'),
        line(o3?.id, 'Rosé Provence', 1, '100.00'),
        line(cancelled?.id, 'Chardonnay', 99, '9999.00'),
        line(other?.id, 'Vinho Alheio', 50, '777.00'),
        line(old?.id, 'Rosé Provence', 40, '50.00'),
      ]);
    const supplierUser = await createUser(t.db, 'supplier', { supplierId: mine.id });

    const res = await get(supplierUser, '?days=30');
    expect(res.statusCode).toBe(200);
    expect(res.json().supplier_sales).toEqual({
      active_buyers: 2,
      previous_active_buyers: 0,
      top_buyers: [
        { name: 'Bistrô do Porto', revenue: 400, orders: 2 },
        { name: 'Cantina Nonna', revenue: 250, orders: 1 },
      ],
      top_wines: [
        { name: 'Malbec Reserva', quantity: 9, revenue: 450 },
        { name: 'Chardonnay', quantity: 2, revenue: 100 },
        { name: 'Rosé Provence', quantity: 1, revenue: 100 },
      ],
    });
    // 90 days reach the order of 60 days ago: a third buyer.
    expect((await get(supplierUser, '?days=90')).json().supplier_sales.active_buyers).toBe(3);
    // The admin and a manager see the marketplace or their purchases, never a supplier's buyers.
    expect((await get(admin, '?days=30')).json()).not.toHaveProperty('supplier_sales');
    const manager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [bistro.id] });
    expect((await get(manager, '?days=30')).json()).not.toHaveProperty('supplier_sales');
  });

  it('refuses a supplier user tied to no supplier (403) and a caller without a token (401)', async () => {
    const loose = await createUser(t.db, 'supplier');
    const res = await get(loose);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/dashboard' })).statusCode).toBe(401);
  });
});
