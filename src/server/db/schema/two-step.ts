import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id } from './columns.js';
import { users } from './users.js';

/**
 * A person's authenticator app (TOTP, RFC 6238; docs/decisions/0094). The secret is encrypted with a key that is not
 * in the database (AES-256-GCM). Pending until a first code confirms it (enabled_at set).
 */
export const userTotp = pgTable('user_totp', {
  userId: belongsTo('user_id', () => users.id, 'cascade').primaryKey(),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  /** The 30-second time step of the last code accepted: a code of that step or an older one is refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** The ten single-use recovery codes, as keyed hashes (HMAC-SHA-256 with the two-step key); used_at once spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId), uniqueIndex('recovery_codes_hash_key').on(t.codeHash)],
);

/** A WebAuthn credential (passkey) of a person: its public key and signature counter. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** A WebAuthn challenge the server handed out: used once, within its expiry. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    /** Null for a sign-in with a passkey (nobody is known yet); the person adding a passkey otherwise. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Which roles must use two-step sign-in: one row (id 1), set by an admin on /conta. Created at start-up from
 * TWO_STEP_REQUIRED_ROLES when missing; from then on the admin's choice is the rule.
 */
export const twoStepPolicy = pgTable('two_step_policy', {
  id: integer('id').primaryKey().default(1),
  requiredRoles: text('required_roles').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
