import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id } from './columns.js';
import { establishments } from './establishments.js';
import { users } from './users.js';

/**
 * A key another system of the restaurant (its till, a partner) calls the API with, acting for one establishment with
 * the scopes chosen (issue 31). Only the SHA-256 of the key is kept: the key itself is shown once, at creation.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists so a person can tell keys apart ("adg_live_7kQ2"). */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Who created it: the user the key's writes are attributed to (a key of a removed user stops working). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_establishment_idx').on(t.establishmentId)],
);
