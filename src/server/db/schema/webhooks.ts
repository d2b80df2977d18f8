import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id } from './columns.js';
import { establishments } from './establishments.js';
import { users } from './users.js';

/**
 * An address another system of the establishment is told of events at (issue 31), with the events it wants. The
 * secret signs every delivery (X-Adega-Signature); it is kept as is, since signing needs it, and shown only when made.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** Who registered it: the person e-mailed when it is paused. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Failed attempts in a row, whatever the delivery: past the limit the endpoint is paused. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    pausedReason: text('paused_reason'),
  },
  (t) => [index('webhook_endpoints_establishment_idx').on(t.establishmentId)],
);

/**
 * The outbox of one endpoint: one row per event it is to be told of, written in the transaction that made the event.
 * Rows of one record (an order, a cellar item, a menu) are delivered in `seq` order, each after the one before it
 * has been delivered or given up.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id, 'cascade'),
    /** The event's id: the same on every endpoint and in every attempt, for the receiver to de-duplicate. */
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    /** What the event is about ("order:<id>"): deliveries of one record go in order. */
    recordKey: text('record_key').notNull(),
    /** The JSON body sent, the same bytes in every attempt. */
    body: jsonb('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Set while a process sends it; an attempt claimed long ago belongs to a process that died mid-send. */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_line_idx').on(t.endpointId, t.recordKey, t.seq),
    index('webhook_deliveries_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_recent_idx').on(t.endpointId, t.seq),
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);
