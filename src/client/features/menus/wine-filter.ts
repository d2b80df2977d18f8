import type { MenuWine } from '../../../shared/wine-menus';
import { searchable } from '../../ui/wine-format';

export type Availability = 'all' | 'available' | 'unavailable';

export interface WineFilter {
  q: string;
  availability: Availability;
}

export const NO_FILTER: WineFilter = { q: '', availability: 'all' };

export const isFiltering = (f: WineFilter) => f.q.trim() !== '' || f.availability !== 'all';

type Searchable = MenuWine & { producer?: string | null; region?: string | null; vintage?: number | string | null };

/** Wines whose name, producer, grape, region, country or style hold every typed word (accents and case ignored). */
export function filterWines<W extends MenuWine>(wines: W[], filter: WineFilter): W[] {
  const words = searchable(filter.q).split(/\s+/).filter(Boolean);
  return wines.filter((wine) => {
    if (filter.availability === 'available' && !wine.available) return false;
    if (filter.availability === 'unavailable' && wine.available) return false;
    if (words.length === 0) return true;
    const w = wine as Searchable;
    const haystack = searchable(
      [w.name, w.producer, w.grape_variety, w.region, w.country, w.wine_style, w.vintage].filter((v) => v != null).join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}
