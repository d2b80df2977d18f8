import { z } from 'zod';

/** SPEC §9: the dashboard looks at the last 7, 30 or 90 days; 30 by default. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_DEFAULT_DAYS: AnalyticsPeriod = 30;

export const ANALYTICS_MESSAGES = {
  invalidDays: 'Período inválido: escolha 7, 30 ou 90 dias.',
  loadErrorTitle: 'Erro ao carregar dados',
  loadErrorText: 'Não foi possível carregar os dados do dashboard.',
} as const;

export const analyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: ANALYTICS_MESSAGES.invalidDays })
    .default(String(ANALYTICS_DEFAULT_DAYS) as '30')
    .transform((v) => Number(v) as AnalyticsPeriod),
});

export const ALERT_PRIORITIES = ['high', 'medium', 'low'] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];

const point = z.object({ date: z.iso.date(), value: z.number() });

const totalsShape = {
  /** Sum of total_amount of the non-cancelled orders dated in the period, in reais (two decimals at most). */
  total_revenue: z.number(),
  total_orders: z.number().int(),
  total_commissions: z.number(),
  active_suppliers: z.number().int(),
};
export const analyticsTotalsSchema = z.object(totalsShape);
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

/** Percent change against the previous period, one decimal; null when the previous figure was zero. */
const change = z.number().nullable();

/**
 * What a supplier user cares about (its dashboard answers this beside the SPEC fields): the establishments buying
 * from it and its best-selling wines over the period; `active_buyers` replaces the meaningless "1 active supplier".
 */
export const supplierSalesSchema = z.object({
  active_buyers: z.number().int(),
  previous_active_buyers: z.number().int(),
  top_buyers: z.array(z.object({ name: z.string(), revenue: z.number(), orders: z.number().int() })),
  top_wines: z.array(z.object({ name: z.string(), quantity: z.number().int(), revenue: z.number() })),
});
export type SupplierSales = z.infer<typeof supplierSalesSchema>;

/**
 * GET /api/analytics/dashboard: SPEC §3's response, plus `previous` (the same totals over the period of the same
 * length just before), `changes` (percent) and `period` (the calendar days compared, America/Sao_Paulo).
 */
export const analyticsDashboardSchema = z.object({
  ...totalsShape,
  revenue_trend: z.array(point),
  orders_trend: z.array(point),
  top_suppliers: z.array(z.object({ name: z.string(), revenue: z.number(), orders: z.number().int() })),
  alerts: z.array(z.object({ priority: z.enum(ALERT_PRIORITIES), message: z.string() })),
  previous: analyticsTotalsSchema,
  changes: z.object({ total_revenue: change, total_orders: change, total_commissions: change, active_suppliers: change }),
  period: z.object({
    days: z.number().int(),
    start: z.iso.date(),
    end: z.iso.date(),
    previous_start: z.iso.date(),
    previous_end: z.iso.date(),
  }),
  /** Only for a supplier user (scope of one supplier). */
  supplier_sales: supplierSalesSchema.optional(),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;
