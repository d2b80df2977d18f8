/**
 * Signed webhooks (issue 31): the events an establishment's other systems may be told of, as the "Integrações" screen
 * offers them and the server sends them. Each delivery is a POST of JSON signed with the endpoint's secret.
 */
import { z } from 'zod';

export const WEBHOOK_EVENTS = ['order.created', 'order.status_changed', 'cellar.low', 'cellar.sold_out', 'menu.published'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.created': 'Pedido criado',
  'order.status_changed': 'Status de pedido alterado',
  'cellar.low': 'Vinho da adega no estoque mínimo',
  'cellar.sold_out': 'Vinho da adega esgotado',
  'menu.published': 'Carta publicada (criada ou alterada)',
};

/** Every secret starts with this, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_MARK = 'whsec_';
/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Adega-Signature';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_TEXTS = {
  urlRequired: 'Informe o endereço (URL) que recebe os eventos.',
  urlInvalid: 'Endereço inválido. Use um endereço completo, como https://pdv.exemplo.com.br/adega.',
  urlTooLong: 'O endereço pode ter até 2000 caracteres.',
  httpsRequired: 'O endereço precisa começar com https://.',
  credentialsInUrl: 'O endereço não pode ter usuário nem senha.',
  privateAddress:
    'Este endereço leva a uma rede interna (loopback, rede privada, link-local ou metadados da nuvem) e não pode receber webhooks.',
  unresolvable: 'Não encontramos o servidor deste endereço (DNS).',
  eventsRequired: 'Escolha ao menos um evento.',
  eventInvalid: 'Evento inválido.',
  notFound: 'Webhook não encontrado.',
  deliveryNotFound: 'Entrega não encontrada.',
  notPaused: 'Este webhook não está pausado.',
  pausedAfterFailures: (failures: number) => `Pausado depois de ${failures} tentativas seguidas sem sucesso.`,
  pausedAfterGivingUp: 'Pausado: uma entrega falhou por 24 horas.',
} as const;

/** A registration: the address and the events wanted (in the list's order, each once). */
export const webhookEndpointInputSchema = z.object({
  url: z.string(WEBHOOK_TEXTS.urlRequired).trim().min(1, WEBHOOK_TEXTS.urlRequired).max(2000, WEBHOOK_TEXTS.urlTooLong),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, WEBHOOK_TEXTS.eventInvalid), WEBHOOK_TEXTS.eventsRequired)
    .min(1, WEBHOOK_TEXTS.eventsRequired)
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  establishment_id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** When it was paused (nothing is sent until it is resumed), and why. */
  paused_at: z.string().nullable(),
  paused_reason: z.string().nullable(),
  consecutive_failures: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** A registration or a new secret: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  /** The event's id, the same in every attempt and on every endpoint: receivers de-duplicate with it. */
  event_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null when it never answered (refused, timed out, address refused). */
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookParamsSchema = z.object({
  id: z.uuid('Estabelecimento não encontrado.'),
  webhookId: z.uuid(WEBHOOK_TEXTS.notFound),
});
export const webhookDeliveryParamsSchema = webhookParamsSchema.extend({ deliveryId: z.uuid(WEBHOOK_TEXTS.deliveryNotFound) });

/** How a person reads a delivery's state in the list. */
export function webhookDeliveryLabel(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): string {
  if (delivery.status === 'delivered') return 'Entregue';
  if (delivery.status === 'failed') return 'Falhou';
  return delivery.attempts > 0 ? 'Tentando de novo' : 'Na fila';
}
