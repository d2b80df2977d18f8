/** What the public (guest-facing) menu and establishment endpoints and pages work with. */
import type { GuestLanguage } from './guest-i18n/catalogue.js';
import { formatBRL, toCents } from './money.js';

export interface PublicEstablishment {
  id: string;
  name: string;
  slug: string | null;
  description: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  sommelier: string | null;
  logo: string | null;
}

export interface PublicMenuWine {
  id: string;
  name: string;
  description: string | null;
  price: number;
  category: string;
  country: string | null;
  region: string | null;
  producer: string | null;
  /** Year of the harvest (safra); null for non-vintage wines. */
  vintage: number | null;
  wine_style: string | null;
  grape_variety: string | null;
  alcohol_content: string | null;
  volume: string;
  aging: string | null;
  color: string | null;
  aroma: string | null;
  palate: string | null;
  pairing: string | null;
  image_url: string | null;
  available: boolean;
  /** What a glass costs (typed or computed); null when the wine is not sold by the glass. */
  glass_price: number | null;
  /** What the house cellar says of a linked wine; null for a wine without a cellar item or with plenty left. */
  stock: PublicStock | null;
}

/**
 * 'sold_out': no bottle and no glass left ("Esgotado"); 'low': at or below the menu's threshold ("Última garrafa",
 * "Últimas N garrafas"); 'glass_only': no closed bottle, glasses left in the open one (sold by the glass only).
 */
export interface PublicStock {
  state: 'sold_out' | 'low' | 'glass_only';
  /** Closed bottles left (0 unless 'low'). */
  bottles: number;
}

export interface PublicMenu {
  id: string;
  name: string;
  description: string | null;
  slug: string | null;
  establishment_id: string;
  /** In menu order; public endpoints include only available wines. */
  wines: PublicMenuWine[];
  /** The languages guests may read it in (pt-BR first, then each offered language whose texts are complete). */
  languages?: GuestLanguage[];
  /** The restaurant's own texts in each of those languages but pt-BR (issue 28). */
  translations?: Partial<Record<GuestLanguage, MenuTranslation>>;
}

/** The restaurant's own texts of a menu in one guest language: the system's texts are in the catalogues. */
export interface MenuTranslation {
  name: string;
  description: string | null;
  /** Wine id -> its description in this language. */
  wines: Record<string, string>;
  /** A category outside the vocabulary (as stored) -> its name in this language. */
  categories: Record<string, string>;
}

export interface PublicMenuResponse {
  menu: PublicMenu;
  establishment: PublicEstablishment;
}

export interface PublicMenuSummary {
  id: string;
  name: string;
  description: string | null;
  slug: string | null;
  wine_count: number;
}

export interface PublicEstablishmentResponse {
  establishment: PublicEstablishment;
  menus: PublicMenuSummary[];
}

/** Path of a menu's public page: /{estSlug}/{menuSlug or id}, or /carta/{slug or id} without an establishment slug. */
export function publicMenuPath(establishment: { slug: string | null }, menu: { id: string; slug: string | null }): string {
  const menuKey = encodeURIComponent(menu.slug || menu.id);
  return establishment.slug ? `/${encodeURIComponent(establishment.slug)}/${menuKey}` : `/carta/${menuKey}`;
}

/** "750ml" -> "750 ml", "1500ml" -> "1,5 L". */
export function formatVolume(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  const m = /^(\d+(?:[.,]\d+)?)\s*ml$/i.exec(v);
  if (!m?.[1]) return v || null;
  const ml = Number(m[1].replace(',', '.'));
  if (ml >= 1000) return `${String(ml / 1000).replace('.', ',')} L`;
  return `${m[1]} ml`;
}

/**
 * The price a guest reads (shared/glass-price.ts has the rule): the bottle's; "Taça R$ 32,00 · Garrafa R$ 149,90" for a
 * wine sold both ways; "Taça R$ 69,00" alone when the glass is the whole (one-glass) bottle or when only glasses are
 * left. Each price unbroken, so a narrow column breaks the line only after the dot.
 */
export function guestPrice(wine: Pick<PublicMenuWine, 'price' | 'glass_price' | 'stock'>, words: PriceWords = PT_PRICE_WORDS): string {
  return guestPriceParts(wine, words).join('\u00a0· ');
}

/** The words before a price, in the guest's language (the price itself stays R$ in the Brazilian format). */
export interface PriceWords {
  glass: string;
  bottle: string;
}
const PT_PRICE_WORDS: PriceWords = { glass: 'Taça', bottle: 'Garrafa' };

/** The prices a guest reads, one per thing to buy: ["R$ 189,00"], ["Taça R$ 69,90"] or ["Taça …", "Garrafa …"]. */
export function guestPriceParts(
  wine: Pick<PublicMenuWine, 'price' | 'glass_price' | 'stock'>,
  words: PriceWords = PT_PRICE_WORDS,
): string[] {
  const glass = wine.glass_price;
  if (glass === null) return [formatBRL(wine.price)];
  const onlyGlass = toCents(glass) === toCents(wine.price) || wine.stock?.state === 'glass_only';
  const byGlass = `${words.glass}\u00a0${formatBRL(glass)}`;
  return onlyGlass ? [byGlass] : [byGlass, `${words.bottle}\u00a0${formatBRL(wine.price)}`];
}

/** The price and the size as one line, as the menu editor previews them ("Na carta: …"). */
export function guestPriceLine(wine: Pick<PublicMenuWine, 'price' | 'glass_price' | 'stock' | 'volume'>): string {
  return [guestPrice(wine), formatVolume(wine.volume)].filter(Boolean).join(' · ');
}
