import { formatBRL } from '../../../shared/money.js';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/orders.js';
import type { Executor } from '../../db/client.js';
import type { Mailer } from '../mail/index.js';
import * as repo from './repository.js';

/** The order number people see (SPEC): the last 8 characters of the id, upper case. */
export const orderNumber = (id: string) => id.slice(-8).toUpperCase();

interface OrderFacts {
  id: string;
  establishmentId: string;
  supplierId: string;
  establishmentName: string;
  supplierCompanyName: string;
  totalAmount: string;
  itemCount: number;
}

/** The mailer and where the links of this request's e-mails point (Mailer.linkBase). */
export interface OrderMail {
  mailer: Mailer;
  linkBase: string;
}

const greeting = (name: string) => (name ? `Olá, ${name}.` : 'Olá.');
const items = (n: number) => (n === 1 ? '1 item' : `${n} itens`);
const footnote = 'Você recebe este e-mail porque os e-mails de pedidos estão ligados em Minha conta; desligue-os lá quando quiser.';

/**
 * A new order e-mails the users of its supplier, in the transaction that wrote the order (nothing is sent if it
 * rolls back). Whoever placed it is left out, and so is anyone who turned order e-mails off on /conta.
 */
export async function queueOrderCreated(tx: Executor, { mailer, linkBase }: OrderMail, order: OrderFacts, actorId: string): Promise<void> {
  const number = orderNumber(order.id);
  for (const to of await repo.supplierRecipients(tx, order.supplierId, actorId)) {
    const message = mailer.compose(
      {
        subject: `Novo pedido ${number} de ${order.establishmentName}`,
        greeting: greeting(to.name),
        paragraphs: [
          `${order.establishmentName} fez o pedido ${number} a ${order.supplierCompanyName}: ${items(order.itemCount)}, total de ${formatBRL(order.totalAmount)}.`,
          'Confirme ou cancele o pedido no painel do Adega.',
        ],
        action: { label: 'Ver pedido', path: `/pedidos/${order.id}` },
        footnote,
      },
      linkBase,
    );
    await mailer.queue(tx, { to: to.email, kind: 'order_created', ...message });
  }
}

/** A status change e-mails the establishment's managers, and the supplier's users too when the order is cancelled. */
export async function queueOrderStatusChanged(
  tx: Executor,
  { mailer, linkBase }: OrderMail,
  order: OrderFacts,
  change: { from: OrderStatus; to: OrderStatus },
  actorId: string,
): Promise<void> {
  const number = orderNumber(order.id);
  const recipients = [
    ...(await repo.managerRecipients(tx, order.establishmentId, actorId)),
    ...(change.to === 'cancelled' ? await repo.supplierRecipients(tx, order.supplierId, actorId) : []),
  ];
  const label = ORDER_STATUS_LABELS[change.to];
  for (const to of recipients) {
    const message = mailer.compose(
      {
        subject: `Pedido ${number}: ${label}`,
        greeting: greeting(to.name),
        paragraphs: [
          `O pedido ${number} de ${order.establishmentName} a ${order.supplierCompanyName} passou de ${ORDER_STATUS_LABELS[change.from]} para ${label}.`,
          `${items(order.itemCount)}, total de ${formatBRL(order.totalAmount)}.`,
        ],
        action: { label: 'Ver pedido', path: `/pedidos/${order.id}` },
        footnote,
      },
      linkBase,
    );
    await mailer.queue(tx, { to: to.email, kind: 'order_status', ...message });
  }
}
