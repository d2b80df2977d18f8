import { describe, expect, it } from 'vitest';
import { effectiveGlassPrice } from '../../../shared/cellar.js';
import { glassPriceRefusal } from '../../../shared/glass-price.js';
import { guestPriceLine } from '../../../shared/public-menu.js';
import { WINE_CATEGORIES, WINE_COUNTRIES, WINE_STYLES, WINE_VOLUMES } from '../../../shared/wine-vocabulary.js';
import { loadSampleData, sampleCatalogWineSchema, sampleMenuWineSchema } from './sample-data.js';

const sample = await loadSampleData();

const categories: readonly string[] = WINE_CATEGORIES;
const countries: readonly string[] = WINE_COUNTRIES;
const styles: readonly string[] = WINE_STYLES;
const volumes: readonly string[] = WINE_VOLUMES;

function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** Parsing turned empty texts into null: every field but the images (stored when seeding) must hold a value. */
function expectFilled(record: Record<string, unknown>, label: string, except: string[] = []): void {
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'image_url' && key !== 'logo' && !except.includes(key)) expect(value, `${label}: campo ${key} vazio`).not.toBeNull();
  }
}

describe('Pedra da Ilha — estabelecimento e carta', () => {
  it('has a complete establishment and menu', () => {
    expectFilled(sample.establishment, 'estabelecimento');
    expectFilled(sample.menu, 'carta');
    expect(sample.establishment.slug).toBe('pedra-da-ilha');
    expect(sample.menu.slug).toBe('carta-de-vinhos');
  });

  it('has at least 40 wines with unique names', () => {
    expect(sample.wines.length).toBeGreaterThanOrEqual(40);
    const names = sample.wines.map((w) => w.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers all ten categories, in vocabulary order', () => {
    const present = new Set(sample.wines.map((w) => w.category));
    for (const category of WINE_CATEGORIES) {
      expect(present.has(category), `categoria ausente: ${category}`).toBe(true);
      expect(sample.wines.filter((w) => w.category === category).length).toBeGreaterThanOrEqual(3);
    }
    const order = sample.wines.map((w) => categories.indexOf(w.category));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('covers all eight countries, with valid countries and styles', () => {
    const present = new Set(sample.wines.map((w) => w.country));
    for (const country of WINE_COUNTRIES) {
      expect(present.has(country), `país ausente: ${country}`).toBe(true);
    }
    for (const wine of sample.wines) {
      expect(countries).toContain(wine.country);
      expect(styles).toContain(wine.wine_style);
      expect(volumes).toContain(wine.volume);
    }
  });

  it('matches volumes to the half-bottle and by-the-glass categories', () => {
    for (const wine of sample.wines) {
      if (wine.category === 'Vinhos Meia Garrafa (375ml)') expect(wine.volume, wine.name).toBe('375ml');
      else if (wine.category === 'Vinhos em Taça (187ml)') expect(wine.volume, wine.name).toBe('187ml');
      else expect(['750ml', '1500ml'], wine.name).toContain(wine.volume);
    }
  });

  it('fills every field, with positive prices of at most two decimals', () => {
    for (const wine of sample.wines) {
      // Producer, vintage and region come from the sample catalogue wine of the same name, when there is one.
      expectFilled(wine, wine.name, ['producer', 'vintage', 'region']);
      expect(wine.price, wine.name).toBeGreaterThan(0);
      expect(hasAtMostTwoDecimals(wine.price), wine.name).toBe(true);
      expect(wine.alcohol_content, wine.name).toMatch(/^\d{1,2}(,\d)?%$/);
    }
  });

  it('has exactly two unavailable wines', () => {
    expect(sample.wines.filter((w) => !w.available)).toHaveLength(2);
  });
});

describe('Catálogo de vinhos', () => {
  it('has at least 150 wines', () => {
    expect(sample.catalog.length).toBeGreaterThanOrEqual(150);
  });

  it('has unique sku codes', () => {
    const skus = sample.catalog.map((w) => w.sku_code);
    expect(new Set(skus).size).toBe(skus.length);
    for (const sku of skus) expect(sku).toMatch(/^[A-Z]{2}-[A-Z0-9]+-[A-Z0-9]+-(\d{4}|NV)$/);
  });

  it('has unique name + producer + vintage', () => {
    const keys = sample.catalog.map((w) => `${w.name}|${w.producer}|${w.vintage ?? 'NV'}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses only vocabulary countries and styles, covering all of them', () => {
    for (const wine of sample.catalog) {
      expect(countries, wine.name).toContain(wine.country);
      expect(styles, wine.name).toContain(wine.wine_style);
      expect(volumes, wine.name).toContain(wine.volume);
    }
    const presentCountries = new Set(sample.catalog.map((w) => w.country));
    for (const country of WINE_COUNTRIES) expect(presentCountries.has(country), country).toBe(true);
    const presentStyles = new Set(sample.catalog.map((w) => w.wine_style));
    for (const style of WINE_STYLES) expect(presentStyles.has(style), style).toBe(true);
  });

  it('fills every field with sensible values', () => {
    const thisYear = new Date().getFullYear();
    for (const wine of sample.catalog) {
      expectFilled(wine, wine.name, ['vintage']);
      expect(wine.price_reference, wine.name).toBeGreaterThan(0);
      expect(hasAtMostTwoDecimals(wine.price_reference ?? 0), wine.name).toBe(true);
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

describe('loadSampleData', () => {
  it('reads the data files once per process', async () => {
    expect(await loadSampleData()).toBe(sample);
  });

  it('refuses sample wines the seed could not use, with the field and its message', () => {
    const wine = { ...sample.catalog[0] };
    const noSku = sampleCatalogWineSchema.safeParse({ ...wine, sku_code: null });
    expect(noSku.success).toBe(false);
    expect(noSku.error?.issues[0]?.path).toEqual(['sku_code']);
    const unknownStyle = sampleMenuWineSchema.safeParse({ ...sample.wines[0], wine_style: 'Verde' });
    expect(unknownStyle.error?.issues[0]?.path).toEqual(['wine_style']);
    // The API's own rules apply too.
    const noPrice = sampleMenuWineSchema.safeParse({ ...sample.wines[0], price: undefined });
    expect(noPrice.error?.issues[0]?.message).toBe('Informe o preço.');
  });

  it('sells the glass wines at one price each and one bottle both ways at two, as the guest reads them', () => {
    const reads = (name: string) => {
      const wine = sample.wines.find((w) => w.name === name)!;
      const glass = {
        by_the_glass: wine.by_the_glass ?? false,
        price: wine.price,
        glass_price: wine.glass_price ?? null,
        glass_doses: wine.glass_doses ?? 5,
        glass_markup_percent: wine.glass_markup_percent ?? null,
      };
      expect(glassPriceRefusal(glass), name).toBeNull();
      const glassPrice = glass.by_the_glass ? effectiveGlassPrice(glass) : null;
      return guestPriceLine({ price: wine.price, glass_price: glassPrice, stock: null, volume: wine.volume }).replaceAll('\u00a0', ' ');
    };
    for (const wine of sample.wines.filter((w) => w.category === 'Vinhos em Taça (187ml)')) {
      expect(reads(wine.name)).toMatch(/^Taça R\$ \d+,\d\d · 187 ml$/);
    }
    expect(reads('Chandon Réserve Brut (taça)')).toBe('Taça R$ 69,00 · 187 ml');
    expect(reads('Miolo Reserva Sauvignon Blanc')).toBe('Taça R$ 38,00 · Garrafa R$ 149,00 · 750 ml');
    expect(sample.wines.filter((w) => !reads(w.name).startsWith('R$')).map((w) => w.name)).toHaveLength(6);
  });
});
