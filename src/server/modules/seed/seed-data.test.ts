import { describe, expect, it } from 'vitest';
import { WINE_CATEGORIES, WINE_COUNTRIES, WINE_STYLES, WINE_VOLUMES } from '../../../shared/wine-vocabulary.js';
import { CATALOG_WINES } from './catalog-data.js';
import { PEDRA_DA_ILHA_ESTABLISHMENT, PEDRA_DA_ILHA_MENU, PEDRA_DA_ILHA_WINES } from './pedra-da-ilha-data.js';

const categories: readonly string[] = WINE_CATEGORIES;
const countries: readonly string[] = WINE_COUNTRIES;
const styles: readonly string[] = WINE_STYLES;
const volumes: readonly string[] = WINE_VOLUMES;

function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

function expectNonEmptyStrings(record: Record<string, unknown>, label: string): void {
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') {
      expect(value.trim(), `${label}: campo ${key} vazio`).not.toBe('');
      expect(value, `${label}: campo ${key} com espaços nas pontas`).toBe(value.trim());
    }
  }
}

describe('Pedra da Ilha — estabelecimento e carta', () => {
  it('has a complete establishment and menu', () => {
    expectNonEmptyStrings(PEDRA_DA_ILHA_ESTABLISHMENT, 'estabelecimento');
    expectNonEmptyStrings(PEDRA_DA_ILHA_MENU, 'carta');
    expect(PEDRA_DA_ILHA_ESTABLISHMENT.slug).toBe('pedra-da-ilha');
    expect(PEDRA_DA_ILHA_MENU.slug).toBe('carta-de-vinhos');
    expect(PEDRA_DA_ILHA_ESTABLISHMENT.email).toMatch(/^[^\s@]+@[^\s@]+\.com\.br$/);
    expect(PEDRA_DA_ILHA_ESTABLISHMENT.website).toMatch(/^https:\/\//);
    expect(PEDRA_DA_ILHA_ESTABLISHMENT.phone).toMatch(/^\(48\) \d{4,5}-\d{4}$/);
  });

  it('has at least 40 wines with unique names', () => {
    expect(PEDRA_DA_ILHA_WINES.length).toBeGreaterThanOrEqual(40);
    const names = PEDRA_DA_ILHA_WINES.map((w) => w.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers all ten categories, in vocabulary order', () => {
    const present = new Set(PEDRA_DA_ILHA_WINES.map((w) => w.category));
    for (const category of WINE_CATEGORIES) {
      expect(present.has(category), `categoria ausente: ${category}`).toBe(true);
      expect(PEDRA_DA_ILHA_WINES.filter((w) => w.category === category).length).toBeGreaterThanOrEqual(3);
    }
    const order = PEDRA_DA_ILHA_WINES.map((w) => categories.indexOf(w.category));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('covers all eight countries, with valid countries and styles', () => {
    const present = new Set(PEDRA_DA_ILHA_WINES.map((w) => w.country));
    for (const country of WINE_COUNTRIES) {
      expect(present.has(country), `país ausente: ${country}`).toBe(true);
    }
    for (const wine of PEDRA_DA_ILHA_WINES) {
      expect(countries).toContain(wine.country);
      expect(styles).toContain(wine.wine_style);
      expect(volumes).toContain(wine.volume);
    }
  });

  it('matches volumes to the half-bottle and by-the-glass categories', () => {
    for (const wine of PEDRA_DA_ILHA_WINES) {
      if (wine.category === 'Vinhos Meia Garrafa (375ml)') expect(wine.volume, wine.name).toBe('375ml');
      else if (wine.category === 'Vinhos em Taça (187ml)') expect(wine.volume, wine.name).toBe('187ml');
      else expect(['750ml', '1500ml'], wine.name).toContain(wine.volume);
    }
  });

  it('fills every field, with positive prices of at most two decimals', () => {
    for (const wine of PEDRA_DA_ILHA_WINES) {
      expectNonEmptyStrings(wine, wine.name);
      expect(wine.price, wine.name).toBeGreaterThan(0);
      expect(hasAtMostTwoDecimals(wine.price), wine.name).toBe(true);
      expect(wine.alcohol_content, wine.name).toMatch(/^\d{1,2}(,\d)?%$/);
    }
  });

  it('has exactly two unavailable wines', () => {
    expect(PEDRA_DA_ILHA_WINES.filter((w) => !w.available)).toHaveLength(2);
  });
});

describe('Catálogo de vinhos', () => {
  it('has at least 150 wines', () => {
    expect(CATALOG_WINES.length).toBeGreaterThanOrEqual(150);
  });

  it('has unique sku codes', () => {
    const skus = CATALOG_WINES.map((w) => w.sku_code);
    expect(new Set(skus).size).toBe(skus.length);
    for (const sku of skus) expect(sku).toMatch(/^[A-Z]{2}-[A-Z0-9]+-[A-Z0-9]+-(\d{4}|NV)$/);
  });

  it('has unique name + producer + vintage', () => {
    const keys = CATALOG_WINES.map((w) => `${w.name}|${w.producer}|${w.vintage ?? 'NV'}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses only vocabulary countries and styles, covering all of them', () => {
    for (const wine of CATALOG_WINES) {
      expect(countries, wine.name).toContain(wine.country);
      expect(styles, wine.name).toContain(wine.wine_style);
      expect(volumes, wine.name).toContain(wine.volume);
    }
    const presentCountries = new Set(CATALOG_WINES.map((w) => w.country));
    for (const country of WINE_COUNTRIES) expect(presentCountries.has(country), country).toBe(true);
    const presentStyles = new Set(CATALOG_WINES.map((w) => w.wine_style));
    for (const style of WINE_STYLES) expect(presentStyles.has(style), style).toBe(true);
  });

  it('fills every field with sensible values', () => {
    const thisYear = new Date().getFullYear();
    for (const wine of CATALOG_WINES) {
      expectNonEmptyStrings(wine, wine.name);
      expect(wine.price_reference, wine.name).toBeGreaterThan(0);
      expect(hasAtMostTwoDecimals(wine.price_reference), wine.name).toBe(true);
      expect(wine.alcohol_content, wine.name).toMatch(/^\d{1,2}(,\d)?%$/);
      if (wine.vintage === null) {
        expect(wine.wine_style, `${wine.name}: safra nula só para espumante NV`).toBe('Espumante');
        expect(wine.sku_code.endsWith('-NV'), wine.name).toBe(true);
      } else {
        expect(Number.isInteger(wine.vintage), wine.name).toBe(true);
        expect(wine.vintage, wine.name).toBeGreaterThanOrEqual(1900);
        expect(wine.vintage, wine.name).toBeLessThanOrEqual(thisYear);
        expect(wine.sku_code.endsWith(`-${wine.vintage}`), wine.name).toBe(true);
      }
    }
  });
});
