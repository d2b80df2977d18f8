import type { CatalogWine } from '../../../shared/catalog';
import type { MenuWineDetail as MenuWine, MenuWineInput } from '../../../shared/wine-menus';
import { DEFAULT_WINE_VOLUME, WINE_VOLUMES } from '../../../shared/wine-vocabulary';
import { blankNulls } from '../../lib/form-values';
import { WINE_TEXT_FIELDS } from '../../ui/wine-fields/wine-field-values';

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
    ...blankNulls(w, [...WINE_TEXT_FIELDS, 'aging', 'glass_price']),
    name: w.name,
    price: w.price,
    category: w.category as MenuWineInput['category'],
    country: w.country,
    volume: (WINE_VOLUMES as readonly string[]).includes(w.volume) ? (w.volume as MenuWineInput['volume']) : DEFAULT_WINE_VOLUME,
    image_url: w.image_url,
    available: w.available,
    cellar_item_id: w.cellar_item_id,
    by_the_glass: w.by_the_glass,
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
    ...blankNulls(c, WINE_TEXT_FIELDS),
    cellar_item_id: cellarItemId,
    name: c.name,
    country: c.country,
    volume: normalizeVolume(c.volume),
    image_url: c.image_url,
  };
}
