import { describe, expect, it } from 'vitest';
import { foldText, searchTerms } from '../../../shared/text-search.js';
import { CatalogSearchIndex, type SearchCriteria, type SearchIndexRow } from './search-index.js';
import { compareKeys } from './search-index-ids.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const byName = (a: SearchIndexRow, b: SearchIndexRow) => compareKeys(a.sortKey, a.id, b.sortKey, b.id);

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

function catalogue(size: number, next: () => number, first = 0): SearchIndexRow[] {
  return Array.from({ length: size }, (_, i) => generatedWine(first + i, next)).sort(byName);
}

function generatedWine(n: number, next: () => number): SearchIndexRow {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  {
    const name = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(VOCABULARY)).join(' ');
    const grape = pick(GRAPES);
    const style = pick(STYLES);
    return {
      id: uuid(n),
      searchText: foldText([name, grape, style].filter(Boolean).join(' ')),
      sortKey: foldText(name),
      countryKey: foldText(pick(COUNTRIES)) || null,
      grapeVarietyKey: foldText(grape) || null,
      wineStyleKey: foldText(style) || null,
    };
  }
}

const criteria = (q: string, filters: Partial<Omit<SearchCriteria, 'words'>> = {}): SearchCriteria => ({
  words: searchTerms(q),
  country: foldText(filters.country),
  grape: foldText(filters.grape),
  style: foldText(filters.style),
});

describe('CatalogSearchIndex', () => {
  it('finds what the SQL found, page by page and counted, on 2,000 generated wines and 400 searches', async () => {
    const next = random(7);
    const rows = catalogue(2000, next);
    const index = await CatalogSearchIndex.from(1, rows);
    expectSameAsSql(index, rows);
  });

  it('applies inserts, updates (moving a wine in name order) and deletes, and finds what the SQL finds after them', async () => {
    const next = random(11);
    let rows = catalogue(1500, next);
    const index = await CatalogSearchIndex.from(1, rows);
    let revision = 1;
    let fresh = 10_000;
    for (let round = 0; round < 6; round++) {
      const changes = [];
      // Updates: a new name (and so a new place in the order) for some wines, their old row gone.
      for (let k = 0; k < 40; k++) {
        const old = rows[Math.floor(next() * rows.length)] as SearchIndexRow;
        const updated = { ...generatedWine(fresh++, next), id: old.id };
        rows = rows.map((r) => (r.id === old.id ? updated : r));
        changes.push({ id: old.id, row: updated });
      }
      for (let k = 0; k < 30; k++) {
        const added = generatedWine(fresh++, next);
        rows.push(added);
        changes.push({ id: added.id, row: added });
      }
      for (let k = 0; k < 25; k++) {
        const gone = rows[Math.floor(next() * rows.length)] as SearchIndexRow;
        rows = rows.filter((r) => r.id !== gone.id);
        changes.push({ id: gone.id });
      }
      rows.sort(byName);
      index.apply(++revision, changes);
      expect(index.revision).toBe(revision);
      expect(index.size).toBe(rows.length);
      expectSameAsSql(index, rows, 60);
    }
    // Folded into a new base, the same answers.
    const compacted = await index.compacted();
    expect(compacted.pendingChanges).toBe(0);
    expect(compacted.size).toBe(rows.length);
    expectSameAsSql(compacted, rows, 100);
    // Applying a change twice (a loader that read a wine before and after it changed) leaves it once.
    const twice = rows[3] as SearchIndexRow;
    compacted.apply(revision + 1, [{ id: twice.id, row: twice }]);
    compacted.apply(revision + 2, [{ id: twice.id, row: twice }]);
    expect(compacted.size).toBe(rows.length);
    expectSameAsSql(compacted, rows, 40);
  });
});

function expectSameAsSql(index: CatalogSearchIndex, rows: SearchIndexRow[], searches = 400) {
  {
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
    for (let k = 0; k < searches; k++) {
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
  }
}

describe('CatalogSearchIndex (small cases)', () => {
  it('lists a wine once when two of its words contain the searched part, and everything without a word', async () => {
    const [a, b, c] = [uuid(1), uuid(2), uuid(3)];
    const rows: SearchIndexRow[] = [
      { id: a, searchText: 'primrose rose', sortKey: 'primrose', countryKey: null, grapeVarietyKey: null, wineStyleKey: null },
      { id: b, searchText: 'malbec', sortKey: 'q', countryKey: 'brasil', grapeVarietyKey: 'malbec', wineStyleKey: 'tinto' },
      { id: c, searchText: 'rosado', sortKey: 'rosado', countryKey: 'franca', grapeVarietyKey: null, wineStyleKey: null },
    ];
    const index = await CatalogSearchIndex.from(3, rows);
    expect(index.find(criteria('rose'), 0, 10, 100)).toEqual({ ids: [a], found: 1 });
    expect(index.find(criteria('ros'), 0, 10, 100)).toEqual({ ids: [a, c], found: 2 });
    expect(index.find(criteria(''), 0, 10, 100)).toEqual({ ids: [a, b, c], found: 3 });
    expect(index.find(criteria('', { country: 'bras' }), 0, 10, 100)).toEqual({ ids: [b], found: 1 });
    expect(index.find(criteria('nada'), 0, 10, 100)).toEqual({ ids: [], found: 0 });
    expect(index.size).toBe(3);
    expect(index.revision).toBe(3);
  });

  it('a text that is not its words joined by one space (written straight into the table) is searched as it is', async () => {
    const [a, b] = [uuid(1), uuid(2)];
    const rows: SearchIndexRow[] = [
      { id: a, searchText: ' alto  douro ', sortKey: 'alto', countryKey: null, grapeVarietyKey: 'touriga nacional', wineStyleKey: null },
      {
        id: b,
        searchText: 'baixo douro touriga nacional',
        sortKey: 'baixo',
        countryKey: null,
        grapeVarietyKey: 'touriga nacional',
        wineStyleKey: null,
      },
    ];
    const index = await CatalogSearchIndex.from(1, rows);
    expect(index.find(criteria('douro alto'), 0, 10, 100)).toEqual({ ids: [a], found: 1 });
    expect(index.find(criteria('douro', { grape: 'touriga nacional' }), 0, 10, 100)).toEqual({ ids: [b], found: 1 });
    const compacted = await index.compacted();
    expect(compacted.find(criteria('o  d'), 0, 10, 100)).toEqual({ ids: [a, b], found: 2 });
  });

  it('an empty catalogue finds nothing', async () => {
    expect((await CatalogSearchIndex.from(0, [])).find(criteria('rose'), 0, 50, 1000)).toEqual({ ids: [], found: 0 });
  });
});
