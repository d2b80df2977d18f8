import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toColumns, toDto } from './row-mapping.js';

const schema = z.object({
  id: z.string(),
  grape_variety: z.string().nullable(),
  price_reference: z.number().nullable(),
  created_at: z.string(),
});

describe('toDto', () => {
  it("reads each schema field from the row's camelCase property, in the schema's order, dates as ISO strings", () => {
    const row = {
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
      priceReference: 89.9,
      grapeVariety: null,
      id: 'a',
      searchText: 'not in the schema',
    };
    const dto = toDto(schema, row);
    expect(dto).toEqual({ id: 'a', grape_variety: null, price_reference: 89.9, created_at: '2026-01-02T03:04:05.000Z' });
    expect(Object.keys(dto)).toEqual(['id', 'grape_variety', 'price_reference', 'created_at']);
  });

  it('is typed: a row that lacks a field of the schema, or holds it with another type, does not compile', () => {
    // @ts-expect-error priceReference and createdAt are missing
    expect(() => toDto(schema, { id: 'a', grapeVariety: null })).not.toThrow();
    // @ts-expect-error grapeVariety must be a string or null
    expect(() => toDto(schema, { id: 'a', grapeVariety: 1, priceReference: null, createdAt: new Date() })).not.toThrow();
  });
});

describe('toColumns', () => {
  it('renames snake_case keys to camelCase and keeps the values', () => {
    expect(toColumns({ name: 'Lote 43', grape_variety: 'Merlot', price_reference: null, sku_code: 'BR-1' })).toEqual({
      name: 'Lote 43',
      grapeVariety: 'Merlot',
      priceReference: null,
      skuCode: 'BR-1',
    });
  });
});
