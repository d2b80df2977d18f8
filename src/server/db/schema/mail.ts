import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/**
 * The outbox: every e-mail the app sends, written in the transaction that causes it. A pg-boss job per row
 * delivers it; the row says what happened (sent, or failed with the SMTP server's answer).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    /** Whether a delivery job exists for the row; rows written while no job runner was started wait for the sweep. */
    jobQueued: boolean('job_queued').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_messages_status_idx').on(t.status, t.createdAt)],
);
