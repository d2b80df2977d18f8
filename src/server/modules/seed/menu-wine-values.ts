import type { menuWines } from '../../db/schema/index.js';
import type { SeedMenuWine } from './pedra-da-ilha-data.js';

/** A sample menu wine as the columns of menu_wines (without menu and position). */
export function menuWineValues(wine: SeedMenuWine, imageUrl: string | null = null) {
  return {
    name: wine.name,
    description: wine.description,
    price: wine.price,
    category: wine.category,
    country: wine.country,
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
