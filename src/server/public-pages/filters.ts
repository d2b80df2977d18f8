/** Guest-side search and filters of the public menu (words, country, grape, price band, by the glass), driven by a plain GET form. */
import { DEFAULT_GUEST_LANGUAGE, type GuestMessages, guestMessages } from '../../shared/guest-i18n/catalogue.js';
import type { PublicMenuWine } from '../../shared/public-menu.js';

export const PRICE_BANDS = [
  { id: 'ate-100', label: 'Até R$ 100', min: null, max: 100 },
  { id: '100-200', label: 'R$ 100 – 200', min: 100, max: 200 },
  { id: '200-400', label: 'R$ 200 – 400', min: 200, max: 400 },
  { id: '400-mais', label: 'Acima de R$ 400', min: 400, max: null },
] as const;
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];

/** Query-string names used by the filter form. */
export const FILTER_PARAMS = { query: 'q', country: 'pais', grape: 'uva', priceBand: 'preco', glass: 'taca' } as const;

export interface MenuFilters {
  /** Free words, each to be found in name, producer, region, country, grape, style or vintage. */
  query?: string;
  country?: string;
  grape?: string;
  priceBand?: PriceBandId;
  /** Only wines sold by the glass ("Por taça"). */
  glass?: boolean;
}

export interface FilterOptions {
  countries: string[];
  grapes: string[];
  /** Some wine is sold by the glass: the form offers "Por taça". */
  glass: boolean;
}

const MAX_FILTER_LENGTH = 100;
const MAX_QUERY_LENGTH = 60;

/** Lower-case, accent-free, single-spaced form used to compare guest input with wine data. */
export function normalizeKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function firstString(value: unknown, max = MAX_FILTER_LENGTH): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string') return undefined;
  const cleaned = v
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters on purpose
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned || cleaned.length > max) return undefined;
  return cleaned;
}

function isPriceBandId(value: string): value is PriceBandId {
  return PRICE_BANDS.some((b) => b.id === value);
}

/**
 * Reads `q`, `pais`, `uva`, `preco` and `taca` from a parsed query string; anything missing, malformed or unknown is
 * ignored. `taca` is a checkbox: any value ("on", "1") asks for it.
 */
export function parseMenuFilters(query: Record<string, unknown> | null | undefined): MenuFilters {
  const filters: MenuFilters = {};
  if (!query || typeof query !== 'object') return filters;
  const words = firstString(query[FILTER_PARAMS.query], MAX_QUERY_LENGTH);
  if (words) filters.query = words;
  const country = firstString(query[FILTER_PARAMS.country]);
  if (country) filters.country = country;
  const grape = firstString(query[FILTER_PARAMS.grape]);
  if (grape) filters.grape = grape;
  const band = firstString(query[FILTER_PARAMS.priceBand]);
  if (band && isPriceBandId(band)) filters.priceBand = band;
  if (firstString(query[FILTER_PARAMS.glass])) filters.glass = true;
  return filters;
}

/** "Cabernet Sauvignon 60%, Merlot / Syrah e Malbec" -> ["Cabernet Sauvignon", "Merlot", "Syrah", "Malbec"]. */
export function splitGrapes(grapeVariety: string | null | undefined): string[] {
  if (!grapeVariety) return [];
  return grapeVariety
    .split(/\s*(?:[,;/+&|]|\s+e\s+)\s*/i)
    .map((g) =>
      g
        .replace(/\(?\d+(?:[.,]\d+)?\s*%\)?/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((g) => g.length > 0);
}

export function priceInBand(price: unknown, bandId: PriceBandId): boolean {
  const n = typeof price === 'string' ? Number(price) : price;
  if (typeof n !== 'number' || !Number.isFinite(n)) return false;
  const band = PRICE_BANDS.find((b) => b.id === bandId);
  if (!band) return true;
  if (band.min !== null && n <= band.min) return false;
  if (band.max !== null && n > band.max) return false;
  return true;
}

export function isAvailable(wine: PublicMenuWine): boolean {
  return wine.available === true;
}

const PT = guestMessages(DEFAULT_GUEST_LANGUAGE);

/**
 * What a search looks in. In pt-BR: the names and structured fields. In another language also what the guest reads
 * there (the country, the style, the category's name, the wine's translated description) and the category's pt-BR
 * name, so a tourist's "red" finds the Tintos and "tinto" keeps working.
 */
function searchableText(wine: PublicMenuWine, m: GuestMessages, categoryLabels: Record<string, string>): string {
  const fields: unknown[] = [wine.name, wine.producer, wine.region, wine.country, wine.grape_variety, wine.wine_style, wine.vintage];
  if (m.lang !== DEFAULT_GUEST_LANGUAGE) {
    const category = wine.category?.trim() ?? '';
    fields.push(
      wine.country && m.country(wine.country),
      wine.wine_style && m.style(wine.wine_style),
      category && (categoryLabels[category] ?? m.category(category)),
      category && PT.category(category),
      wine.description,
    );
  }
  return normalizeKey(fields.filter(Boolean).join(' '));
}

/**
 * Available wines matching every filter that is set (text compares case- and accent-insensitively); a search in the
 * guest's language `m` (with the restaurant's names of its custom categories in it).
 */
export function filterWines<W extends PublicMenuWine>(
  wines: readonly W[],
  filters: MenuFilters,
  m: GuestMessages = PT,
  categoryLabels: Record<string, string> = {},
): W[] {
  const words = filters.query ? normalizeKey(filters.query).split(' ') : [];
  const country = filters.country ? normalizeKey(filters.country) : null;
  const grape = filters.grape ? normalizeKey(filters.grape) : null;
  return wines.filter((wine) => {
    if (!isAvailable(wine)) return false;
    if (words.length > 0) {
      const text = searchableText(wine, m, categoryLabels);
      if (!words.every((w) => text.includes(w))) return false;
    }
    if (country && normalizeKey(wine.country ?? '') !== country) return false;
    if (grape && !splitGrapes(wine.grape_variety).some((g) => normalizeKey(g) === grape)) return false;
    if (filters.priceBand && !priceInBand(wine.price, filters.priceBand)) return false;
    if (filters.glass && wine.glass_price === null) return false;
    return true;
  });
}

function uniqueSorted(values: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const v of values) {
    const label = v.replace(/\s+/g, ' ').trim();
    if (!label) continue;
    const key = normalizeKey(label);
    if (!byKey.has(key)) byKey.set(key, label);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));
}

/** Countries and grapes present among the available wines, for the filter selects. */
export function deriveFilterOptions(wines: readonly PublicMenuWine[]): FilterOptions {
  const available = wines.filter(isAvailable);
  return {
    countries: uniqueSorted(available.map((w) => w.country ?? '')),
    grapes: uniqueSorted(available.flatMap((w) => splitGrapes(w.grape_variety))),
    glass: available.some((w) => w.glass_price !== null),
  };
}

/**
 * Keeps only filter values that exist among the options, replaced by their canonical spelling,
 * so a stale or hand-edited link falls back to "no filter" instead of an impossible one.
 */
export function sanitizeFilters(filters: MenuFilters, options: FilterOptions): MenuFilters {
  const out: MenuFilters = {};
  if (filters.query) out.query = filters.query;
  const pick = (value: string | undefined, list: string[]) => {
    if (!value) return undefined;
    const key = normalizeKey(value);
    return list.find((o) => normalizeKey(o) === key);
  };
  const country = pick(filters.country, options.countries);
  if (country) out.country = country;
  const grape = pick(filters.grape, options.grapes);
  if (grape) out.grape = grape;
  if (filters.priceBand && isPriceBandId(filters.priceBand)) out.priceBand = filters.priceBand;
  if (filters.glass && options.glass) out.glass = true;
  return out;
}

export function hasActiveFilters(filters: MenuFilters): boolean {
  return Boolean(filters.query || filters.country || filters.grape || filters.priceBand || filters.glass);
}
