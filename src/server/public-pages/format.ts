/** Small pure helpers for the public pages: safe URLs, display formatting, category grouping. */

import { type GuestMessages, guestMessages } from '../../shared/guest-i18n/catalogue.js';
import type { PublicMenuWine } from '../../shared/public-menu.js';

export { formatVolume } from '../../shared/public-menu.js';

import { WINE_CATEGORIES } from '../../shared/wine-vocabulary.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
const UNSAFE_URL_CHARS = /[\s\u0000-\u001f\u007f\\<>"'`]/;

/** An image URL we are willing to put in `src`: http(s) or our own /uploads/ path; anything else -> null. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  if (!u || u.length > 2048 || UNSAFE_URL_CHARS.test(u)) return null;
  if (/^https?:\/\/[^/?#]+/i.test(u)) return u;
  if (u.startsWith('/uploads/') && !u.includes('..')) return u;
  return null;
}

/** An external link (establishment website) only when it is plain http(s). */
export function safeWebsiteUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  let u = url.trim();
  if (!u || u.length > 2048 || UNSAFE_URL_CHARS.test(u)) return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(u)) u = `https://${u}`;
  if (!/^https?:\/\/[^/?#]+/i.test(u)) return null;
  return u;
}

/** "https://www.casa.com.br/vinhos" -> "casa.com.br/vinhos" for display. */
export function websiteLabel(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

/** "(11) 3456-7890" -> "tel:1134567890"; null when there are no digits. */
export function telHref(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export function mailtoHref(email: string | null | undefined): string | null {
  if (!email) return null;
  const e = email.trim();
  if (!/^[^\s@<>"'(),;:\\]+@[^\s@<>"'(),;:\\]+\.[^\s@<>"'(),;:\\]+$/.test(e)) return null;
  return `mailto:${e}`;
}

/** "13.5" / "13,5%" / "13.5% vol" -> "13,5%"; other text is shown as given. */
export function formatAlcohol(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{1,2}(?:[.,]\d{1,2})?)\s*%?\s*(?:vol\.?|abv)?$/i.exec(v);
  if (m?.[1]) return `${m[1].replace('.', ',')}%`;
  return v;
}

/** Text cut at a word boundary with an ellipsis, for meta descriptions. */
export function truncate(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'vinhos'
  );
}

export const FALLBACK_CATEGORY = 'Outros vinhos';

export interface CategoryGroup<W> {
  /** Category name as stored. */
  name: string;
  /** What guests read, in the heading and the chip. */
  label: string;
  /** Unique HTML id of the section. */
  anchor: string;
  blurb: string | null;
  wines: W[];
}

/**
 * Groups wines by category: the known categories in WINE_CATEGORIES order, then any other category
 * alphabetically. Labels and blurbs in the guest's language (`m`); a custom category by the restaurant's own
 * translation (`customLabels`). Anchors stay those of the stored names, whatever the language. Wines keep their menu order inside a group. Empty groups are left out.
 */
export function groupByCategory<W extends Pick<PublicMenuWine, 'category'>>(
  wines: readonly W[],
  m: GuestMessages = guestMessages(),
  customLabels: Record<string, string> = {},
): CategoryGroup<W>[] {
  const groups = new Map<string, W[]>();
  for (const wine of wines) {
    const name = (typeof wine.category === 'string' ? wine.category.trim() : '') || FALLBACK_CATEGORY;
    const list = groups.get(name);
    if (list) list.push(wine);
    else groups.set(name, [wine]);
  }
  const known = WINE_CATEGORIES.filter((c) => groups.has(c)) as string[];
  const knownSet = new Set<string>(WINE_CATEGORIES);
  const others = [...groups.keys()].filter((c) => !knownSet.has(c)).sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));
  const usedAnchors = new Set<string>();
  return [...known, ...others].map((name) => {
    const base = `cat-${slugify(name)}`;
    let anchor = base;
    for (let i = 2; usedAnchors.has(anchor); i++) anchor = `${base}-${i}`;
    usedAnchors.add(anchor);
    return {
      name,
      label: name === FALLBACK_CATEGORY ? m.t('category.other') : (customLabels[name] ?? m.category(name)),
      anchor,
      blurb: m.blurb(name),
      wines: groups.get(name) ?? [],
    };
  });
}

/** "1 vinho" / "12 vinhos" (src/shared/plural.ts). */
export { countOf as plural } from '../../shared/plural.js';

/** Bidi controls (LRE…RLO, LRI…PDI, marks) and right-to-left letters: what can reorder the text around it. */
const BIDI_SENSITIVE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * User text for places that take no markup (the title, attributes): wrapped in FIRST STRONG ISOLATE … POP
 * DIRECTIONAL ISOLATE when it could reorder what follows it, so an U+202E in a name stays inside the name. In the
 * page itself the same job is done by <bdi> (components.tsx).
 */
export function isolate(text: string): string {
  return needsIsolation(text) ? `\u2068${text}\u2069` : text;
}

/** Text with nothing that could reorder its neighbours (no bidi controls, no right-to-left letters) needs no isolate. */
export const needsIsolation = (text: string) => BIDI_SENSITIVE.test(text);
