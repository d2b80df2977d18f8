import { foldText } from '../../../shared/text-search.js';

/** The searchable fields of a catalogue wine, snake_case (API/seed data) or camelCase (Drizzle rows). */
export interface CatalogSearchFields {
  name: string;
  producer?: string | null;
  region?: string | null;
  grape_variety?: string | null;
  grapeVariety?: string | null;
  wine_style?: string | null;
  wineStyle?: string | null;
}

/**
 * Value of `catalog_wines.search_text` for a wine: accent-folded, lower-case name, producer, region, grape
 * and style ("espumante" finds the sparkling wines).
 * Every writer of catalog_wines (API, seed, imports) must store it, or `q` will not find the wine.
 */
export function catalogSearchText(wine: CatalogSearchFields): string {
  return foldText(
    [wine.name, wine.producer, wine.region, wine.grape_variety ?? wine.grapeVariety, wine.wine_style ?? wine.wineStyle]
      .filter(Boolean)
      .join(' '),
  );
}
