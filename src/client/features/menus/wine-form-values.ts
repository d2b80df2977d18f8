import type { CatalogWine } from '../../../shared/catalog';
import type { MenuWineDetail as MenuWine, MenuWineInput } from '../../../shared/wine-menus';
import { DEFAULT_WINE_VOLUME, WINE_VOLUMES } from '../../../shared/wine-vocabulary';

/** What the wine form edits: text as typed, price as typed or a number, category '' until chosen. */
export type WineFormValues = MenuWineInput;

export const EMPTY_WINE: WineFormValues = {
  name: '',
  description: '',
  price: '',
  category: '' as MenuWineInput['category'],
  country: null,
  region: '',
  producer: '',
  vintage: '',
  wine_style: '',
  grape_variety: '',
  alcohol_content: '',
  volume: DEFAULT_WINE_VOLUME,
  aging: '',
  color: '',
  aroma: '',
  palate: '',
  pairing: '',
  image_url: null,
  available: true,
  cellar_item_id: null,
  by_the_glass: false,
  glass_price: '',
  // Empty: the server pours 150 ml glasses from the wine's volume (5 for 750 ml).
  glass_doses: '',
  glass_markup_percent: '',
};

export function wineToForm(w: MenuWine): WineFormValues {
  return {
    name: w.name,
    description: w.description ?? '',
    price: w.price,
    category: w.category as MenuWineInput['category'],
    country: w.country,
    region: w.region ?? '',
    producer: w.producer ?? '',
    vintage: w.vintage ?? '',
    wine_style: w.wine_style ?? '',
    grape_variety: w.grape_variety ?? '',
    alcohol_content: w.alcohol_content ?? '',
    volume: (WINE_VOLUMES as readonly string[]).includes(w.volume) ? (w.volume as MenuWineInput['volume']) : DEFAULT_WINE_VOLUME,
    aging: w.aging ?? '',
    color: w.color ?? '',
    aroma: w.aroma ?? '',
    palate: w.palate ?? '',
    pairing: w.pairing ?? '',
    image_url: w.image_url,
    available: w.available,
    cellar_item_id: w.cellar_item_id,
    by_the_glass: w.by_the_glass,
    glass_price: w.glass_price ?? '',
    glass_doses: w.glass_doses,
    glass_markup_percent: w.glass_markup_percent === null ? '' : w.glass_markup_percent,
  };
}

/** '750 ml', '0,75 L', '1.5L' -> one of the menu volumes, or the default. */
export function normalizeVolume(volume: string | null | undefined): (typeof WINE_VOLUMES)[number] {
  if (!volume) return DEFAULT_WINE_VOLUME;
  const v = volume.toLowerCase().replace(/\s+/g, '').replace(',', '.');
  const ml = v.endsWith('ml') ? Number(v.slice(0, -2)) : v.endsWith('l') ? Number(v.slice(0, -1)) * 1000 : Number(v);
  const match = WINE_VOLUMES.find((option) => Number(option.replace('ml', '')) === Math.round(ml));
  return match ?? DEFAULT_WINE_VOLUME;
}

/**
 * docs/product.md §2: a catalogue wine pre-fills the form, leaving price and category empty; it comes linked to the
 * establishment's cellar item of the same catalogue wine, when there is one.
 */
export function catalogToForm(c: CatalogWine, cellarItemId: string | null = null): WineFormValues {
  return {
    ...EMPTY_WINE,
    cellar_item_id: cellarItemId,
    name: c.name,
    description: c.description ?? '',
    country: c.country,
    region: c.region ?? '',
    producer: c.producer ?? '',
    vintage: c.vintage ?? '',
    wine_style: c.wine_style ?? '',
    grape_variety: c.grape_variety ?? '',
    alcohol_content: c.alcohol_content ?? '',
    volume: normalizeVolume(c.volume),
    color: c.color ?? '',
    aroma: c.aroma ?? '',
    palate: c.palate ?? '',
    pairing: c.pairing ?? '',
    image_url: c.image_url,
  };
}
