import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { escapeLike, searchTerms } from '../../../shared/text-search.js';
import type { Executor } from '../../db/client.js';
import { recordQueries } from '../../db/records.js';
import { activities, leads, opportunities, users } from '../../db/schema/index.js';
import { auditedRecordQueries } from '../audit/index.js';

export type LeadValues = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;
export type OpportunityValues = Omit<typeof opportunities.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;
export type ActivityValues = Omit<typeof activities.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;

/**
 * A list's filters: each value given on its column, and every word of the search box in the folded search_text
 * (trigram index), case and accents ignored.
 */
function listWhere(searchText: PgColumn, search: string | undefined, ...equals: [PgColumn, string | undefined][]): SQL | undefined {
  return and(
    ...equals.map(([column, value]) => (value ? eq(column, value) : undefined)),
    ...searchTerms(search).map((term) => sql`${searchText} like ${`%${escapeLike(term)}%`}`),
  );
}

const ownerName = sql<string | null>`${users.email}`;

/** A page plus whether more rows match: lists read one row more than they return. */
export interface Page<T> {
  rows: T[];
  hasMore: boolean;
}
/** A list query's page of `limit` rows: it reads one more, to know whether more match. */
async function pageOf<T>(query: { limit(n: number): PromiseLike<T[]> }, limit: number): Promise<Page<T>> {
  const rows = await query.limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** A query's one row, locked until the transaction ends (FOR UPDATE OF `table`) when `lock`. */
async function oneRow<T>(
  query: PromiseLike<T[]> & { for(strength: 'update', config: { of: PgTable }): PromiseLike<T[]> },
  table: PgTable,
  lock: boolean,
): Promise<T | undefined> {
  const [row] = lock ? await query.for('update', { of: table }) : await query;
  return row;
}

// ── Leads ──────────────────────────────────────────────────────────────────

const { searchText: _leadSearch, ...leadColumns } = getTableColumns(leads);
const leadSelection = {
  ...leadColumns,
  ownerName,
  opportunitiesCount: sql<number>`(select count(*) from ${opportunities} where ${opportunities.leadId} = ${leads.id})`.mapWith(Number),
  activitiesCount: sql<number>`(select count(*) from ${activities} where ${activities.leadId} = ${leads.id})`.mapWith(Number),
};
const leadQuery = (db: Executor) => db.select(leadSelection).from(leads).leftJoin(users, eq(users.id, leads.ownerId));
export type LeadRow = Awaited<ReturnType<typeof leadQuery>>[number];

export interface LeadSearch {
  status?: string | undefined;
  source?: string | undefined;
  search?: string | undefined;
  limit: number;
}

export async function listLeads(db: Executor, q: LeadSearch): Promise<Page<LeadRow>> {
  const where = listWhere(leads.searchText, q.search, [leads.status, q.status], [leads.source, q.source]);
  return pageOf(leadQuery(db).where(where).orderBy(desc(leads.createdAt), desc(leads.id)), q.limit);
}

export const findLead = (db: Executor, id: string, lock = false): Promise<LeadRow | undefined> =>
  oneRow(leadQuery(db).where(eq(leads.id, id)).limit(1), leads, lock);

export const { insert: insertLead, update: updateLead, remove: deleteLead } = recordQueries(leads);
/** The writes of the API, each recorded in the audit trail. */
export const auditedLeads = auditedRecordQueries(leads, 'lead');

/** A lead of the website found by CNPJ first, then by e-mail (the oldest one when several match). */
export async function findLeadByCnpjOrEmail(
  db: Executor,
  cnpj: string | null,
  email: string,
): Promise<{ id: string; status: LeadRow['status'] } | undefined> {
  const pick = (where: SQL) =>
    db.select({ id: leads.id, status: leads.status }).from(leads).where(where).orderBy(leads.createdAt, leads.id).limit(1).for('update');
  if (cnpj) {
    const [byCnpj] = await pick(eq(leads.cnpj, cnpj));
    if (byCnpj) return byCnpj;
  }
  const [byEmail] = await pick(eq(leads.email, email));
  return byEmail;
}

// ── Opportunities ──────────────────────────────────────────────────────────

const { searchText: _oppSearch, ...opportunityColumns } = getTableColumns(opportunities);
const opportunitySelection = { ...opportunityColumns, ownerName, leadName: leads.name };
const opportunityQuery = (db: Executor) =>
  db
    .select(opportunitySelection)
    .from(opportunities)
    .innerJoin(leads, eq(leads.id, opportunities.leadId))
    .leftJoin(users, eq(users.id, opportunities.ownerId));
export type OpportunityRow = Awaited<ReturnType<typeof opportunityQuery>>[number];

export interface OpportunitySearch {
  stage?: string | undefined;
  leadId?: string | undefined;
  search?: string | undefined;
  limit: number;
}

export async function listOpportunities(db: Executor, q: OpportunitySearch): Promise<Page<OpportunityRow>> {
  const where = listWhere(opportunities.searchText, q.search, [opportunities.stage, q.stage], [opportunities.leadId, q.leadId]);
  return pageOf(opportunityQuery(db).where(where).orderBy(desc(opportunities.createdAt), desc(opportunities.id)), q.limit);
}

export const findOpportunity = (db: Executor, id: string, lock = false): Promise<OpportunityRow | undefined> =>
  oneRow(opportunityQuery(db).where(eq(opportunities.id, id)).limit(1), opportunities, lock);

export const { insert: insertOpportunity, update: updateOpportunity, remove: deleteOpportunity } = recordQueries(opportunities);
export const auditedOpportunities = auditedRecordQueries(opportunities, 'opportunity');

/** The lead of an opportunity (null when the opportunity does not exist). */
export async function leadOfOpportunity(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ leadId: opportunities.leadId }).from(opportunities).where(eq(opportunities.id, id)).limit(1);
  return row?.leadId ?? null;
}

// ── Activities ─────────────────────────────────────────────────────────────

const { searchText: _actSearch, ...activityColumns } = getTableColumns(activities);
const activitySelection = {
  ...activityColumns,
  ownerName,
  leadName: leads.name,
  opportunityTitle: opportunities.title,
  overdue:
    sql<boolean>`coalesce(${activities.scheduledAt} < now() and ${activities.status} not in ('completed', 'cancelled'), false)`.mapWith(
      Boolean,
    ),
};
export interface ActivitySearch {
  type?: string | undefined;
  status?: string | undefined;
  leadId?: string | undefined;
  opportunityId?: string | undefined;
  search?: string | undefined;
  limit: number;
}

const activityQuery = (db: Executor) =>
  db
    .select(activitySelection)
    .from(activities)
    .leftJoin(leads, eq(leads.id, activities.leadId))
    .leftJoin(opportunities, eq(opportunities.id, activities.opportunityId))
    .leftJoin(users, eq(users.id, activities.ownerId));
export type ActivityRow = Awaited<ReturnType<typeof activityQuery>>[number];

export async function listActivities(db: Executor, q: ActivitySearch): Promise<Page<ActivityRow>> {
  const where = listWhere(
    activities.searchText,
    q.search,
    [activities.type, q.type],
    [activities.status, q.status],
    [activities.leadId, q.leadId],
    [activities.opportunityId, q.opportunityId],
  );
  return pageOf(activityQuery(db).where(where).orderBy(sql`${activities.scheduledAt} desc nulls last`, desc(activities.id)), q.limit);
}

export const findActivity = (db: Executor, id: string, lock = false): Promise<ActivityRow | undefined> =>
  oneRow(activityQuery(db).where(eq(activities.id, id)).limit(1), activities, lock);

export const { insert: insertActivity, update: updateActivity, remove: deleteActivity } = recordQueries(activities);
export const auditedActivities = auditedRecordQueries(activities, 'activity');

// ── Owners ─────────────────────────────────────────────────────────────────

/** Is this user an admin (the only role that works the CRM, so the only possible owner)? */
export async function isAdminUser(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['admin'])))
    .limit(1);
  return Boolean(row);
}
