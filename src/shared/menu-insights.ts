import { z } from 'zod';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MESSAGES, type AnalyticsPeriod } from './analytics.js';
import { DEFAULT_GUEST_LANGUAGE, GUEST_LANGUAGES } from './guest-i18n/catalogue.js';

/** What a public menu page tells the server when a guest opens a wine (`navigator.sendBeacon`, docs/decisions/0064). */
export const MENU_EVENT_TYPES = ['open'] as const;

export const MENU_EVENT_MESSAGES = {
  invalidBody: 'Evento inválido: envie um JSON com type, menu e wine.',
  invalidType: 'Tipo de evento inválido.',
  invalidMenu: 'Informe o endereço da carta.',
  invalidWine: 'Informe o vinho.',
  menuNotFound: 'Carta não encontrada.',
  wineNotFound: 'Vinho não encontrado nesta carta.',
  invalidLang: 'Idioma inválido: use pt-BR, en ou es.',
} as const;

/**
 * POST /api/public/events. `menu`: the public page's address as the browser has it ("/{est}/{menu}" or
 * "/carta/{slug}"); `wine`: the id of a wine on that menu, or its name exactly as the page shows it (the page carries
 * no ids: they would not fit in its first TCP window); `lang`: the page's language (its `<html lang>`), pt-BR when absent
 * (a page cached before languages were counted).
 */
export const menuEventSchema = z.object({
  type: z.enum(MENU_EVENT_TYPES, { error: MENU_EVENT_MESSAGES.invalidType }),
  menu: z
    .string({ error: MENU_EVENT_MESSAGES.invalidMenu })
    .max(400, MENU_EVENT_MESSAGES.invalidMenu)
    .regex(/^\/[^/]/, MENU_EVENT_MESSAGES.invalidMenu),
  wine: z
    .string({ error: MENU_EVENT_MESSAGES.invalidWine })
    .trim()
    .min(1, MENU_EVENT_MESSAGES.invalidWine)
    .max(300, MENU_EVENT_MESSAGES.invalidWine),
  lang: z.enum(GUEST_LANGUAGES, { error: MENU_EVENT_MESSAGES.invalidLang }).default(DEFAULT_GUEST_LANGUAGE),
});
export type MenuEvent = z.infer<typeof menuEventSchema>;

export const menuInsightsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: ANALYTICS_MESSAGES.invalidDays })
    .default(String(ANALYTICS_DEFAULT_DAYS) as '30')
    .transform((v) => Number(v) as AnalyticsPeriod),
});

const count = z.number().int();
/** Percent change against the previous period, one decimal; null when the previous figure was zero. */
const change = z.number().nullable();

/**
 * GET /api/establishments/{id}/menu-insights?days=7|30|90: what guests did on the establishment's public menus over
 * the last `days` calendar days (America/Sao_Paulo), each figure beside the period of the same length just before.
 */
export const menuInsightsSchema = z.object({
  period: z.object({
    days: count,
    start: z.iso.date(),
    end: z.iso.date(),
    previous_start: z.iso.date(),
    previous_end: z.iso.date(),
  }),
  /** Visits: a guest's views of one menu count once per 30 minutes (docs/decisions/0083). */
  views: z.object({
    total: count,
    previous: count,
    change,
    /** Of the total, views that came from a table's QR code (`?mesa=N`). */
    from_tables: count,
  }),
  views_per_day: z.array(z.object({ date: z.iso.date(), views: count })),
  /** 24 entries, 0 to 23 (America/Sao_Paulo), over the period. */
  busiest_hours: z.array(z.object({ hour: count, views: count })),
  tables: z.array(z.object({ table: count, views: count, previous: count, change })),
  opened_wines: z.array(
    z.object({
      wine_id: z.string(),
      name: z.string(),
      menu_name: z.string(),
      available: z.boolean(),
      /** Bottles in the house cellar; null while the wine has no cellar count. */
      cellar_count: count.nullable(),
      opens: count,
      previous: count,
      change,
    }),
  ),
  searches: z.object({
    total: count,
    previous: count,
    change,
    /** The most searched words, with how many wines they found the last time they were counted. */
    top: z.array(z.object({ words: z.string(), searches: count, found: count, previous: count, change })),
    /** "Procurados e não encontrados": words whose searches found no wine. */
    not_found: z.array(z.object({ words: z.string(), searches: count, previous: count, change })),
  }),
  /**
   * Filters applied: `filter` is "pais", "uva", "preco" or "taca" ("Por taça"); `value` the country, grape or price
   * band ("1" for "taca").
   */
  filters: z.array(z.object({ filter: z.string(), value: z.string(), uses: count, previous: count, change })),
  /**
   * The current period per language the guests read the menus in (issue 28), every guest language listed, pt-BR
   * first: visits (a visit is its first page's language), their share of all visits in whole percent, searches and
   * filters.
   */
  languages: z.array(z.object({ lang: z.enum(GUEST_LANGUAGES), visits: count, visits_share: count, searches: count, filters: count })),
});
export type MenuInsights = z.infer<typeof menuInsightsSchema>;

/** How many rows each list of the insights holds at most. */
export const MENU_INSIGHTS_LIMITS = { wines: 10, searches: 15, notFound: 15, filters: 10 } as const;
