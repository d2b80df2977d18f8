import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type CrmDashboard, type CrmDashboardQuery, defaultDashboardRange } from '../../../shared/crm.js';
import { CRM_MESSAGES, LEAD_SOURCES, OPEN_STAGES, OPPORTUNITY_STAGES } from '../../../shared/crm-vocabulary.js';
import { TIME_ZONE } from '../../../shared/time.js';
import type { Db } from '../../db/client.js';
import { activities, leads, opportunities, users } from '../../db/schema/index.js';

/** How many people the Top Performers table lists. */
export const TOP_PERFORMERS = 10;

const count = (where?: SQL) => (where ? sql<number>`count(*) filter (where ${where})` : sql<number>`count(*)`).mapWith(Number);
/** A numeric sum as exact text ("1250.50"), 0 when nothing matches. */
const sumMoney = (column: AnyPgColumn, where?: SQL) =>
  where
    ? sql<string>`coalesce(sum(${column}) filter (where ${where}), 0)::numeric(16,2)::text`
    : sql<string>`coalesce(sum(${column}), 0)::numeric(16,2)::text`;

const OPEN = sql.raw(`(${OPEN_STAGES.map((s) => `'${s}'`).join(', ')})`);

/**
 * Every figure counts the records created in [start_date 00:00, end_date + 1 day 00:00) in São Paulo (README "CRM
 * dashboard"): leads, opportunities (their pipeline and won values among them) and activities; overdue is as of now.
 */
export async function crmDashboard(db: Db, q: CrmDashboardQuery): Promise<CrmDashboard> {
  const range = defaultDashboardRange();
  const start = q.start_date ?? (q.end_date && q.end_date < range.start_date ? q.end_date : range.start_date);
  const end = q.end_date ?? (q.start_date && q.start_date > range.end_date ? q.start_date : range.end_date);
  const from = sql`(${start}::date)::timestamp at time zone ${TIME_ZONE}`;
  const to = sql`(${end}::date + 1)::timestamp at time zone ${TIME_ZONE}`;
  const inRange = (column: AnyPgColumn) => and(gte(column, from), lt(column, to));

  const [leadTotals] = await db
    .select({
      total: count(),
      new: count(sql`${leads.status} = 'new'`),
      qualified: count(sql`${leads.status} = 'qualified'`),
      converted: count(sql`${leads.status} = 'converted'`),
    })
    .from(leads)
    .where(inRange(leads.createdAt));
  const bySource = await db
    .select({ source: leads.source, count: count() })
    .from(leads)
    .where(inRange(leads.createdAt))
    .groupBy(leads.source);
  const byStage = await db
    .select({ stage: opportunities.stage, count: count(), totalValue: sumMoney(opportunities.value) })
    .from(opportunities)
    .where(inRange(opportunities.createdAt))
    .groupBy(opportunities.stage);
  const [opportunityValues] = await db
    .select({
      pipelineValue: sumMoney(opportunities.value, sql`${opportunities.stage} in ${OPEN}`),
      wonValue: sumMoney(opportunities.value, sql`${opportunities.stage} = 'closed_won'`),
    })
    .from(opportunities)
    .where(inRange(opportunities.createdAt));
  const [activityTotals] = await db
    .select({
      total: count(),
      completed: count(sql`${activities.status} = 'completed'`),
      pending: count(sql`${activities.status} in ('pending', 'in_progress')`),
      overdue: count(sql`${activities.scheduledAt} < now() and ${activities.status} not in ('completed', 'cancelled')`),
    })
    .from(activities)
    .where(inRange(activities.createdAt));

  const leadsTotal = leadTotals?.total ?? 0;
  const converted = leadTotals?.converted ?? 0;
  const stageCount = (stage: string) => byStage.find((s) => s.stage === stage)?.count ?? 0;
  const opportunitiesTotal = byStage.reduce((n, s) => n + s.count, 0);

  return {
    start_date: start,
    end_date: end,
    leads_metrics: {
      total: leadsTotal,
      new: leadTotals?.new ?? 0,
      qualified: leadTotals?.qualified ?? 0,
      converted,
      // One decimal, rounded half up on the exact quotient (integers: no binary-float surprise at x.x5).
      conversion_rate: leadsTotal === 0 ? 0 : Math.round((converted * 1000) / leadsTotal) / 10,
    },
    opportunities_metrics: {
      total: opportunitiesTotal,
      active: OPEN_STAGES.reduce((n, s) => n + stageCount(s), 0),
      won: stageCount('closed_won'),
      lost: stageCount('closed_lost'),
      pipeline_value: opportunityValues?.pipelineValue ?? '0.00',
      won_value: opportunityValues?.wonValue ?? '0.00',
    },
    activities_metrics: {
      total: activityTotals?.total ?? 0,
      completed: activityTotals?.completed ?? 0,
      pending: activityTotals?.pending ?? 0,
      overdue: activityTotals?.overdue ?? 0,
    },
    leads_by_source: LEAD_SOURCES.map((source) => ({ source, count: bySource.find((s) => s.source === source)?.count ?? 0 }))
      .filter((s) => s.count > 0)
      .sort((a, b) => b.count - a.count),
    opportunities_by_stage: OPPORTUNITY_STAGES.map((stage) => {
      const found = byStage.find((s) => s.stage === stage);
      return { stage, count: found?.count ?? 0, total_value: found?.totalValue ?? '0.00' };
    }),
    top_performers: await topPerformers(db, inRange),
  };
}

/** Per owner (a deleted owner: 'Usuário não identificado'), by won value, then leads. */
async function topPerformers(db: Db, inRange: (column: AnyPgColumn) => SQL | undefined): Promise<CrmDashboard['top_performers']> {
  const perOwner = db.$with('per_owner').as(
    db
      .select({
        ownerId: leads.ownerId,
        leads: sql<number>`count(*)`.as('leads'),
        opportunities: sql<number>`0`.as('opportunities'),
        activities: sql<number>`0`.as('activities'),
        won: sql<string>`0::numeric`.as('won'),
      })
      .from(leads)
      .where(inRange(leads.createdAt))
      .groupBy(leads.ownerId)
      .unionAll(
        db
          .select({
            ownerId: opportunities.ownerId,
            leads: sql<number>`0`,
            opportunities: sql<number>`count(*)`,
            activities: sql<number>`0`,
            won: sql<string>`coalesce(sum(${opportunities.value}) filter (where ${opportunities.stage} = 'closed_won'), 0)`,
          })
          .from(opportunities)
          .where(inRange(opportunities.createdAt))
          .groupBy(opportunities.ownerId),
      )
      .unionAll(
        db
          .select({
            ownerId: activities.ownerId,
            leads: sql<number>`0`,
            opportunities: sql<number>`0`,
            activities: sql<number>`count(*)`,
            won: sql<string>`0::numeric`,
          })
          .from(activities)
          .where(inRange(activities.createdAt))
          .groupBy(activities.ownerId),
      ),
  );
  const wonValue = sql<string>`sum(${perOwner.won})`;
  const leadsCount = sql<number>`sum(${perOwner.leads})`;
  const rows = await db
    .with(perOwner)
    .select({
      userName: sql<string | null>`${users.email}`,
      leadsCount: leadsCount.mapWith(Number),
      opportunitiesCount: sql<number>`sum(${perOwner.opportunities})`.mapWith(Number),
      activitiesCount: sql<number>`sum(${perOwner.activities})`.mapWith(Number),
      wonValue: sql<string>`${wonValue}::numeric(16,2)::text`,
    })
    .from(perOwner)
    .leftJoin(users, eq(users.id, perOwner.ownerId))
    .groupBy(users.id, users.email)
    .orderBy(sql`${wonValue} desc`, sql`${leadsCount} desc`, sql`${users.email} nulls last`)
    .limit(TOP_PERFORMERS);
  return rows.map((r) => ({
    user_name: r.userName ?? CRM_MESSAGES.unknownOwner,
    leads_count: r.leadsCount,
    opportunities_count: r.opportunitiesCount,
    activities_count: r.activitiesCount,
    won_value: r.wonValue,
  }));
}
