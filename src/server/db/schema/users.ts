import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamps } from './columns.js';
import { establishments } from './establishments.js';
import { suppliers } from './suppliers.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** How the person is called on screens and in e-mails; empty for accounts made before names existed. */
    name: text('name').notNull().default(''),
    /** Null for a record-only user (a sample CRM owner): it has no password, so it cannot sign in. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'restaurant_manager', 'sommelier', 'supplier'] }).notNull(),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    /** The person's choice on /conta: e-mails about orders (new order, status changes). */
    orderEmails: boolean('order_emails').notNull().default(true),
    /** Set when an admin or manager deactivates the account: it cannot sign in and its sessions are ended. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const userEstablishments = pgTable(
  'user_establishments',
  {
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
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
 * One row per signed-in browser: the token names its session, and every authenticated request finds the row (in the
 * query that reads the user), so deleting it ends that session at once (logout, password change or reset).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * What the session may do (docs/decisions/0094): 'full'; 'second_factor' after a right password of a person with
     * two-step sign-in, until the code; 'setup_required' for a role that must have two-step and has not set it up.
     */
    stage: text('stage', { enum: ['full', 'second_factor', 'setup_required'] })
      .notNull()
      .default('full'),
    /** The browser's User-Agent and the client address when the session began, shown on /conta. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** Refreshed at most once a minute by the requests of the session. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** A "forgot my password" link: only the token's hash is kept; used once, within its expiry (docs/decisions/0050). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
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
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    // One pending invitation per e-mail.
    uniqueIndex('invitations_pending_email_key').on(t.email).where(sql`${t.acceptedAt} is null`),
    index('invitations_created_idx').on(t.createdAt),
  ],
);
