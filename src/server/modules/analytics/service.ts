import type { Scope } from '../../../shared/access-policy.js';
import type { AnalyticsDashboard, AnalyticsPeriod, AnalyticsTotals, SupplierSales } from '../../../shared/analytics.js';
import { type Caller, requireScope } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { buildAlerts, CONTRACT_ALERT_DAYS, PENDING_ALERT_DAYS } from './alerts.js';
import { addDays, daysBetween, periodEndingOn } from './period.js';
import * as repo from './repository.js';

/** SPEC §9: the ranking doughnut has five colours, so five suppliers. */
export const TOP_SUPPLIERS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

const reais = (cents: number) => cents / 100;

/** Percent change, one decimal; null when there is nothing to compare with. */
function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

function totals(days: repo.DayFigures[], suppliers: number) {
  let orders = 0;
  let revenueCents = 0;
  let commissionCents = 0;
  for (const d of days) {
    orders += d.orders;
    revenueCents += d.revenueCents;
    commissionCents += d.commissionCents;
  }
  return { orders, revenueCents, commissionCents, suppliers };
}

const toTotals = (t: ReturnType<typeof totals>): AnalyticsTotals => ({
  total_revenue: reais(t.revenueCents),
  total_orders: t.orders,
  total_commissions: reais(t.commissionCents),
  active_suppliers: t.suppliers,
});

/** A supplier's buyers and best-selling wines (only a supplier user's scope has them). */
async function supplierSales(db: Db, scope: Scope, p: ReturnType<typeof periodEndingOn>): Promise<SupplierSales | undefined> {
  if (scope.kind !== 'supplier') return undefined;
  const [buyers, topBuyers, topWines] = await Promise.all([
    repo.activeBuyers(db, scope.id, p.previousStart, p.start, p.end),
    repo.topBuyers(db, scope.id, p.start, p.end, TOP_SUPPLIERS),
    repo.topWines(db, scope.id, p.start, p.end, TOP_SUPPLIERS),
  ]);
  return {
    active_buyers: buyers.current,
    previous_active_buyers: buyers.previous,
    top_buyers: topBuyers.map((b) => ({ name: b.name, revenue: reais(b.revenueCents), orders: b.orders })),
    top_wines: topWines.map((w) => ({ name: w.name, quantity: w.quantity, revenue: reais(w.revenueCents) })),
  };
}

/** The analytics dashboard (README "Analytics definitions") over the caller's scope, as of `now`. */
export async function dashboard(db: Db, caller: Caller, days: AnalyticsPeriod, now = new Date()): Promise<AnalyticsDashboard> {
  const scope = requireScope(caller, 'analytics', 'read');
  const p = periodEndingOn(now, days);
  const [perDay, active, top, pendingLate, contracts, sales] = await Promise.all([
    repo.figuresPerDay(db, scope, p.previousStart, p.end),
    repo.activeSuppliers(db, scope, p.previousStart, p.start, p.end),
    repo.topSuppliers(db, scope, p.start, p.end, TOP_SUPPLIERS),
    repo.countPendingBefore(db, scope, new Date(now.getTime() - PENDING_ALERT_DAYS * DAY_MS)),
    repo.contractsEnding(db, scope, p.end, addDays(p.end, CONTRACT_ALERT_DAYS), p.start, TOP_SUPPLIERS * 2),
    supplierSales(db, scope, p),
  ]);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const current = totals(
    perDay.filter((d) => d.day >= p.start),
    active.current,
  );
  const previous = totals(
    perDay.filter((d) => d.day < p.start),
    active.previous,
  );
  const trendDays = daysBetween(p.start, p.end);
  return {
    ...toTotals(current),
    revenue_trend: trendDays.map((date) => ({ date, value: reais(byDay.get(date)?.revenueCents ?? 0) })),
    orders_trend: trendDays.map((date) => ({ date, value: byDay.get(date)?.orders ?? 0 })),
    top_suppliers: top.map((s) => ({ name: s.name, revenue: reais(s.revenueCents), orders: s.orders })),
    alerts: buildAlerts({
      days,
      pendingLate,
      revenueCents: current.revenueCents,
      previousRevenueCents: previous.revenueCents,
      totalOrders: current.orders,
      contracts: contracts.map((c) => ({ ...c, daysLeft: daysBetween(p.end, c.endDate).length - 1 })),
    }),
    previous: toTotals(previous),
    changes: {
      total_revenue: change(current.revenueCents, previous.revenueCents),
      total_orders: change(current.orders, previous.orders),
      total_commissions: change(current.commissionCents, previous.commissionCents),
      active_suppliers: change(current.suppliers, previous.suppliers),
    },
    period: { days, start: p.start, end: p.end, previous_start: p.previousStart, previous_end: p.previousEnd },
    ...(sales && { supplier_sales: sales }),
  };
}

/** The analytics service, built once per app. */
export function createAnalyticsService({ db }: { db: Db }) {
  return {
    dashboard: (caller: Caller, days: AnalyticsPeriod, now?: Date) => dashboard(db, caller, days, now),
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
