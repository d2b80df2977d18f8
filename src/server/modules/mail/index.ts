export type { ComposedMail, MailContent } from './compose.js';
export { MAIL_MAX_ATTEMPTS, type MailRetryPolicy, requestMailSweep } from './delivery.js';
export { createMailer, type Mailer, type MailMessage } from './mailer.js';
export { outboxCounts } from './repository.js';
export { mailRoutes } from './routes.js';
export { mailDirectory } from './transport.js';
