import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One table-or-column group of a data subject's data as an LGPD request found and handled it: counts, never values. */
export interface LgpdSourceSummary {
  source: string;
  label: string;
  count: number;
  /** What the request did to those rows: exported, deleted, or anonymised (kept as a business record). */
  action: 'exportado' | 'apagado' | 'anonimizado';
}

/** A record of the subject, known by its source and id: ids are not personal once the row is anonymised. */
export interface LgpdRecordRef {
  source: string;
  id: string;
}

/**
 * A data subject's request (LGPD art. 18, issue 29): an export (a ZIP built by a job, downloaded through a signed link
 * valid 24 h) or an erasure (done in one transaction). It keeps who asked, when and what was done, never the erased
 * data: the records are named by id and the summary holds counts.
 */
export const lgpdRequests = pgTable(
  'lgpd_requests',
  {
    id: id(),
    kind: text('kind', { enum: ['export', 'erase'] }).notNull(),
    /** 'withdrawn': an export whose ZIP was deleted when the same subject was erased. */
    status: text('status', { enum: ['queued', 'ready', 'done', 'failed', 'expired', 'withdrawn'] }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The records of the subject the request covers (an export's job reads them). */
    records: jsonb('records').$type<LgpdRecordRef[]>().notNull().default([]),
    summary: jsonb('summary').$type<LgpdSourceSummary[]>().notNull().default([]),
    filesCount: integer('files_count').notNull().default(0),
    /** The export's ZIP in private storage, until it expires or the subject is erased. */
    fileKey: text('file_key'),
    fileSize: integer('file_size'),
    expiresAt: at('expires_at'),
    completedAt: at('completed_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('lgpd_requests_created_idx').on(t.createdAt, t.id), index('lgpd_requests_expires_idx').on(t.expiresAt)],
);

/**
 * The retention rules the admin sees on /lgpd: how many days a kind of personal data is kept, and when the daily job
 * last applied the rule (and to how many rows). One row per rule, made by the migration.
 */
export const lgpdRetentionRules = pgTable('lgpd_retention_rules', {
  rule: text('rule', { enum: ['onboarding_applications', 'search_words'] }).primaryKey(),
  days: integer('days').notNull(),
  lastRunAt: at('last_run_at'),
  lastAffected: integer('last_affected'),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
