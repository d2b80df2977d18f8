import { sql } from 'drizzle-orm';
import { date, type ExtraConfigColumn, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, LEAD_SOURCES, LEAD_STATUSES, OPPORTUNITY_STAGES } from '../../../shared/crm-vocabulary.js';
import { foldSqlText } from '../fold-sql.js';
import { belongsTo, id, timestamps } from './columns.js';
import { users } from './users.js';

/** Folded (accent- and case-insensitive) text of some columns, as foldText() makes it: what a list's `search` matches. */
// `||` and coalesce, not concat_ws (which is only stable): a generated column needs an immutable expression.
const folded = (...columns: string[]) => sql.raw(foldSqlText(columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `)));

/**
 * The last columns of every CRM record: its owner (who outlives nothing: a deleted user leaves the records with no
 * owner, 'Usuário não identificado'), the folded text of the `searched` columns, and its timestamps.
 */
const ownedAndSearchable = (...searched: string[]) => ({
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  searchText: text('search_text')
    .notNull()
    .generatedAlwaysAs(folded(...searched)),
  ...timestamps(),
});

/** The indexes every CRM list uses: newest first, by owner, and the trigram index of its `search`. */
const recordIndexes = (table: string, t: Record<'id' | 'createdAt' | 'ownerId' | 'searchText', ExtraConfigColumn>) => [
  index(`${table}_created_idx`).on(t.createdAt, t.id),
  index(`${table}_owner_idx`).on(t.ownerId),
  index(`${table}_search_trgm_idx`).using('gin', t.searchText.op('gin_trgm_ops')),
];

export const leads = pgTable(
  'leads',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    /** 14 characters, no punctuation; the onboarding wizard finds its lead by it (or by e-mail). */
    cnpj: text('cnpj'),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('new'),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('other'),
    notes: text('notes'),
    leadScore: integer('lead_score').notNull().default(0),
    ...ownedAndSearchable('name', 'email', 'company'),
  },
  (t) => [
    ...recordIndexes('leads', t),
    index('leads_status_created_idx').on(t.status, t.createdAt),
    index('leads_source_created_idx').on(t.source, t.createdAt),
    index('leads_email_idx').on(t.email),
    index('leads_cnpj_idx').on(t.cnpj),
  ],
);

export const opportunities = pgTable(
  'opportunities',
  {
    id: id(),
    // docs/decisions/0021: a lead is deleted with its opportunities only after a confirmation that says so (the API refuses otherwise).
    leadId: belongsTo('lead_id', () => leads.id, 'cascade'),
    title: text('title').notNull(),
    description: text('description'),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    stage: text('stage', { enum: OPPORTUNITY_STAGES }).notNull().default('prospecting'),
    probability: integer('probability').notNull().default(0),
    expectedCloseDate: date('expected_close_date'),
    notes: text('notes'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    lostReason: text('lost_reason'),
    ...ownedAndSearchable('title', 'description'),
  },
  (t) => [
    ...recordIndexes('opportunities', t),
    index('opportunities_stage_created_idx').on(t.stage, t.createdAt),
    index('opportunities_lead_idx').on(t.leadId),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    /** An activity outlives its opportunity (it stays on the lead). */
    opportunityId: uuid('opportunity_id').references(() => opportunities.id, { onDelete: 'set null' }),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull().default('task'),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: ACTIVITY_STATUSES }).notNull().default('pending'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    notes: text('notes'),
    ...ownedAndSearchable('title', 'description'),
  },
  (t) => [
    ...recordIndexes('activities', t),
    index('activities_scheduled_idx').on(t.scheduledAt, t.id),
    index('activities_status_scheduled_idx').on(t.status, t.scheduledAt),
    index('activities_type_scheduled_idx').on(t.type, t.scheduledAt),
    index('activities_lead_idx').on(t.leadId),
    index('activities_opportunity_idx').on(t.opportunityId),
  ],
);
