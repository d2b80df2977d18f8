import { describe, expect, it } from 'vitest';
import {
  deriveFilterOptions,
  filterWines,
  hasActiveFilters,
  parseMenuFilters,
  priceInBand,
  sanitizeFilters,
  splitGrapes,
} from './filters.js';
import { makeSampleMenu, makeWine } from './fixtures.js';
import { groupByCategory, safeImageUrl } from './format.js';

describe('parseMenuFilters', () => {
  it('reads pais, uva and preco', () => {
    expect(parseMenuFilters({ pais: 'Chile', uva: 'Malbec', preco: '100-200' })).toEqual({
      country: 'Chile',
      grape: 'Malbec',
      priceBand: '100-200',
    });
  });

  it('ignores unknown keys, invalid bands, empty, oversized and non-string values', () => {
    expect(parseMenuFilters({ foo: 'bar', preco: '0-50', pais: '   ', uva: { $ne: 1 } })).toEqual({});
    expect(parseMenuFilters({ pais: 'x'.repeat(500), uva: 42, preco: ['ate-100', '400-mais'] })).toEqual({
      priceBand: 'ate-100',
    });
    expect(parseMenuFilters({})).toEqual({});
    expect(parseMenuFilters(null as unknown as Record<string, unknown>)).toEqual({});
  });

  it('trims and strips control characters', () => {
    expect(parseMenuFilters({ pais: '  Brasil\u0000 ' })).toEqual({ country: 'Brasil' });
  });
});

describe('filterWines', () => {
  const wines = [
    makeWine({ name: 'A', country: 'Chile', grape_variety: 'Cabernet Sauvignon, Carménère', price: 90 }),
    makeWine({ name: 'B', country: 'Argentina', grape_variety: 'Malbec', price: 150 }),
    makeWine({ name: 'C', country: 'Chile', grape_variety: 'Malbec', price: 250 }),
    makeWine({ name: 'D', country: 'França', grape_variety: 'Pinot Noir', price: 480 }),
    makeWine({ name: 'E', country: 'Chile', grape_variety: 'Malbec', price: 120, available: false }),
  ];
  const names = (ws: { name: string }[]) => ws.map((w) => w.name);

  it('drops unavailable wines even with no filters', () => {
    expect(names(filterWines(wines, {}))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('filters by country (case and accent insensitive)', () => {
    expect(names(filterWines(wines, { country: 'Chile' }))).toEqual(['A', 'C']);
    expect(names(filterWines(wines, { country: 'franca' }))).toEqual(['D']);
  });

  it('filters by grape, including blends', () => {
    expect(names(filterWines(wines, { grape: 'Malbec' }))).toEqual(['B', 'C']);
    expect(names(filterWines(wines, { grape: 'carmenere' }))).toEqual(['A']);
  });

  it('filters by price band', () => {
    expect(names(filterWines(wines, { priceBand: 'ate-100' }))).toEqual(['A']);
    expect(names(filterWines(wines, { priceBand: '100-200' }))).toEqual(['B']);
    expect(names(filterWines(wines, { priceBand: '200-400' }))).toEqual(['C']);
    expect(names(filterWines(wines, { priceBand: '400-mais' }))).toEqual(['D']);
  });

  it('combines filters', () => {
    expect(names(filterWines(wines, { country: 'Chile', grape: 'Malbec' }))).toEqual(['C']);
    expect(names(filterWines(wines, { country: 'Argentina', priceBand: '400-mais' }))).toEqual([]);
  });

  it('puts band edges in the lower band', () => {
    expect(priceInBand(100, 'ate-100')).toBe(true);
    expect(priceInBand(100, '100-200')).toBe(false);
    expect(priceInBand(100.01, '100-200')).toBe(true);
    expect(priceInBand(400, '200-400')).toBe(true);
    expect(priceInBand(Number.NaN, 'ate-100')).toBe(false);
  });
});

describe('filter options', () => {
  it('derives sorted, unique countries and grapes from available wines only', () => {
    const menu = makeSampleMenu();
    const opts = deriveFilterOptions(menu.menu.wines);
    expect(opts.countries).toEqual(['Argentina', 'Brasil', 'Chile', 'Espanha', 'Estados Unidos', 'França', 'Itália', 'Portugal']);
    expect(opts.grapes).toContain('Malbec');
    expect(opts.grapes).toContain('Touriga Nacional');
    expect(new Set(opts.grapes).size).toBe(opts.grapes.length);
  });

  it('splits blends and drops percentages', () => {
    expect(splitGrapes('Cabernet Sauvignon 60%, Merlot (40%)')).toEqual(['Cabernet Sauvignon', 'Merlot']);
    expect(splitGrapes('Touriga Nacional / Tinta Roriz e Touriga Franca')).toEqual(['Touriga Nacional', 'Tinta Roriz', 'Touriga Franca']);
    expect(splitGrapes(null)).toEqual([]);
  });

  it('sanitizeFilters keeps known values in canonical spelling and drops the rest', () => {
    const opts = { countries: ['Chile', 'França'], grapes: ['Malbec'], glass: false };
    expect(sanitizeFilters({ country: 'franca', grape: 'Syrah', priceBand: 'ate-100' }, opts)).toEqual({
      country: 'França',
      priceBand: 'ate-100',
    });
  });
});

describe('safeImageUrl', () => {
  it('accepts http(s) and /uploads/ only', () => {
    expect(safeImageUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(safeImageUrl('http://example.com/a.jpg')).toBe('http://example.com/a.jpg');
    expect(safeImageUrl(' /uploads/wines/a.webp ')).toBe('/uploads/wines/a.webp');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    '//evil.example/a.png',
    '/etc/passwd',
    '/uploads/../secret',
    'https://',
    'https://x.com/a.png" onerror="alert(1)',
    'vbscript:msgbox',
    '',
  ])('rejects %s', (url) => {
    expect(safeImageUrl(url)).toBeNull();
  });

  it('rejects null and undefined', () => {
    expect(safeImageUrl(null)).toBeNull();
    expect(safeImageUrl(undefined)).toBeNull();
  });
});

describe('groupByCategory', () => {
  it('orders known categories by WINE_CATEGORIES, then unknown ones alphabetically', () => {
    const groups = groupByCategory([
      makeWine({ category: 'Zinfandéis' }),
      makeWine({ category: 'Vinhos em Taça (187ml)' }),
      makeWine({ category: 'Espumantes' }),
      makeWine({ category: 'Fortificados' }),
      makeWine({ category: 'Vinho Rosé' }),
      makeWine({ category: 'Espumantes' }),
    ]);
    expect(groups.map((g) => g.name)).toEqual(['Espumantes', 'Vinho Rosé', 'Vinhos em Taça (187ml)', 'Fortificados', 'Zinfandéis']);
    expect(groups[0]?.wines).toHaveLength(2);
    expect(new Set(groups.map((g) => g.anchor)).size).toBe(groups.length);
  });
});

describe('"Por taça" filter', () => {
  it('reads any value of taca, keeps it only when some wine is sold by the glass, and keeps only those wines', () => {
    expect(parseMenuFilters({ taca: 'on' })).toEqual({ glass: true });
    expect(parseMenuFilters({ taca: '' })).toEqual({});
    expect(sanitizeFilters({ glass: true }, { countries: [], grapes: [], glass: false })).toEqual({});
    expect(sanitizeFilters({ glass: true }, { countries: [], grapes: [], glass: true })).toEqual({ glass: true });
    const wines = [makeWine({ name: 'Taça', glass_price: 20 }), makeWine({ name: 'Garrafa' })];
    expect(deriveFilterOptions(wines).glass).toBe(true);
    expect(deriveFilterOptions([makeWine()]).glass).toBe(false);
    expect(filterWines(wines, { glass: true }).map((w) => w.name)).toEqual(['Taça']);
    expect(hasActiveFilters({ glass: true })).toBe(true);
  });
});
