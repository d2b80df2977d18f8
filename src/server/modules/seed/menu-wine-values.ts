import type { menuWines } from '../../db/schema/index.js';
import { CATALOG_WINES } from './catalog-data.js';
import type { SeedMenuWine } from './pedra-da-ilha-data.js';

/** A sample menu wine takes producer, vintage and region from the sample catalogue wine of the same name. */
const CATALOG_BY_NAME = new Map(CATALOG_WINES.map((w) => [w.name, w]));

/** A sample menu wine as the columns of menu_wines (without menu and position). */
export function menuWineValues(wine: SeedMenuWine, imageUrl: string | null = null) {
  const origin = CATALOG_BY_NAME.get(wine.name.replace(/\s*\((?:taça|meia garrafa|magnum)\)$/i, ''));
  return {
    name: wine.name,
    description: wine.description,
    price: wine.price,
    category: wine.category,
    country: wine.country,
    region: origin?.region ?? null,
    producer: origin?.producer ?? null,
    vintage: origin?.vintage ?? null,
    wineStyle: wine.wine_style,
    grapeVariety: wine.grape_variety,
    alcoholContent: wine.alcohol_content,
    volume: wine.volume,
    aging: wine.aging,
    color: wine.color,
    aroma: wine.aroma,
    palate: wine.palate,
    pairing: wine.pairing,
    imageUrl,
    available: wine.available,
  } satisfies Omit<typeof menuWines.$inferInsert, 'menuId' | 'position'>;
}
