import { and, count, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../shared/access-policy.js';
import { TIME_ZONE } from '../../../shared/time.js';
import { scopeWhere } from '../../core/scope.js';
import type { Executor } from '../../db/client.js';
import { analyticsSupplierDaily, establishments, orderItems, orders, suppliers } from '../../db/schema/index.js';

const TZ = sql.raw(`'${TIME_ZONE}'`);
type ReadScope = Exclude<Scope, { kind: 'none' }>;

const rowsOf = async <Row>(db: Executor, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
/** Money leaves SQL as whole cents (exact), never as a float: numeric * 100 cast to bigint, read as text. */
const cents = (expr: SQL) => sql`(${expr} * 100)::bigint::text`;

/**
 * The non-cancelled orders of the scope between two calendar days, per (day, supplier): from the daily summary
 * (kept by a trigger, decision 0015) for the whole marketplace or one supplier; an establishment's orders straight
 * from `orders` through its (establishment_id, order_date) index, since the summary has no establishment.
 */
function perDaySupplier(scope: ReadScope, from: string, to: string): SQL {
  if (scope.kind === 'establishments') {
    const ids =
      scope.ids.length > 0
        ? sql.join(
            scope.ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )
        : sql`null`;
    return sql`
      select (o.order_date at time zone ${TZ})::date as day, o.supplier_id, count(*)::int as orders,
        sum(o.total_amount) as revenue, sum(o.commission_amount) as commissions
      from ${orders} o
      where o.establishment_id in (${ids}) and o.status <> 'cancelled'
        and o.order_date >= (${from}::date)::timestamp at time zone ${TZ}
        and o.order_date < (${to}::date + 1)::timestamp at time zone ${TZ}
      group by 1, 2`;
  }
  const supplier = scope.kind === 'supplier' ? sql` and supplier_id = ${scope.id}::uuid` : sql``;
  return sql`
    select day, supplier_id, orders, revenue, commissions from ${analyticsSupplierDaily}
    where day between ${from}::date and ${to}::date and orders > 0${supplier}`;
}

export interface DayFigures {
  day: string;
  orders: number;
  revenueCents: number;
  commissionCents: number;
}

/** Per calendar day with orders, from `from` to `to`. */
export async function figuresPerDay(db: Executor, scope: ReadScope, from: string, to: string): Promise<DayFigures[]> {
  const rows = await rowsOf<{ day: string; orders: number; revenue: string; commissions: string }>(
    db,
    sql`with src as (${perDaySupplier(scope, from, to)})
      select day::text as day, sum(orders)::int as orders, ${cents(sql`sum(revenue)`)} as revenue, ${cents(sql`sum(commissions)`)} as commissions
      from src group by day`,
  );
  return rows.map((r) => ({
    day: r.day,
    orders: Number(r.orders),
    revenueCents: Number(r.revenue),
    commissionCents: Number(r.commissions),
  }));
}

/** Suppliers with at least one non-cancelled order, in [previousStart, start) and in [start, to]. */
export async function activeSuppliers(db: Executor, scope: ReadScope, previousStart: string, start: string, to: string) {
  const [row] = await rowsOf<{ current: number; previous: number }>(
    db,
    sql`with src as (${perDaySupplier(scope, previousStart, to)})
      select count(distinct supplier_id) filter (where day >= ${start}::date)::int as current,
        count(distinct supplier_id) filter (where day < ${start}::date)::int as previous
      from src`,
  );
  return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}

export interface SupplierFigures {
  name: string;
  orders: number;
  revenueCents: number;
}

/** The `limit` suppliers with most revenue from `from` to `to` (ties by name), named by company name. */
export async function topSuppliers(db: Executor, scope: ReadScope, from: string, to: string, limit: number): Promise<SupplierFigures[]> {
  const rows = await rowsOf<{ name: string; orders: number; revenue: string }>(
    db,
    sql`with src as (${perDaySupplier(scope, from, to)}),
      per_supplier as (select supplier_id, sum(revenue) as revenue, sum(orders)::int as orders from src group by supplier_id)
      select s.company_name as name, p.orders, ${cents(sql`p.revenue`)} as revenue
      from per_supplier p join ${suppliers} s on s.id = p.supplier_id
      order by p.revenue desc, s.company_name, s.id
      limit ${limit}`,
  );
  return rows.map((r) => ({ name: r.name, orders: Number(r.orders), revenueCents: Number(r.revenue) }));
}

/** Orders of the scope still pending, dated before `before` (the partial index orders_pending_date_idx). */
export async function countPendingBefore(db: Executor, scope: ReadScope, before: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lt(orders.orderDate, before),
        scopeWhere(scope, { establishmentId: orders.establishmentId, supplierId: orders.supplierId }),
      ),
    );
  return Number(row?.n ?? 0);
}

export interface EndingContract {
  name: string;
  endDate: string;
}

/**
 * Supplier contracts ending between two days: the admin's every supplier, a supplier user's own, and for an
 * establishment the suppliers it bought from since `activeSince`.
 */
export async function contractsEnding(
  db: Executor,
  scope: ReadScope,
  from: string,
  to: string,
  activeSince: string,
  limit: number,
): Promise<EndingContract[]> {
  const whose =
    scope.kind === 'all'
      ? sql``
      : scope.kind === 'supplier'
        ? sql` and s.id = ${scope.id}::uuid`
        : sql` and s.id in (select supplier_id from (${perDaySupplier(scope, activeSince, to)}) src)`;
  const rows = await rowsOf<{ name: string; end_date: string }>(
    db,
    sql`select s.company_name as name, s.contract_end_date::text as end_date from ${suppliers} s
      where s.contract_end_date between ${from}::date and ${to}::date${whose}
      order by s.contract_end_date, s.company_name
      limit ${limit}`,
  );
  return rows.map((r) => ({ name: r.name, endDate: r.end_date }));
}

/** One supplier's non-cancelled orders between two São Paulo calendar days (the supplier's order-date index). */
const supplierOrders = (supplierId: string, from: string, to: string) => sql`
  o.supplier_id = ${supplierId}::uuid and o.status <> 'cancelled'
  and o.order_date >= (${from}::date)::timestamp at time zone ${TZ}
  and o.order_date < (${to}::date + 1)::timestamp at time zone ${TZ}`;

/** Establishments that bought from the supplier in [previousStart, start) and in [start, to]. */
export async function activeBuyers(db: Executor, supplierId: string, previousStart: string, start: string, to: string) {
  const [row] = await rowsOf<{ current: number; previous: number }>(
    db,
    sql`select
        count(distinct o.establishment_id) filter (where o.order_date >= (${start}::date)::timestamp at time zone ${TZ})::int as current,
        count(distinct o.establishment_id) filter (where o.order_date < (${start}::date)::timestamp at time zone ${TZ})::int as previous
      from ${orders} o where ${supplierOrders(supplierId, previousStart, to)}`,
  );
  return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}

/** The `limit` establishments that spent most with the supplier from `from` to `to` (ties by name). */
export async function topBuyers(db: Executor, supplierId: string, from: string, to: string, limit: number): Promise<SupplierFigures[]> {
  const rows = await rowsOf<{ name: string; orders: number; revenue: string }>(
    db,
    sql`select e.name, count(*)::int as orders, ${cents(sql`sum(o.total_amount)`)} as revenue
      from ${orders} o join ${establishments} e on e.id = o.establishment_id
      where ${supplierOrders(supplierId, from, to)}
      group by e.id, e.name
      order by sum(o.total_amount) desc, e.name, e.id
      limit ${limit}`,
  );
  return rows.map((r) => ({ name: r.name, orders: Number(r.orders), revenueCents: Number(r.revenue) }));
}

export interface WineFigures {
  name: string;
  quantity: number;
  revenueCents: number;
}

/** The supplier's `limit` wines sold in most bottles from `from` to `to`, by the name on the order line. */
export async function topWines(db: Executor, supplierId: string, from: string, to: string, limit: number): Promise<WineFigures[]> {
  const rows = await rowsOf<{ name: string; quantity: number; revenue: string }>(
    db,
    sql`select i.wine_name as name, sum(i.quantity)::int as quantity, ${cents(sql`sum(i.line_total)`)} as revenue
      from ${orderItems} i join ${orders} o on o.id = i.order_id
      where ${supplierOrders(supplierId, from, to)}
      group by i.wine_name
      order by sum(i.quantity) desc, sum(i.line_total) desc, i.wine_name
      limit ${limit}`,
  );
  return rows.map((r) => ({ name: r.name, quantity: Number(r.quantity), revenueCents: Number(r.revenue) }));
}
