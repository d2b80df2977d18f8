import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { escapeLike, searchTerms } from '../../../shared/text-search.js';
import type { Executor } from '../../db/client.js';
import { recordQueries } from '../../db/records.js';
import { activities, leads, opportunities, users } from '../../db/schema/index.js';

export type LeadValues = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;
export type OpportunityValues = Omit<typeof opportunities.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;
export type ActivityValues = Omit<typeof activities.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;

/** Every word of the search box in the folded search_text (trigram index), case and accents ignored. */
function searchWhere(column: PgColumn, search: string | undefined): SQL[] {
  return searchTerms(search).map((term) => sql`${column} like ${`%${escapeLike(term)}%`}`);
}

const ownerName = sql<string | null>`${users.email}`;

/** A page plus whether more rows match: lists read one row more than they return. */
export interface Page<T> {
  rows: T[];
  hasMore: boolean;
}
const page = <T>(rows: T[], limit: number): Page<T> => ({ rows: rows.slice(0, limit), hasMore: rows.length > limit });

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
  const where = and(
    q.status ? eq(leads.status, q.status as LeadRow['status']) : undefined,
    q.source ? eq(leads.source, q.source as LeadRow['source']) : undefined,
    ...searchWhere(leads.searchText, q.search),
  );
  const rows = await leadQuery(db)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(q.limit + 1);
  return page(rows, q.limit);
}

export async function findLead(db: Executor, id: string, lock = false): Promise<LeadRow | undefined> {
  const query = leadQuery(db).where(eq(leads.id, id)).limit(1);
  const [row] = lock ? await query.for('update', { of: leads }) : await query;
  return row;
}

export const { insert: insertLead, update: updateLead, remove: deleteLead } = recordQueries(leads);

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
  const where = and(
    q.stage ? eq(opportunities.stage, q.stage as OpportunityRow['stage']) : undefined,
    q.leadId ? eq(opportunities.leadId, q.leadId) : undefined,
    ...searchWhere(opportunities.searchText, q.search),
  );
  const rows = await opportunityQuery(db)
    .where(where)
    .orderBy(desc(opportunities.createdAt), desc(opportunities.id))
    .limit(q.limit + 1);
  return page(rows, q.limit);
}

export async function findOpportunity(db: Executor, id: string, lock = false): Promise<OpportunityRow | undefined> {
  const query = opportunityQuery(db).where(eq(opportunities.id, id)).limit(1);
  const [row] = lock ? await query.for('update', { of: opportunities }) : await query;
  return row;
}

export const { insert: insertOpportunity, update: updateOpportunity, remove: deleteOpportunity } = recordQueries(opportunities);

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
  const where = and(
    q.type ? eq(activities.type, q.type as ActivityRow['type']) : undefined,
    q.status ? eq(activities.status, q.status as ActivityRow['status']) : undefined,
    q.leadId ? eq(activities.leadId, q.leadId) : undefined,
    q.opportunityId ? eq(activities.opportunityId, q.opportunityId) : undefined,
    ...searchWhere(activities.searchText, q.search),
  );
  const rows = await activityQuery(db)
    .where(where)
    .orderBy(sql`${activities.scheduledAt} desc nulls last`, desc(activities.id))
    .limit(q.limit + 1);
  return page(rows, q.limit);
}

export async function findActivity(db: Executor, id: string, lock = false): Promise<ActivityRow | undefined> {
  const query = activityQuery(db).where(eq(activities.id, id)).limit(1);
  const [row] = lock ? await query.for('update', { of: activities }) : await query;
  return row;
}

export const { insert: insertActivity, update: updateActivity, remove: deleteActivity } = recordQueries(activities);

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
