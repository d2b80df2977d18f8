import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  checkMapping,
  FIELD_MAPPING_REQUIRED,
  formatMegabytes,
  parseImportMoney,
  suggestMapping,
} from './product-import.js';

describe('suggestMapping', () => {
  it('reads pt-BR and English headers, accents and case folded', () => {
    expect(
      suggestMapping(['PRODUTO', 'Categoria', 'Fornecedor', 'Valor unitário', 'Código', 'Qtd', 'UN', 'Marca', 'País', 'Observações']),
    ).toEqual({
      name: 'PRODUTO',
      category: 'Categoria',
      supplier: 'Fornecedor',
      price: 'Valor unitário',
      sku: 'Código',
      stock_quantity: 'Qtd',
      unit: 'UN',
      brand: 'Marca',
      origin: 'País',
      description: 'Observações',
    });
    expect(suggestMapping(['Product name', 'Category', 'Supplier', 'Unit price', 'SKU', 'Stock'])).toMatchObject({
      name: 'Product name',
      category: 'Category',
      supplier: 'Supplier',
      price: 'Unit price',
      sku: 'SKU',
      stock_quantity: 'Stock',
    });
  });

  it('takes each column once and leaves unknown headers alone', () => {
    expect(suggestMapping(['Preço (R$)', 'Preço promocional', 'Foo'])).toEqual({ price: 'Preço (R$)' });
  });
});

describe('checkImportRow', () => {
  const mapping = { name: 'Nome', category: 'Cat', supplier: 'Forn', price: 'Preço', stock_quantity: 'Estoque', sku: 'SKU' };
  const row = (values: Record<string, string>) => ({ line: 17, values: { Nome: 'Tannat', Cat: 'Tintos', Forn: 'Alfa', ...values } });

  it('reads Brazilian amounts exactly and keeps codes as text', () => {
    const checked = checkImportRow(row({ Preço: 'R$ 1.234,56', Estoque: '12', SKU: ' 000123 ' }), mapping, true);
    expect(checked).toEqual({
      ok: true,
      product: expect.objectContaining({ name: 'Tannat', price: '1234.56', stockQuantity: 12, sku: '000123', supplier: 'Alfa' }),
    });
    expect(parseImportMoney('12,5')).toBe('12.50');
    expect(parseImportMoney('89.90')).toBe('89.90');
    expect(parseImportMoney('1 250,00')).toBe('1250.00');
    expect(parseImportMoney('1\u00a0250,00')).toBe('1250.00');
  });

  it.each([
    [{ Preço: 'abc' }, "preço 'abc' não é um número"],
    [{ Preço: '-3,00' }, "preço '-3,00' é negativo"],
    [{ Preço: '12 50' }, "preço '12 50' não é um número"],
    [{ Preço: '12\t50' }, "preço '12\t50' não é um número"],
    [{ Estoque: '1 2' }, "estoque '1 2' não é um número inteiro"],
    [{ Estoque: '1,5' }, "estoque '1,5' não é um número inteiro"],
    [{ Estoque: '-1' }, "estoque '-1' é negativo"],
    [{ Nome: '  ' }, 'nome do produto vazio'],
    [{ Cat: '' }, 'categoria vazia'],
    [{ Forn: '' }, 'fornecedor vazio'],
  ])('%o -> %s', (values, message) => {
    expect(checkImportRow(row(values), mapping, true)).toEqual({ ok: false, message });
  });

  it('goes through the schema of POST /api/products: its limits, its messages, NFC', () => {
    const full = { name: 'Nome', category: 'Cat', supplier: 'Forn', sku: 'SKU', description: 'Desc' };
    expect(checkImportRow(row({ Nome: 'N'.repeat(201) }), full, true)).toEqual({ ok: false, message: 'Nome: no máximo 200 caracteres.' });
    expect(checkImportRow(row({ SKU: 'S'.repeat(65) }), full, true)).toEqual({ ok: false, message: 'SKU: no máximo 64 caracteres.' });
    const long = checkImportRow(row({ Desc: 'd'.repeat(4000) }), full, true);
    expect(long.ok && long.product.input.description).toHaveLength(4000);
    const nfc = checkImportRow(row({ Nome: 'Rose\u0301', Cat: 'Rose\u0301s' }), full, true);
    expect(nfc).toMatchObject({ ok: true, product: { name: 'Rosé'.normalize('NFC'), category: 'Rosés'.normalize('NFC') } });
    expect(checkImportRow(row({ Cat: 'C'.repeat(121) }), full, true)).toEqual({
      ok: false,
      message: `categoria '${'C'.repeat(40)}…': Nome: no máximo 120 caracteres.`,
    });
  });

  it("a supplier user's rows need no supplier column", () => {
    expect(checkImportRow(row({ Forn: '' }), mapping, false).ok).toBe(true);
  });
});

describe('checkMapping', () => {
  it('requires name, category and supplier (not supplier for a supplier user) and known columns', () => {
    expect(checkMapping({ name: 'A', category: 'B' }, ['A', 'B'], true)).toBe(FIELD_MAPPING_REQUIRED);
    expect(checkMapping({ name: 'A', category: 'B' }, ['A', 'B'], false)).toBeNull();
    expect(checkMapping({ name: 'A', category: 'B', supplier: 'C' }, ['A', 'B'], true)).toContain('"C"');
  });
  it('sizes in MB', () => {
    expect(formatMegabytes(20 * 1024 * 1024)).toBe('20,00 MB');
  });
});
