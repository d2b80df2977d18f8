import { deniedDetail, scopeCovers, scopeFor } from '../../../shared/access-policy.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { centsToDecimal, toCents } from '../../../shared/money.js';
import {
  badTransition,
  isOrderMove,
  ORDER_MAX_TOTAL_CENTS,
  ORDER_MESSAGES,
  ORDER_STATUS_ACTION,
  ORDER_TOTAL_TOO_HIGH,
  ORDER_TRANSITIONS,
  ORDERS_DEFAULT_LIMIT,
  type Order,
  type OrderCreate,
  type OrderDetail,
  type OrderListQuery,
  type OrderStatus,
  orderItemSchema,
  orderSchema,
  orderTotals,
} from '../../../shared/orders.js';
import { AppError, appError, badRequest, conflict, forbidden, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { toDto } from '../../db/row-mapping.js';
import { recordWrite } from '../audit/index.js';
import { fillCellarFromDelivery } from '../cellar/index.js';
import { findVisibleEstablishment, type OnPublicChange } from '../establishments/index.js';
import type { Mailer } from '../mail/index.js';
import { findSupplierById } from '../suppliers/index.js';
import type { WebhookOutbox } from '../webhooks/index.js';
import { type OrderMail, queueOrderCreated, queueOrderStatusChanged } from './notifications.js';
import * as repo from './repository.js';

const rowRef = (row: { establishmentId: string; supplierId: string }) => ({
  establishmentId: row.establishmentId,
  supplierId: row.supplierId,
});

export function toOrderDto(row: repo.OrderListRow): Order {
  return toDto(orderSchema, { ...row, number: row.id.slice(-8).toUpperCase() });
}

/** Who is told of an order's changes: people by e-mail, the establishment's other systems by webhook. */
type OrderNotices = OrderMail & { webhooks?: WebhookOutbox };

/** The order as its webhooks tell it: the same fields as in GET /api/orders. */
const orderWebhook = (order: repo.OrderListRow, event: 'order.created' | 'order.status_changed', change?: object) => ({
  establishmentId: order.establishmentId,
  event,
  recordKey: `order:${order.id}`,
  data: { order: toOrderDto(order), ...change },
});

export async function listOrders(
  db: Db,
  caller: Caller,
  query: OrderListQuery,
): Promise<{ items: Order[]; total: number; capped: boolean }> {
  const scope = requireScope(caller, 'orders', 'read');
  const limit = query.limit ?? ORDERS_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const filters = {
    status: query.status,
    supplierId: query.supplier_id,
    establishmentId: query.establishment_id,
    from: query.from,
    to: query.to,
  };
  const { rows, total, capped } = await repo.list(db, scope, filters, { limit, offset });
  return { items: rows.map(toOrderDto), total, capped };
}

export async function getOrder(db: Db, caller: Caller, id: string): Promise<OrderDetail> {
  const scope = requireScope(caller, 'orders', 'read');
  const row = await repo.findById(db, id);
  if (!row || !scopeCovers(scope, rowRef(row))) throw notFound(ORDER_MESSAGES.notFound);
  const [items, history] = await Promise.all([repo.itemsOf(db, id), repo.historyOf(db, id)]);
  return {
    ...toOrderDto(row),
    items: items.map((item) => toDto(orderItemSchema, item)),
    history: history.map((h) => ({ status: h.status, changed_at: h.changedAt.toISOString(), changed_by_email: h.changedByEmail })),
  };
}

/**
 * A new order for one of the caller's establishments: the server prices it from the items (integer cents) and
 * freezes the supplier's commission rate of this moment on it.
 */
export async function createOrder(db: Db, mail: OrderNotices, caller: Caller, input: OrderCreate): Promise<OrderDetail> {
  requireScope(caller, 'orders', 'create');
  const id = await db.transaction(async (tx) => {
    try {
      await findVisibleEstablishment(tx, caller, input.establishment_id);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') {
        throw appError('not_found', ESTABLISHMENT_NOT_FOUND, { establishment_id: ESTABLISHMENT_NOT_FOUND });
      }
      throw err;
    }
    if (!scopeCovers(scopeFor(caller, 'orders', 'create'), { establishmentId: input.establishment_id })) {
      throw forbidden(deniedDetail('orders', 'create'));
    }
    const supplier = await findSupplierById(tx, input.supplier_id);
    if (!supplier) throw badRequest(ORDER_MESSAGES.supplierNotFound, { supplier_id: ORDER_MESSAGES.supplierNotFound });
    const wines = new Map((await repo.winesByIds(tx, [...new Set(input.items.map((i) => i.wine_id))])).map((w) => [w.id, w.name]));
    const missing = Object.fromEntries(
      input.items.flatMap((item, i) => (wines.has(item.wine_id) ? [] : [[`items.${i}.wine_id`, ORDER_MESSAGES.wineNotFound]])),
    );
    if (Object.keys(missing).length > 0) throw badRequest(ORDER_MESSAGES.wineNotFound, missing);

    const totals = orderTotals(input.items, supplier.commissionRate);
    if (totals.total > ORDER_MAX_TOTAL_CENTS) throw badRequest(ORDER_TOTAL_TOO_HIGH, { items: ORDER_TOTAL_TOO_HIGH });
    const order = await repo.insert(
      tx,
      {
        establishmentId: input.establishment_id,
        supplierId: input.supplier_id,
        createdBy: caller.id,
        status: 'pending',
        totalAmount: centsToDecimal(totals.total),
        commissionRate: supplier.commissionRate.toFixed(2),
        commissionAmount: centsToDecimal(totals.commission),
        notes: input.notes,
      },
      input.items.map((item, i) => ({
        wineId: item.wine_id,
        wineName: wines.get(item.wine_id) ?? '',
        quantity: item.quantity,
        unitPrice: centsToDecimal(toCents(item.price)),
        lineTotal: centsToDecimal(totals.lines[i] ?? 0),
      })),
      caller.id,
    );
    await recordWrite(tx, caller, {
      kind: 'order',
      id: order.id,
      action: 'create',
      establishmentId: input.establishment_id,
      after: order,
      only: ['status', 'supplierId', 'totalAmount', 'commissionAmount', 'notes'],
      extra: [{ field: 'items', new: input.items.length }],
    });
    const facts = await repo.findById(tx, order.id);
    if (facts) {
      await queueOrderCreated(tx, mail, facts, caller.id);
      await mail.webhooks?.record(tx, orderWebhook(facts, 'order.created'));
    }
    return order.id;
  });
  return getOrder(db, caller, id);
}

/**
 * Moves an order one step (docs/decisions/0014): 404 outside what the caller reads, 403 when its role may not take
 * that step, 409 when the order's current status does not allow it. Checked on the locked row, in the transaction
 * that writes: two concurrent changes cannot both pass from the same status.
 */
export async function changeOrderStatus(
  db: Db,
  mail: OrderNotices,
  caller: Caller,
  id: string,
  to: OrderStatus,
  onPublicChange: OnPublicChange = () => {},
): Promise<OrderDetail> {
  const readScope = requireScope(caller, 'orders', 'read');
  const cellarOf = await db.transaction(async (tx) => {
    const order = await repo.lockById(tx, id);
    if (!order || !scopeCovers(readScope, rowRef(order))) throw notFound(ORDER_MESSAGES.notFound);
    if (!isOrderMove(to)) throw conflict(badTransition(order.status, to));
    const action = ORDER_STATUS_ACTION[to];
    if (!scopeCovers(scopeFor(caller, 'orders', action), rowRef(order))) throw forbidden(deniedDetail('orders', action));
    if (!ORDER_TRANSITIONS[order.status].includes(to)) throw conflict(badTransition(order.status, to));
    if (!(await repo.moveStatus(tx, id, order.status, to, caller.id))) throw conflict(badTransition(order.status, to));
    await recordWrite(tx, caller, {
      kind: 'order',
      id,
      action: 'status_change',
      establishmentId: order.establishmentId,
      extra: [{ field: 'status', old: order.status, new: to }],
    });
    const facts = await repo.findById(tx, id);
    if (facts) {
      await queueOrderStatusChanged(tx, mail, facts, { from: order.status, to }, caller.id);
      await mail.webhooks?.record(tx, orderWebhook(facts, 'order.status_changed', { from: order.status, to }));
    }
    if (to !== 'delivered') return null;
    // The bottles enter the cellar with the status change, on the locked order row: exactly once (decision 0059).
    const lines = await repo.itemsOf(tx, id);
    await fillCellarFromDelivery(
      tx,
      { id, establishmentId: order.establishmentId, supplierId: order.supplierId, userId: caller.id },
      lines,
    );
    return order.establishmentId;
  });
  if (cellarOf) onPublicChange(cellarOf);
  return getOrder(db, caller, id);
}

/** The orders service, built once per app with its dependencies. */
export function createOrderService({
  db,
  mailer,
  onPublicChange,
  webhooks,
}: {
  db: Db;
  mailer: Mailer;
  onPublicChange?: OnPublicChange;
  webhooks?: WebhookOutbox;
}) {
  return {
    listOrders: (caller: Caller, query: OrderListQuery) => listOrders(db, caller, query),
    getOrder: (caller: Caller, id: string) => getOrder(db, caller, id),
    /** `linkBase`: where the links of the e-mails this sends point (Mailer.linkBase of the request). */
    createOrder: (caller: Caller, input: OrderCreate, linkBase: string) => createOrder(db, { mailer, linkBase, webhooks }, caller, input),
    changeOrderStatus: (caller: Caller, id: string, status: OrderStatus, linkBase: string) =>
      changeOrderStatus(db, { mailer, linkBase, webhooks }, caller, id, status, onPublicChange),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
