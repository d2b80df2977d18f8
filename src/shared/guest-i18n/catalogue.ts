/**
 * Guest languages (issue 28): what the system itself writes on the public menu, its offline copy, the PDF and the
 * table sheets, in pt-BR, English and Spanish; how a request gets its language; country names through
 * Intl.DisplayNames. Prices stay in R$ with the Brazilian format in every language (money.ts).
 * The restaurant's own texts (names, descriptions, custom categories) are not here: the restaurant translates them.
 */
import type { WineCategory, WineStyle } from '../wine-vocabulary.js';
import { en } from './en.js';
import { es } from './es.js';
import { ptBR } from './pt-BR.js';

export const GUEST_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];
export const DEFAULT_GUEST_LANGUAGE: GuestLanguage = 'pt-BR';

/** The switch's labels ("PT · EN · ES") and the languages' own names. */
export const LANGUAGE_SHORT: Record<GuestLanguage, string> = { 'pt-BR': 'PT', en: 'EN', es: 'ES' };
export const LANGUAGE_NAME: Record<GuestLanguage, string> = { 'pt-BR': 'Português', en: 'English', es: 'Español' };

export type TextKey = keyof typeof ptBR.text;
export type PriceBandKey = keyof typeof ptBR.priceBands;

export interface Catalogue {
  text: Record<TextKey, string>;
  categories: Record<WineCategory, string>;
  blurbs: Record<WineCategory, string>;
  styles: Record<WineStyle, string>;
  priceBands: Record<PriceBandKey, string>;
}

export const CATALOGUES: Record<GuestLanguage, Catalogue> = { 'pt-BR': ptBR, en, es };

/** "pt", "PT-br", "pt-PT" -> "pt-BR"; "en-US" -> "en"; "es-419" -> "es"; anything else -> null. */
export function parseGuestLanguage(value: unknown): GuestLanguage | null {
  if (typeof value !== 'string') return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'pt') return 'pt-BR';
  if (primary === 'en') return 'en';
  if (primary === 'es') return 'es';
  return null;
}

const acceptCache = new Map<string, GuestLanguage[]>();

/** The guest languages an Accept-Language header asks for, best first (q=0 refused, equal weights in header order). */
export function acceptedLanguages(header: string | undefined): GuestLanguage[] {
  if (!header) return [];
  const known = acceptCache.get(header);
  if (known) return known;
  const ranked: { lang: GuestLanguage; q: number; i: number }[] = [];
  header.split(',').forEach((part, i) => {
    const [tag, ...params] = part.split(';');
    const lang = parseGuestLanguage(tag);
    if (!lang) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    ranked.push({ lang, q, i });
  });
  ranked.sort((a, b) => b.q - a.q || a.i - b.i);
  const out: GuestLanguage[] = [];
  for (const r of ranked) if (!out.includes(r.lang)) out.push(r.lang);
  // Browsers send a handful of distinct headers: parse each once (bounded).
  if (acceptCache.size < 256) acceptCache.set(header, out);
  return out;
}

/**
 * The language of a request: the explicit `?lang=` when the menu offers it, else the best of Accept-Language among
 * the languages offered, else pt-BR (always offered).
 */
export function chooseGuestLanguage(
  explicit: unknown,
  acceptLanguage: string | undefined,
  offered: readonly GuestLanguage[],
): GuestLanguage {
  const asked = parseGuestLanguage(Array.isArray(explicit) ? explicit[0] : explicit);
  if (asked && (asked === DEFAULT_GUEST_LANGUAGE || offered.includes(asked))) return asked;
  for (const lang of acceptedLanguages(acceptLanguage)) if (lang === DEFAULT_GUEST_LANGUAGE || offered.includes(lang)) return lang;
  return DEFAULT_GUEST_LANGUAGE;
}

/** The countries of the spec's vocabulary (stored in Portuguese) by ISO 3166 code, for Intl.DisplayNames. */
const COUNTRY_CODES: Record<string, string> = {
  Brasil: 'BR',
  Argentina: 'AR',
  Chile: 'CL',
  Espanha: 'ES',
  Portugal: 'PT',
  França: 'FR',
  Itália: 'IT',
  'Estados Unidos': 'US',
  'África do Sul': 'ZA',
  Alemanha: 'DE',
  Austrália: 'AU',
  Uruguai: 'UY',
  'Nova Zelândia': 'NZ',
  Áustria: 'AT',
  Grécia: 'GR',
  Hungria: 'HU',
  Líbano: 'LB',
};

export interface GuestMessages {
  readonly lang: GuestLanguage;
  /** A fixed text with its `{name}` slots filled. */
  t(key: TextKey, vars?: Record<string, string | number>): string;
  /** "12 wines" / "1 vinho": the count in the language's number format and its plural. */
  wines(n: number): string;
  /** Count-dependent text: `${key}.one` or `${key}.other` by the language's plural rules, with {n}. */
  plural(key: 'find.active', n: number): string;
  /** A category as guests read it: the vocabulary's label, else as stored. */
  category(name: string): string;
  blurb(name: string): string | null;
  /** A country stored in Portuguese, in this language (Intl.DisplayNames); other text as written. */
  country(name: string): string;
  /** A wine style of the vocabulary in this language; other text as written. */
  style(name: string): string;
  priceBand(id: PriceBandKey): string;
}

function fill(template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

function build(lang: GuestLanguage): GuestMessages {
  const c = CATALOGUES[lang];
  const rules = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const regions = lang === DEFAULT_GUEST_LANGUAGE ? null : new Intl.DisplayNames([lang], { type: 'region' });
  // CLDR files 0 under "one" for Portuguese; Brazilian screens say "0 vinhos", so zero takes the plural everywhere.
  const form = (n: number) => (n !== 0 && rules.select(n) === 'one' ? 'one' : 'other');
  const categories = c.categories as Record<string, string>;
  const blurbs = c.blurbs as Record<string, string>;
  const styles = c.styles as Record<string, string>;
  return {
    lang,
    t: (key, vars) => fill(c.text[key], vars),
    wines: (n) => `${numbers.format(n)} ${c.text[form(n) === 'one' ? 'wine.one' : 'wine.other']}`,
    plural: (key, n) => fill(c.text[`${key}.${form(n)}`], { n: numbers.format(n) }),
    category: (name) => categories[name] ?? name,
    blurb: (name) => blurbs[name] ?? null,
    country: (name) => {
      const code = regions ? COUNTRY_CODES[name.trim()] : undefined;
      return (code && regions?.of(code)) || name;
    },
    style: (name) => styles[name.trim()] ?? name,
    priceBand: (id) => c.priceBands[id],
  };
}

const built = new Map<GuestLanguage, GuestMessages>();
export function guestMessages(lang: GuestLanguage = DEFAULT_GUEST_LANGUAGE): GuestMessages {
  let m = built.get(lang);
  if (!m) {
    m = build(lang);
    built.set(lang, m);
  }
  return m;
}
