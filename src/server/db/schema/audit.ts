import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/** One changed field of an audited write. Personal fields carry `personal: true` and never their values. */
export interface AuditChange {
  field: string;
  old?: unknown;
  new?: unknown;
  personal?: true;
}

/**
 * The audit trail (issue 29): one row per write, in the write's own transaction. Rows are never updated or deleted
 * by the application: a trigger refuses it (migration audit_entries_immutable). No foreign keys: an entry outlives
 * the record, the user and the establishment it names. It holds ids and non-personal values only, so erasing a data
 * subject (LGPD) never needs to touch it.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The user who acted; null for the system (jobs) and for a sign-in by nobody known. */
    actorUserId: uuid('actor_user_id'),
    /** The actor's role at the time, or 'sistema'. */
    actorRole: text('actor_role').notNull(),
    establishmentId: uuid('establishment_id'),
    recordKind: text('record_kind').notNull(),
    recordId: text('record_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default([]),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_entries_occurred_at_idx').on(t.occurredAt),
    index('audit_entries_record_idx').on(t.recordKind, t.recordId, t.occurredAt),
    index('audit_entries_establishment_idx').on(t.establishmentId, t.occurredAt),
    index('audit_entries_actor_idx').on(t.actorUserId, t.occurredAt),
  ],
);
