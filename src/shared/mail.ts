import { z } from 'zod';

/** An e-mail the app gave up on, with the SMTP server's last answer (shown to the admin). */
export const failedMailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

export const failedMailListSchema = z.object({
  delivery: z.enum(['smtp', 'file']),
  /**
   * Where links in e-mails point: PUBLIC_BASE_URL ('config'), or guessed from the address each request came in on
   * ('request'; `url` is this request's), which the admin's home says.
   */
  link_base: z.object({ source: z.enum(['config', 'request']), url: z.string() }),
  messages: z.array(failedMailSchema),
});
export type FailedMailList = z.infer<typeof failedMailListSchema>;

/** What each kind of message is called on screen. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  password_reset: 'Redefinição de senha',
  invitation: 'Convite',
  order_created: 'Novo pedido',
  order_status: 'Situação do pedido',
  webhook_paused: 'Webhook pausado',
};
