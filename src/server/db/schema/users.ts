import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { establishments } from './establishments.js';
import { suppliers } from './suppliers.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name'),
    /** Null for a record-only user (a sample CRM owner): it has no password, so it cannot sign in. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'restaurant_manager', 'sommelier', 'supplier'] }).notNull(),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    /** Tokens issued before this moment are refused: set when the password changes. */
    /** Set when an admin or manager deactivates the account: it cannot sign in and its tokens answer 401. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const userEstablishments = pgTable(
  'user_establishments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    establishmentId: uuid('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.establishmentId] }), index('user_establishments_establishment_idx').on(t.establishmentId)],
);

/** Failed logins, kept in the database so every app process sees the same count. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_lookup_idx').on(t.email, t.ip, t.failedAt)],
);

/**
 * An invitation to create an account: only the hash of its one-time token is kept. Pending until accepted
 * (accepted_at set, then it can never be used again); its establishments are checked again when accepted.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'restaurant_manager', 'sommelier', 'supplier'] }).notNull(),
    establishmentIds: uuid('establishment_ids').array().notNull().default(sql`'{}'::uuid[]`),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    // One pending invitation per e-mail.
    uniqueIndex('invitations_pending_email_key').on(t.email).where(sql`${t.acceptedAt} is null`),
    index('invitations_created_idx').on(t.createdAt),
  ],
);
