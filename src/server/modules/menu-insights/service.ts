/** The insights screen's figures (GET /api/establishments/{id}/menu-insights), scoped like the establishment's menus. */
import type { AnalyticsPeriod } from '../../../shared/analytics.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { GUEST_LANGUAGES } from '../../../shared/guest-i18n/catalogue.js';
import { MENU_INSIGHTS_LIMITS, type MenuInsights } from '../../../shared/menu-insights.js';
import { notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { daysBetween, periodEndingOn } from '../analytics/index.js';
import { cellarCountsFor } from '../cellar/index.js';
import * as repo from './repository.js';

/** Percent change, one decimal; null when there is nothing to compare with (as the analytics dashboard). */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const compared = ({ current, previous }: repo.Compared) => ({ previous, change: change(current, previous) });

/** Every guest language, pt-BR first, with its share of the period's visits (whole percent). */
function byLanguage(rows: repo.LanguageCounts[], visits: number): MenuInsights['languages'] {
  return GUEST_LANGUAGES.map((lang) => {
    const row = rows.find((r) => r.lang === lang);
    const counted = row?.visits ?? 0;
    return {
      lang,
      visits: counted,
      visits_share: visits > 0 ? Math.round((counted / visits) * 100) : 0,
      searches: row?.searches ?? 0,
      filters: row?.filters ?? 0,
    };
  });
}

export interface MenuInsightsService {
  insights(caller: Caller, establishmentId: string, days: AnalyticsPeriod, now?: Date): Promise<MenuInsights>;
}

export function createMenuInsightsService(deps: { db: Db }): MenuInsightsService {
  const { db } = deps;
  return {
    async insights(caller, establishmentId, days, now = new Date()) {
      assertEstablishmentAccess(caller, 'menuInsights', 'read', establishmentId, ESTABLISHMENT_NOT_FOUND);
      if (!(await repo.establishmentExists(db, establishmentId))) throw notFound(ESTABLISHMENT_NOT_FOUND);
      const p = periodEndingOn(now, days);
      const b: repo.Bounds = { previousStart: p.previousStart, start: p.start, end: p.end };
      const [perDay, perHour, tables, wines, top, notFoundWords, searchTotals, filters, languages] = await Promise.all([
        repo.viewsPerDay(db, establishmentId, b),
        repo.viewsPerHour(db, establishmentId, b),
        repo.viewsPerTable(db, establishmentId, b),
        repo.openedWines(db, establishmentId, b, MENU_INSIGHTS_LIMITS.wines),
        repo.searches(db, establishmentId, b, MENU_INSIGHTS_LIMITS.searches, false),
        repo.searches(db, establishmentId, b, MENU_INSIGHTS_LIMITS.notFound, true),
        repo.searchTotals(db, establishmentId, b),
        repo.filters(db, establishmentId, b, MENU_INSIGHTS_LIMITS.filters),
        repo.perLanguage(db, establishmentId, b),
      ]);
      const shelves = await cellarCountsFor(
        db,
        wines.flatMap((w) => (w.cellarItemId ? [w.cellarItemId] : [])),
      );
      const byDay = new Map(perDay.map((d) => [d.day, d]));
      const current = perDay.filter((d) => d.day >= p.start);
      const total = current.reduce((sum, d) => sum + d.views, 0);
      const previous = perDay.filter((d) => d.day < p.start).reduce((sum, d) => sum + d.views, 0);
      const hours = new Map(perHour.map((h) => [h.hour, h.views]));
      return {
        period: { days, start: p.start, end: p.end, previous_start: p.previousStart, previous_end: p.previousEnd },
        views: {
          total,
          previous,
          change: change(total, previous),
          from_tables: current.reduce((sum, d) => sum + d.fromTables, 0),
        },
        views_per_day: daysBetween(p.start, p.end).map((date) => ({ date, views: byDay.get(date)?.views ?? 0 })),
        busiest_hours: Array.from({ length: 24 }, (_, hour) => ({ hour, views: hours.get(hour) ?? 0 })),
        tables: tables
          .filter((t) => t.current > 0)
          .sort((a, c) => c.current - a.current || a.table - c.table)
          .map((t) => ({ table: t.table, views: t.current, ...compared(t) })),
        opened_wines: wines.map((w) => ({
          wine_id: w.wineId,
          name: w.name,
          menu_name: w.menuName,
          available: w.available,
          // Bottles on hand in the house cellar, for a wine linked to it.
          cellar_count: w.cellarItemId ? (shelves.get(w.cellarItemId)?.on_hand ?? null) : null,
          opens: w.current,
          ...compared(w),
        })),
        searches: {
          total: searchTotals.current,
          ...compared(searchTotals),
          top: top.map((s) => ({ words: s.words, searches: s.current, found: s.found, ...compared(s) })),
          not_found: notFoundWords.map((s) => ({ words: s.words, searches: s.current, ...compared(s) })),
        },
        filters: filters.map((f) => {
          const [filter = '', ...value] = f.subject.split('=');
          return { filter, value: value.join('='), uses: f.current, ...compared(f) };
        }),
        languages: byLanguage(languages, total),
      };
    },
  };
}
