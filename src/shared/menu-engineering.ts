/**
 * Menu engineering (issue 32): what each wine of a menu earns over a period, and the classic Kasavana & Smith matrix
 * (popularity against contribution margin). The server reads the period's sales, costs and opens; this file turns them
 * into every figure the screen shows, so the screen's "what if" (other prices, same sales) is the same arithmetic.
 * Money is integer centavos throughout.
 */
import { z } from 'zod';
import { effectiveGlassPrice } from './cellar.js';
import { addDays, calendarDay, isRealDate } from './time.js';

export const QUADRANTS = ['star', 'plowhorse', 'puzzle', 'dog'] as const;
export type Quadrant = (typeof QUADRANTS)[number];
export const QUADRANT_LABELS: Record<Quadrant, string> = {
  star: 'Estrela',
  plowhorse: 'Burro de carga',
  puzzle: 'Quebra-cabeça',
  dog: 'Cão',
};
export const QUADRANT_ADVICE: Record<Quadrant, string> = {
  star: 'Muito pedido e boa margem: mantenha e destaque na carta.',
  plowhorse: 'Muito pedido, margem baixa: aumente o preço ou reduza o custo.',
  puzzle: 'Boa margem, pouco pedido: suba na carta ou peça à equipe que recomende.',
  dog: 'Pouco pedido e margem baixa: considere substituir.',
};

export const MISSING_REASONS = ['cellar', 'sales', 'cost'] as const;
export type MissingReason = (typeof MISSING_REASONS)[number];
export const MISSING_LABELS: Record<MissingReason, string> = {
  cellar: 'não está ligado a um vinho da adega',
  sales: 'sem vendas no período',
  cost: 'sem custo (registre uma entrega ou o custo do vinho na adega)',
};

/** A wine is popular when its share of the bottles sold is at least 70 % of an even share (the standard threshold). */
export const POPULARITY_FACTOR = 0.7;
/** Bottles on hand and no sale in this many days: dead stock. */
export const DEAD_STOCK_DAYS = 60;
export const ENGINEERING_PERIODS = [7, 30, 90] as const;
export const MAX_ENGINEERING_DAYS = 366;

export const ENGINEERING_TEXTS = {
  period: 'Escolha o período: 7, 30 ou 90 dias, ou as datas de início e fim.',
  day: 'Informe as datas no formato AAAA-MM-DD.',
  order: 'A data de início deve ser anterior ou igual à de fim.',
  future: 'O período não pode terminar depois de hoje.',
  tooLong: `O período pode ter no máximo ${MAX_ENGINEERING_DAYS} dias.`,
  target: 'A margem-alvo deve ser um número de 0 a 95 (%).',
  pricesRequired: 'Escolha ao menos um preço para aplicar.',
  price: 'Informe o novo preço em centavos, de 1 a 10.000.000.',
  wineNotOnMenu: 'Um dos vinhos não está nesta carta.',
} as const;

// ── The period ─────────

export const engineeringQuerySchema = z
  .object({
    days: z.enum(['7', '30', '90'], ENGINEERING_TEXTS.period).optional(),
    from: z.string().refine(isRealDate, ENGINEERING_TEXTS.day).optional(),
    to: z.string().refine(isRealDate, ENGINEERING_TEXTS.day).optional(),
  })
  .superRefine((q, ctx) => {
    const custom = q.from !== undefined || q.to !== undefined;
    if (custom && (q.days !== undefined || q.from === undefined || q.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: ENGINEERING_TEXTS.period });
      return;
    }
    if (!custom) return;
    const from = q.from as string;
    const to = q.to as string;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: ENGINEERING_TEXTS.order });
    else if (to > calendarDay()) ctx.addIssue({ code: 'custom', path: ['to'], message: ENGINEERING_TEXTS.future });
    else if (daysBetween(from, to) > MAX_ENGINEERING_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: ENGINEERING_TEXTS.tooLong });
  });
export type EngineeringQuery = z.infer<typeof engineeringQuerySchema>;

/** Calendar days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;

/** The São Paulo days a query covers (30 days ending today when it names none). */
export function periodOf(query: EngineeringQuery, today = calendarDay()): { from: string; to: string; days: number } {
  if (query.from && query.to) return { from: query.from, to: query.to, days: daysBetween(query.from, query.to) };
  const days = Number(query.days ?? 30);
  return { from: addDays(today, -(days - 1)), to: today, days };
}

// ── What the server reads ─────────

/** How a menu wine was priced (its history keeps these): the glass price is derived as the menu does it. */
export const pricingSchema = z.object({
  price_cents: z.number().int(),
  by_the_glass: z.boolean(),
  glass_price_cents: z.number().int().nullable(),
  glass_doses: z.number().int(),
  glass_markup_percent: z.number().nullable(),
});
export type Pricing = z.infer<typeof pricingSchema>;

/** The price of a glass under this pricing, in centavos (null when the wine is not sold by the glass). */
export function glassPriceCents(p: Pricing): number | null {
  if (!p.by_the_glass) return null;
  const reais = effectiveGlassPrice({
    price: p.price_cents / 100,
    glass_price: p.glass_price_cents === null ? null : p.glass_price_cents / 100,
    glass_doses: p.glass_doses,
    glass_markup_percent: p.glass_markup_percent,
  });
  return p.glass_price_cents === null ? Math.round(reais * 100) : p.glass_price_cents;
}

/** One menu wine over the period, as the ledger and the insights have it. */
export const engineeringSourceSchema = z.object({
  menu_wine_id: z.string(),
  name: z.string(),
  category: z.string(),
  cellar_item_id: z.string().nullable(),
  /** Today's pricing (the what-if replaces its bottle price). */
  pricing: pricingSchema,
  bottles_sold: z.number().int(),
  glasses_sold: z.number().int(),
  /** At the price each bottle and glass had when it was sold. */
  bottle_revenue_cents: z.number().int(),
  glass_revenue_cents: z.number().int(),
  /** The cost of what was sold, as each sale recorded it; null when a sale has no known cost. */
  bottle_cost_cents: z.number().int().nullable(),
  glass_cost_cents: z.number().int().nullable(),
  /** A bottle's cost today (weighted average over deliveries); null when unknown. */
  unit_cost_cents: z.number().int().nullable(),
  on_hand: z.number().int(),
  /** Bottles at the period's start plus those delivered in it: what sell-through divides by. */
  available_bottles: z.number().int(),
  opens: z.number().int(),
});
export type EngineeringSource = z.infer<typeof engineeringSourceSchema>;

// ── The figures ─────────

export const engineeringWineSchema = engineeringSourceSchema.extend({
  /** Bottles sold plus glasses as their share of a bottle. */
  units_sold: z.number(),
  revenue_cents: z.number().int(),
  cost_cents: z.number().int().nullable(),
  margin_cents: z.number().int().nullable(),
  margin_percent: z.number().nullable(),
  bottle_margin_percent: z.number().nullable(),
  glass_margin_percent: z.number().nullable(),
  /** Contribution margin of one bottle's worth sold. */
  unit_margin_cents: z.number().nullable(),
  popularity_share: z.number().nullable(),
  sell_through_percent: z.number().nullable(),
  days_of_cover: z.number().nullable(),
  capital_cents: z.number().int().nullable(),
  /** Bottles' worth sold per 100 opens on the menu. */
  open_to_sale_percent: z.number().nullable(),
  quadrant: z.enum(QUADRANTS).nullable(),
  missing: z.array(z.enum(MISSING_REASONS)),
});
export type EngineeringWine = z.infer<typeof engineeringWineSchema>;

export const engineeringTotalsSchema = z.object({
  revenue_cents: z.number().int(),
  /** The cost of the sales whose cost is known (the sale movements' costs). */
  cost_cents: z.number().int(),
  /** The margin of the wines whose sales all have a known cost, and its share of their revenue. */
  margin_cents: z.number().int(),
  margin_percent: z.number().nullable(),
  bottles_sold: z.number().int(),
  glasses_sold: z.number().int(),
  /** The menu's weighted average contribution margin per bottle's worth (the matrix's line). */
  average_unit_margin_cents: z.number().nullable(),
  /** 70 % of an even share of the bottles sold (the matrix's other line). */
  popularity_threshold: z.number().nullable(),
  classified: z.number().int(),
});
export type EngineeringTotals = z.infer<typeof engineeringTotalsSchema>;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** A source's own fields, copied one by one (a spread of a wide object is several times slower, 500 wines a request). */
function sourceOf(s: EngineeringSource): EngineeringSource {
  return {
    menu_wine_id: s.menu_wine_id,
    name: s.name,
    category: s.category,
    cellar_item_id: s.cellar_item_id,
    pricing: s.pricing,
    bottles_sold: s.bottles_sold,
    glasses_sold: s.glasses_sold,
    bottle_revenue_cents: s.bottle_revenue_cents,
    glass_revenue_cents: s.glass_revenue_cents,
    bottle_cost_cents: s.bottle_cost_cents,
    glass_cost_cents: s.glass_cost_cents,
    unit_cost_cents: s.unit_cost_cents,
    on_hand: s.on_hand,
    available_bottles: s.available_bottles,
    opens: s.opens,
  };
}

/**
 * Every figure of every wine, and the matrix, from what the period sold (the same for the what-if's prices). Takes
 * sources or the wines of an earlier report (their figures are computed anew).
 */
export function engineerMenu(sources: readonly EngineeringSource[], days: number): { wines: EngineeringWine[]; totals: EngineeringTotals } {
  const units = sources.map((s) => s.bottles_sold + s.glasses_sold / Math.max(1, s.pricing.glass_doses));
  const wines: EngineeringWine[] = sources.map((s, i) => {
    const sold = units[i] ?? 0;
    const revenue = s.bottle_revenue_cents + s.glass_revenue_cents;
    const soldWithoutCost = (s.bottles_sold > 0 && s.bottle_cost_cents === null) || (s.glasses_sold > 0 && s.glass_cost_cents === null);
    const cost = soldWithoutCost ? null : (s.bottle_cost_cents ?? 0) + (s.glass_cost_cents ?? 0);
    const missing: MissingReason[] = [];
    if (!s.cellar_item_id) missing.push('cellar');
    else if (sold === 0) missing.push('sales');
    if (s.cellar_item_id && (cost === null || s.unit_cost_cents === null)) missing.push('cost');
    const margin = cost === null ? null : revenue - cost;
    const perDay = sold / days;
    const wine = sourceOf(s) as EngineeringWine;
    wine.units_sold = Math.round(sold * 100) / 100;
    wine.revenue_cents = revenue;
    wine.cost_cents = cost;
    wine.margin_cents = margin;
    wine.margin_percent = margin === null ? null : percent(margin, revenue);
    wine.bottle_margin_percent =
      s.bottle_cost_cents === null ? null : percent(s.bottle_revenue_cents - s.bottle_cost_cents, s.bottle_revenue_cents);
    wine.glass_margin_percent =
      s.glass_cost_cents === null ? null : percent(s.glass_revenue_cents - s.glass_cost_cents, s.glass_revenue_cents);
    wine.unit_margin_cents = margin === null || sold === 0 ? null : Math.round(margin / sold);
    wine.popularity_share = null;
    wine.sell_through_percent = s.cellar_item_id ? percent(sold, s.available_bottles) : null;
    wine.days_of_cover = perDay > 0 ? Math.round((s.on_hand / perDay) * 10) / 10 : null;
    wine.capital_cents = s.unit_cost_cents === null ? null : s.on_hand * s.unit_cost_cents;
    wine.open_to_sale_percent = percent(sold, s.opens);
    wine.quadrant = null;
    wine.missing = missing;
    return wine;
  });
  const classified = wines.flatMap((w, i) => (w.missing.length === 0 && w.margin_cents !== null ? [i] : []));
  const totalUnits = classified.reduce((n, i) => n + (units[i] ?? 0), 0);
  const totalMargin = classified.reduce((n, i) => n + (wines[i]?.margin_cents ?? 0), 0);
  const threshold = classified.length > 0 ? POPULARITY_FACTOR / classified.length : null;
  const averageMargin = totalUnits > 0 ? totalMargin / totalUnits : null;
  for (const i of classified) {
    const w = wines[i] as EngineeringWine;
    const sold = units[i] ?? 0;
    const share = sold / totalUnits;
    w.popularity_share = Math.round(share * 10_000) / 10_000;
    const popular = threshold !== null && share >= threshold - 1e-9;
    const profitable = averageMargin !== null && (w.margin_cents ?? 0) / sold >= averageMargin - 1e-9;
    w.quadrant = popular ? (profitable ? 'star' : 'plowhorse') : profitable ? 'puzzle' : 'dog';
  }
  let revenue = 0;
  let cost = 0;
  // Sales without a known cost count in the revenue, never as sold at no cost: the margin is of the others alone.
  let costedRevenue = 0;
  let bottles = 0;
  let glasses = 0;
  for (const w of wines) {
    revenue += w.revenue_cents;
    bottles += w.bottles_sold;
    glasses += w.glasses_sold;
    if (w.cost_cents === null) continue;
    cost += w.cost_cents;
    costedRevenue += w.revenue_cents;
  }
  const margin = costedRevenue - cost;
  return {
    wines,
    totals: {
      revenue_cents: revenue,
      cost_cents: cost,
      margin_cents: margin,
      margin_percent: percent(margin, costedRevenue),
      bottles_sold: bottles,
      glasses_sold: glasses,
      average_unit_margin_cents: averageMargin === null ? null : Math.round(averageMargin),
      popularity_threshold: threshold === null ? null : Math.round(threshold * 10_000) / 10_000,
      classified: classified.length,
    },
  };
}

/** The period's sales valued at other bottle prices (the what-if): each bottle and glass at the new price. */
export function withPrices(sources: readonly EngineeringSource[], prices: ReadonlyMap<string, number>): EngineeringSource[] {
  return sources.map((s) => {
    const price = prices.get(s.menu_wine_id);
    if (price === undefined) return s;
    const pricing = { ...s.pricing, price_cents: price };
    const priced = sourceOf(s);
    priced.pricing = pricing;
    priced.bottle_revenue_cents = s.bottles_sold * price;
    priced.glass_revenue_cents = s.glasses_sold * (glassPriceCents(pricing) ?? 0);
    return priced;
  });
}

// ── Price suggestions ─────────

export const priceSuggestionSchema = z.object({
  menu_wine_id: z.string(),
  name: z.string(),
  category: z.string(),
  current_price_cents: z.number().int(),
  suggested_price_cents: z.number().int(),
  unit_cost_cents: z.number().int(),
  current_margin_percent: z.number(),
  suggested_margin_percent: z.number(),
});
export type PriceSuggestion = z.infer<typeof priceSuggestionSchema>;

/** The centavos the menu's bottle prices end in most often (",00" or ",90"…); ",00" when tied or none. */
export function priceEnding(prices: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const p of prices) counts.set(p % 100, (counts.get(p % 100) ?? 0) + 1);
  let best = 0;
  for (const [ending, n] of counts) if (n > (counts.get(best) ?? 0)) best = ending;
  return best;
}

/** The price nearest `raw` that ends in `ending` centavos, never below `floor`. */
export function roundToEnding(raw: number, ending: number, floor: number): number {
  let price = Math.round((raw - ending) / 100) * 100 + ending;
  if (price <= 0) price = ending > 0 ? ending : 100;
  while (price < floor) price += 100;
  return price;
}

/** The margin the menu's prices give today, on average over its wines with a known cost (the default target). */
export function currentAverageMargin(sources: readonly EngineeringSource[]): number | null {
  const margins = sources.flatMap((s) =>
    s.unit_cost_cents !== null && s.pricing.price_cents > 0 ? [(s.pricing.price_cents - s.unit_cost_cents) / s.pricing.price_cents] : [],
  );
  if (margins.length === 0) return null;
  return Math.round((margins.reduce((a, b) => a + b, 0) / margins.length) * 1000) / 10;
}

/** A price per wine with a known cost that gives the target margin, in the menu's price endings; only real changes. */
export function suggestPrices(sources: readonly EngineeringSource[], targetPercent: number): PriceSuggestion[] {
  const ending = priceEnding(sources.map((s) => s.pricing.price_cents));
  return sources.flatMap((s) => {
    const cost = s.unit_cost_cents;
    if (cost === null || cost <= 0) return [];
    const suggested = roundToEnding(cost / (1 - targetPercent / 100), ending, cost);
    if (suggested === s.pricing.price_cents) return [];
    return [
      {
        menu_wine_id: s.menu_wine_id,
        name: s.name,
        category: s.category,
        current_price_cents: s.pricing.price_cents,
        suggested_price_cents: suggested,
        unit_cost_cents: cost,
        current_margin_percent: percent(s.pricing.price_cents - cost, s.pricing.price_cents) ?? 0,
        suggested_margin_percent: percent(suggested - cost, suggested) ?? 0,
      },
    ];
  });
}

// ── The table (the screen and the .xlsx: the same columns, in this order) ─────────

export const ENGINEERING_COLUMNS = {
  name: 'Vinho',
  category: 'Categoria',
  quadrant: 'Quadrante',
  bottles: 'Garrafas vendidas',
  glasses: 'Taças vendidas',
  revenue: 'Receita (R$)',
  cost: 'Custo (R$)',
  margin: 'Margem (R$)',
  margin_percent: 'Margem (%)',
  bottle_margin: 'Margem garrafa (%)',
  glass_margin: 'Margem taça (%)',
  unit_margin: 'Margem por garrafa (R$)',
  popularity: 'Participação nas vendas (%)',
  sell_through: 'Giro (%)',
  cover: 'Dias de cobertura',
  on_hand: 'Em estoque',
  unit_cost: 'Custo unitário (R$)',
  capital: 'Capital parado (R$)',
  opens: 'Aberturas na carta',
  open_to_sale: 'Aberturas → venda (%)',
  missing: 'Falta',
} as const;
export type EngineeringColumn = keyof typeof ENGINEERING_COLUMNS;

// ── The API ─────────

export const deadStockSchema = z.object({
  cellar_item_id: z.string(),
  name: z.string(),
  on_hand: z.number().int(),
  capital_cents: z.number().int().nullable(),
  last_sale_at: z.string().nullable(),
});
export type DeadStock = z.infer<typeof deadStockSchema>;

export const engineeringReportSchema = z.object({
  menu: z.object({ id: z.string(), name: z.string(), establishment_id: z.string() }),
  period: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  /** Each wine's figures, and the period's sales they come from (the what-if recomputes them from these). */
  wines: z.array(engineeringWineSchema),
  totals: engineeringTotalsSchema,
  dead_stock: z.array(deadStockSchema),
  /** The margin the suggestions aim at: the establishment's, or the menu's current average when it set none. */
  target_margin_percent: z.number().nullable(),
  target_is_default: z.boolean(),
  price_ending_cents: z.number().int(),
  suggestions: z.array(priceSuggestionSchema),
});
export type EngineeringReport = z.infer<typeof engineeringReportSchema>;

export const targetMarginSchema = z.object({
  target_margin_percent: z.number(ENGINEERING_TEXTS.target).min(0, ENGINEERING_TEXTS.target).max(95, ENGINEERING_TEXTS.target).nullable(),
});

export const applyPricesSchema = z.object({
  prices: z
    .array(
      z.object({
        menu_wine_id: z.uuid(ENGINEERING_TEXTS.wineNotOnMenu),
        price_cents: z
          .number(ENGINEERING_TEXTS.price)
          .int(ENGINEERING_TEXTS.price)
          .min(1, ENGINEERING_TEXTS.price)
          .max(10_000_000, ENGINEERING_TEXTS.price),
      }),
      ENGINEERING_TEXTS.pricesRequired,
    )
    .min(1, ENGINEERING_TEXTS.pricesRequired)
    .max(500),
});
export type ApplyPrices = z.infer<typeof applyPricesSchema>;
