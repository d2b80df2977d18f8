/** Purchase orders (docs/product.md §4 "Order"): schemas, status rules and who may move an order, for API and screens. */
import { z } from 'zod';
import { type Principal, scopeCovers, scopeFor } from './access-policy.js';
import { optionalDate, requiredMoney } from './field-rules.js';
import { optionalText } from './form-fields.js';
import { queryLimit, queryPage } from './list-query.js';
import { centsToDecimal, formatBRL, parseDecimal, toCents } from './money.js';
import { recordStamps } from './record-fields.js';
import { valuesOf } from './vocabulary.js';

export const ORDER_STATUS_LABELS = {
  pending: 'Pendente',
  confirmed: 'Confirmado',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};
export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;
export const ORDER_STATUSES = valuesOf(ORDER_STATUS_LABELS);

/** pending -> confirmed -> shipped -> delivered; cancelled from pending or confirmed. Nothing else. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The access-policy action (area `orders`) that moves an order to each status. */
export const ORDER_STATUS_ACTION = {
  confirmed: 'confirm',
  shipped: 'ship',
  delivered: 'deliver',
  cancelled: 'cancel',
} as const satisfies Partial<Record<OrderStatus, string>>;
export type OrderMove = keyof typeof ORDER_STATUS_ACTION;

/** The button text for each move, on the order page. */
export const ORDER_MOVE_LABELS: Record<OrderMove, string> = {
  confirmed: 'Confirmar pedido',
  shipped: 'Marcar como enviado',
  delivered: 'Marcar como entregue',
  cancelled: 'Cancelar pedido',
};

export const isOrderMove = (status: OrderStatus): status is OrderMove => Object.hasOwn(ORDER_STATUS_ACTION, status);

/** The statuses this caller may move this order to now: the transition must exist and the policy must cover the order. */
export function orderMovesFor(
  principal: Principal,
  order: { status: OrderStatus; establishment_id: string; supplier_id: string },
): OrderMove[] {
  const row = { establishmentId: order.establishment_id, supplierId: order.supplier_id };
  return ORDER_TRANSITIONS[order.status]
    .filter(isOrderMove)
    .filter((to) => scopeCovers(scopeFor(principal, 'orders', ORDER_STATUS_ACTION[to]), row));
}

export const ORDER_MESSAGES = {
  notFound: 'Pedido não encontrado.',
  establishmentRequired: 'Escolha o estabelecimento.',
  supplierRequired: 'Escolha o fornecedor.',
  supplierNotFound: 'Fornecedor não encontrado.',
  itemsRequired: 'Adicione pelo menos um vinho ao pedido.',
  wineRequired: 'Escolha um vinho do catálogo.',
  wineNotFound: 'Vinho não encontrado no catálogo.',
  quantity: 'A quantidade deve ser um número inteiro de pelo menos 1.',
  priceRequired: 'Informe o preço unitário.',
  price: 'O preço unitário deve ser um valor em reais maior ou igual a zero, ex.: 1.250,50.',
} as const;

export const badTransition = (from: OrderStatus, to: OrderStatus) =>
  `Não é possível mudar o pedido de “${ORDER_STATUS_LABELS[from]}” para “${ORDER_STATUS_LABELS[to]}”.`;

export const ORDER_MAX_ITEMS = 100;
export const ORDER_MAX_QUANTITY = 100_000;
export const ORDER_MAX_UNIT_PRICE = 9_999_999.99;
/** numeric(14, 2): the largest total an order can hold, in cents. */
export const ORDER_MAX_TOTAL_CENTS = 99_999_999_999_999;
/** Written from the limit itself, so the two cannot drift apart: "R$ 999.999.999.999,99". */
export const ORDER_TOTAL_TOO_HIGH = `O total do pedido passa do limite de ${formatBRL(centsToDecimal(ORDER_MAX_TOTAL_CENTS))}. Divida-o em pedidos menores.`;

/** A typed quantity reads like a typed price ("12", "1.000"): never "0x10" or "1e3", which Number() would take. */
const quantity = z.preprocess(
  (v) => {
    if (typeof v !== 'string' || v.trim() === '') return v;
    return parseDecimal(v) ?? Number.NaN;
  },
  z
    .number({ error: ORDER_MESSAGES.quantity })
    .int(ORDER_MESSAGES.quantity)
    .min(1, ORDER_MESSAGES.quantity)
    .max(ORDER_MAX_QUANTITY, `A quantidade deve ser no máximo ${ORDER_MAX_QUANTITY.toLocaleString('pt-BR')}.`),
);

export const orderItemInputSchema = z.object({
  wine_id: z.uuid(ORDER_MESSAGES.wineRequired),
  quantity,
  price: requiredMoney({
    max: ORDER_MAX_UNIT_PRICE,
    requiredMessage: ORDER_MESSAGES.priceRequired,
    invalidMessage: ORDER_MESSAGES.price,
    negativeMessage: ORDER_MESSAGES.price,
    decimalsMessage: ORDER_MESSAGES.price,
    tooHighMessage: 'O preço unitário deve ser no máximo R$ 9.999.999,99.',
  }),
});

/** POST /api/orders. Prices are what the buyer agreed; totals and commission are the server's to compute. */
export const orderCreateSchema = z.object({
  establishment_id: z.uuid(ORDER_MESSAGES.establishmentRequired),
  supplier_id: z.uuid(ORDER_MESSAGES.supplierRequired),
  items: z
    .array(orderItemInputSchema, { error: ORDER_MESSAGES.itemsRequired })
    .min(1, ORDER_MESSAGES.itemsRequired)
    .max(ORDER_MAX_ITEMS, `No máximo ${ORDER_MAX_ITEMS} vinhos por pedido.`),
  notes: optionalText('Observações', 2000),
});
export type OrderCreate = z.output<typeof orderCreateSchema>;
export type OrderCreateValues = z.input<typeof orderCreateSchema>;

/** PATCH /api/orders/{id}/status. */
export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Status inválido: use pending, confirmed, shipped, delivered ou cancelled.' }),
});

/** Money in answers: exact decimal strings ("1250.50"), never binary floats. */
const amount = z.string();

export const orderSchema = z.object({
  id: z.string(),
  /** The last 8 characters of the id, as people quote it. */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  order_date: z.string(),
  establishment_id: z.string(),
  establishment_name: z.string(),
  supplier_id: z.string(),
  /** The supplier's contact person (suppliers.name). */
  supplier_name: z.string(),
  /** The supplier's company: what people call the supplier by. */
  supplier_company_name: z.string(),
  item_count: z.number().int(),
  total_amount: amount,
  /** The supplier's rate (percent) when the order was placed. */
  commission_rate: amount,
  commission_amount: amount,
  delivery_date: z.string().nullable(),
  notes: z.string().nullable(),
  ...recordStamps,
});
export type Order = z.infer<typeof orderSchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  wine_id: z.string().nullable(),
  wine_name: z.string(),
  quantity: z.number().int(),
  unit_price: amount,
  line_total: amount,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderHistoryEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  changed_at: z.string(),
  /** Who moved it (null once that user is deleted). */
  changed_by_email: z.string().nullable(),
});

export const orderDetailSchema = orderSchema.extend({
  items: z.array(orderItemSchema),
  history: z.array(orderHistoryEntrySchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const ORDERS_DEFAULT_LIMIT = 20;
export const ORDERS_MAX_LIMIT = 100;

/**
 * GET /api/orders: newest first, a plain array with the count in `X-Total-Count` (`X-Total-Count-Capped: true` when
 * it is a lower bound). `from` and `to` are calendar days in America/Sao_Paulo, both included.
 */
export const orderListQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: 'Status inválido.' }).optional(),
    supplier_id: z.uuid('Fornecedor inválido.').optional(),
    establishment_id: z.uuid('Estabelecimento inválido.').optional(),
    from: optionalDate('De').transform((v) => v ?? undefined),
    to: optionalDate('Até').transform((v) => v ?? undefined),
    page: queryPage(),
    limit: queryLimit(ORDERS_MAX_LIMIT),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: 'A data final não pode ser antes da inicial.', path: ['to'] });
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** Line totals, order total and commission, all in integer cents: the server stores these, the form shows them live. */
export function orderTotals(items: readonly { quantity: number; price: number }[], commissionRate: number) {
  const lines = items.map((item) => toCents(item.price) * item.quantity);
  const total = lines.reduce((sum, line) => sum + line, 0);
  return { lines, total, commission: commissionCents(total, commissionRate) };
}

/** total × rate%, rounded half up to the cent, in integers (BigInt: a large total times basis points passes 2^53). */
export function commissionCents(totalCents: number, ratePercent: number): number {
  const basisPoints = BigInt(Math.round(ratePercent * 100));
  return Number((BigInt(totalCents) * basisPoints + 5000n) / 10000n);
}
