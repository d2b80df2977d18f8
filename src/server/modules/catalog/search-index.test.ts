import { describe, expect, it } from 'vitest';
import { foldText, searchTerms } from '../../../shared/text-search.js';
import { CatalogSearchIndex, type SearchCriteria, type SearchIndexRow } from './search-index.js';

/** What the SQL it replaced answered: every word, and each filter, `like '%…%'` on its column; the rows in order. */
function expected(rows: SearchIndexRow[], c: SearchCriteria): string[] {
  return rows
    .filter(
      (r) =>
        c.words.every((w) => r.searchText.includes(w)) &&
        (!c.grape || (r.searchText.includes(c.grape) && (r.grapeVarietyKey ?? '').includes(c.grape))) &&
        (!c.country || (r.countryKey ?? '').includes(c.country)) &&
        (!c.style || (r.wineStyleKey ?? '').includes(c.style)),
    )
    .map((r) => r.id);
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const VOCABULARY = [
  'rose',
  'primrose',
  'rosé',
  'malbec',
  'gran',
  'reserva',
  'grand',
  'cru',
  'vale',
  'dos',
  'vinhedos',
  "d'anjou",
  '2015',
  'x%y',
  'a_b',
];
const GRAPES = ['Cabernet Sauvignon', 'Sauvignon Blanc', 'Malbec', 'Touriga Nacional', null];
const COUNTRIES = ['Brasil', 'França', 'Portugal', null];
const STYLES = ['Tinto', 'Branco', 'Espumante', null];

function catalogue(size: number, next: () => number): SearchIndexRow[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: size }, (_, i) => {
    const name = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(VOCABULARY)).join(' ');
    const grape = pick(GRAPES);
    const style = pick(STYLES);
    return {
      id: `w${String(i).padStart(4, '0')}`,
      searchText: foldText([name, grape, style].filter(Boolean).join(' ')),
      countryKey: foldText(pick(COUNTRIES)) || null,
      grapeVarietyKey: foldText(grape) || null,
      wineStyleKey: foldText(style) || null,
    };
  });
}

const criteria = (q: string, filters: Partial<Omit<SearchCriteria, 'words'>> = {}): SearchCriteria => ({
  words: searchTerms(q),
  country: foldText(filters.country),
  grape: foldText(filters.grape),
  style: foldText(filters.style),
});

describe('CatalogSearchIndex', () => {
  it('finds what the SQL found, page by page and counted, on 2,000 generated wines and 400 searches', () => {
    const next = random(7);
    const rows = catalogue(2000, next);
    const index = new CatalogSearchIndex(1, rows);
    const parts = [
      'ros',
      'rose',
      'malbec',
      'gran',
      'ran',
      'reserva gran',
      'vale dos',
      "d'a",
      '2015',
      '%',
      '_',
      'x%y',
      'zzz',
      'e',
      'sauvignon',
    ];
    for (let k = 0; k < 400; k++) {
      const c = criteria(parts[k % parts.length] as string, {
        country: k % 3 === 0 ? 'brasil' : k % 7 === 0 ? 'fran' : '',
        grape: k % 5 === 0 ? 'sauvignon' : k % 11 === 0 ? 'cabernet sauvignon' : '',
        style: k % 4 === 0 ? 'tinto' : '',
      });
      const all = expected(rows, c);
      const offset = [0, 50, 100, 990][k % 4] as number;
      const cap = Math.max(100, offset + 50);
      const page = index.find(c, offset, 50, cap);
      expect(page.ids).toEqual(all.slice(offset, offset + 50));
      // Counted exactly up to the cap; beyond it, "more than the cap".
      if (all.length <= cap) expect(page.found).toBe(all.length);
      else expect(page.found).toBe(cap + 1);
    }
  });

  it('lists a wine once when two of its words contain the searched part, and everything without a word', () => {
    const rows: SearchIndexRow[] = [
      { id: 'a', searchText: 'primrose rose', countryKey: null, grapeVarietyKey: null, wineStyleKey: null },
      { id: 'b', searchText: 'malbec', countryKey: 'brasil', grapeVarietyKey: 'malbec', wineStyleKey: 'tinto' },
      { id: 'c', searchText: 'rosado', countryKey: 'franca', grapeVarietyKey: null, wineStyleKey: null },
    ];
    const index = new CatalogSearchIndex(3, rows);
    expect(index.find(criteria('rose'), 0, 10, 100)).toEqual({ ids: ['a'], found: 1 });
    expect(index.find(criteria('ros'), 0, 10, 100)).toEqual({ ids: ['a', 'c'], found: 2 });
    expect(index.find(criteria(''), 0, 10, 100)).toEqual({ ids: ['a', 'b', 'c'], found: 3 });
    expect(index.find(criteria('', { country: 'bras' }), 0, 10, 100)).toEqual({ ids: ['b'], found: 1 });
    expect(index.find(criteria('nada'), 0, 10, 100)).toEqual({ ids: [], found: 0 });
    expect(index.size).toBe(3);
    expect(index.revision).toBe(3);
  });

  it('an empty catalogue finds nothing', () => {
    expect(new CatalogSearchIndex(0, []).find(criteria('rose'), 0, 50, 1000)).toEqual({ ids: [], found: 0 });
  });
});
