import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../../shared/access-policy.js';
import type { OrderStatus } from '../../../shared/orders.js';
import { TIME_ZONE } from '../../../shared/time.js';
import { scopeWhere } from '../../core/scope.js';
import type { Executor } from '../../db/client.js';
import {
  catalogWines,
  establishments,
  orderItems,
  orderStatusHistory,
  orders,
  suppliers,
  userEstablishments,
  users,
} from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderItemValues = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

export interface OrderListRow extends OrderRow {
  establishmentName: string;
  supplierName: string;
  supplierCompanyName: string;
  itemCount: number;
}

export interface OrderFilters {
  status?: OrderStatus | undefined;
  supplierId?: string | undefined;
  establishmentId?: string | undefined;
  /** Calendar days in America/Sao_Paulo, both included ("YYYY-MM-DD"). */
  from?: string | undefined;
  to?: string | undefined;
}

/** Midnight of a São Paulo calendar day, as an instant. */
const dayStart = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${TIME_ZONE})`;

function conditions(scope: Scope, filters: OrderFilters): SQL | undefined {
  return and(
    scopeWhere(scope, { establishmentId: orders.establishmentId, supplierId: orders.supplierId }),
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.supplierId ? eq(orders.supplierId, filters.supplierId) : undefined,
    filters.establishmentId ? eq(orders.establishmentId, filters.establishmentId) : undefined,
    filters.from ? sql`${orders.orderDate} >= ${dayStart(filters.from)}` : undefined,
    filters.to ? sql`${orders.orderDate} < ${dayStart(filters.to, 1)}` : undefined,
  );
}

// Spelled out: a subquery in a select list would otherwise bind unqualified names to its own table.
const itemCount = sql<number>`(select count(*)::int from ${orderItems} i where i.order_id = "orders"."id")`;

const listColumns = {
  ...getTableColumns(orders),
  establishmentName: establishments.name,
  supplierName: suppliers.name,
  supplierCompanyName: suppliers.companyName,
  itemCount,
};

/**
 * Counting every order of a busy marketplace costs more than the page itself and nobody pages that far:
 * past this many matches the total is reported as capped (a lower bound).
 */
export const COUNT_CAP = 10_000;

/** One page of the orders within the scope, newest first, and how many match (capped). */
export async function list(
  db: Executor,
  scope: Scope,
  filters: OrderFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderListRow[]; total: number; capped: boolean }> {
  const where = conditions(scope, filters);
  const cap = Math.max(COUNT_CAP, page.offset + page.limit);
  const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(where)
      .limit(cap + 1)
      .as('matches'),
  );
  const n = count?.n ?? 0;
  if (n === 0 || page.offset >= n) return { rows: [], total: Math.min(n, cap), capped: n > cap };
  const rows = await db
    .select(listColumns)
    .from(orders)
    .innerJoin(establishments, eq(establishments.id, orders.establishmentId))
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .where(where)
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Math.min(n, cap), capped: n > cap };
}

/** One order as the list shows it; an order e-mail says its parties, total and item count from it. */
export async function findById(db: Executor, id: string): Promise<OrderListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(orders)
    .innerJoin(establishments, eq(establishments.id, orders.establishmentId))
    .innerJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/** The order row, locked until the transaction ends: status changes of one order run one after the other. */
export async function lockById(tx: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row;
}

export async function itemsOf(db: Executor, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.wineName), asc(orderItems.id));
}

export async function historyOf(db: Executor, orderId: string) {
  return db
    .select({ status: orderStatusHistory.status, changedAt: orderStatusHistory.changedAt, changedByEmail: users.email })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));
}

/** The catalogue wines with these ids (id and name only). */
export async function winesByIds(db: Executor, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: catalogWines.id, name: catalogWines.name }).from(catalogWines).where(inArray(catalogWines.id, ids));
}

/** The order, its items and its first history entry, in the caller's transaction. */
export async function insert(tx: Executor, values: OrderValues, items: OrderItemValues[], changedBy: string | null): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
  await tx.insert(orderStatusHistory).values({ orderId: row.id, status: row.status, changedBy, changedAt: row.orderDate });
  return row;
}

/** Moves a locked order from `from` to `to` and records who did it; a delivered order gets today's (São Paulo) date. */
export async function moveStatus(tx: Executor, id: string, from: OrderStatus, to: OrderStatus, changedBy: string): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(to === 'delivered' && { deliveryDate: sql`(now() at time zone ${TIME_ZONE})::date` }),
    })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await tx.insert(orderStatusHistory).values({ orderId: id, status: to, changedBy });
  return true;
}

export interface OrderMailRecipient {
  email: string;
  name: string;
}

/**
 * Who gets an order e-mail: wants them and can still sign in (a deactivated or record-only, passwordless, user is
 * sent nothing), leaving out whoever caused the e-mail.
 */
const wantsOrderEmails = (exceptUserId: string) =>
  and(eq(users.orderEmails, true), ne(users.id, exceptUserId), isNull(users.deactivatedAt), isNotNull(users.passwordHash));

const recipientColumns = { email: users.email, name: users.name };

/** The supplier's users who want order e-mails, leaving out whoever caused the e-mail. */
export async function supplierRecipients(db: Executor, supplierId: string, exceptUserId: string): Promise<OrderMailRecipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.supplierId, supplierId), eq(users.role, 'supplier'), wantsOrderEmails(exceptUserId)))
    .orderBy(asc(users.email));
}

/** The establishment's managers who want order e-mails, leaving out whoever caused the e-mail. */
export async function managerRecipients(db: Executor, establishmentId: string, exceptUserId: string): Promise<OrderMailRecipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .innerJoin(userEstablishments, eq(userEstablishments.userId, users.id))
    .where(
      and(eq(userEstablishments.establishmentId, establishmentId), eq(users.role, 'restaurant_manager'), wantsOrderEmails(exceptUserId)),
    )
    .orderBy(asc(users.email));
}
