import { describe, expect, it } from 'vitest';
import { establishmentInputSchema } from './establishments.js';
import { menuWineInputSchema, priceSchema, wineMenuInputSchema } from './wine-menus.js';

describe('priceSchema', () => {
  it.each([
    [89.9, 89.9],
    ['89,90', 89.9],
    [' 120.5 ', 120.5],
    [0, 0],
    ['0', 0],
    ['1.250,50', 1250.5],
    ['2.400', 2400],
    ['89.90', 89.9],
    ['R$ 10', 10],
  ])('%j -> %j', (input, expected) => {
    expect(priceSchema.parse(input)).toBe(expected);
  });

  it.each([undefined, null, '', '  ', -1, 1.001, '1,234', '1.2.3', 'dez', Number.NaN, Number.POSITIVE_INFINITY])('rejects %j', (input) => {
    expect(priceSchema.safeParse(input).success).toBe(false);
  });
});

describe('menuWineInputSchema', () => {
  it('fills defaults and turns empty strings into null, as a form sends them', () => {
    const parsed = menuWineInputSchema.parse({
      name: ' Malbec ',
      price: '59,9',
      category: 'Vinhos Tintos Médios',
      country: '',
      volume: '',
      aroma: '  ',
    });
    expect(parsed).toMatchObject({
      name: 'Malbec',
      price: 59.9,
      volume: '750ml',
      available: true,
      country: null,
      aroma: null,
      image_url: null,
    });
  });
});

describe('wineMenuInputSchema and establishmentInputSchema', () => {
  it('drop an empty slug so the server derives one', () => {
    expect(
      wineMenuInputSchema.parse({ name: 'Carta', establishment_id: '3f1b2c4d-1111-4222-8333-444455556666', slug: ' ' }).slug,
    ).toBeUndefined();
    expect(establishmentInputSchema.parse({ name: 'Bar', slug: '' }).slug).toBeUndefined();
  });

  it('lower-cases the e-mail', () => {
    expect(establishmentInputSchema.parse({ name: 'Bar', email: ' Oi@Bar.COM ' }).email).toBe('oi@bar.com');
  });
});
