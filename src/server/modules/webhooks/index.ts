/** Signed webhooks (issue 31): endpoints per establishment, their outbox, and the jobs that deliver it. */
export {
  createWebhookOutbox,
  DEFAULT_WEBHOOK_RETRY,
  registerWebhookDelivery,
  requestWebhookSweep,
  type WebhookEventInput,
  type WebhookOutbox,
  type WebhookRetryPolicy,
} from './delivery.js';
export { webhookRoutes } from './routes.js';
export { createWebhookService, type WebhookService } from './service.js';
