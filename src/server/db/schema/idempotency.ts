import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.js';

/**
 * A write an integration sent with an `Idempotency-Key` header (issue 31), kept 24 hours: the same key and request
 * again answers what the first one answered and changes nothing. `status` is null while the first is still running.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the method, the path and the body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.idempotencyKey] }), index('idempotent_requests_created_at_idx').on(t.createdAt)],
);
