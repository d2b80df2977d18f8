/**
 * Issue 27: a SKU repeated inside one sheet after a line that was refused (a bad price) went in without a word,
 * while the bad lines around it were reported. Every repeat now says "repetido na planilha, linha N", distinct from
 * "já cadastrado" (a product the supplier already had before this sheet).
 */
import * as XLSX from '@e965/xlsx';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { productImports, products, suppliers } from '../../db/schema/index.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { uploadFile } from '../../test-support/import-files.js';

// Each upload and each job reads its sheet in a worker thread: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const t = testAppPerFile();
beforeAll(() => t.app.jobs.start({ work: false }));
const admin = testUserPerFile(t, 'admin');

const MAPPING = { name: 'Nome', category: 'Categoria', supplier: 'Fornecedor', sku: 'SKU', price: 'Preço' };

/** Header, then lines 2 to 8 of a price list where bad prices sit around repeated SKUs. */
const sheetRows = (supplier: string) => [
  ['Nome', 'Categoria', 'Fornecedor', 'SKU', 'Preço'],
  ['Malbec Preço Errado', 'Tintos', supplier, 'A-1', 'abc'],
  ['Malbec Corrigido', 'Tintos', supplier, 'A-1', '10,00'],
  ['Cabernet', 'Tintos', supplier, 'B-1', '10,00'],
  ['Merlot Negativo', 'Tintos', supplier, 'C-1', '-5'],
  ['Cabernet de Novo', 'Tintos', supplier, 'B-1', '12,00'],
  ['Cabernet Sem Preço', 'Tintos', supplier, 'B-1', 'xx'],
  ['Malbec Terceiro', 'Tintos', supplier, 'A-1', '11,00'],
];

function xlsxOf(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Produtos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}
const csvOf = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(';')).join('\n'));

async function importSheet(fileName: string, bytes: Buffer, skipDuplicates = true) {
  const res = await uploadFile(t.app, admin, fileName, bytes);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().import_id as string;
  const run = await t.call(admin, 'POST', '/api/product-import/execute', {
    import_id: id,
    field_mapping: MAPPING,
    options: { skip_duplicates: skipDuplicates, create_categories: true, create_suppliers: true },
  });
  expect(run.statusCode).toBe(202);
  await t.app.jobs.drain();
  const [row] = await t.db.select().from(productImports).where(eq(productImports.id, id));
  return row;
}

const namesOf = async (supplier: string) => {
  const [found] = await t.db.select().from(suppliers).where(eq(suppliers.companyName, supplier));
  const rows = await t.db
    .select({ name: products.name, sku: products.sku })
    .from(products)
    .where(and(eq(products.supplierId, found?.id ?? '')));
  return rows.map((r) => `${r.sku} ${r.name}`).sort();
};

const REFUSED = [
  { row: 2, message: "Linha 2: preço 'abc' não é um número" },
  { row: 5, message: "Linha 5: preço '-5' é negativo" },
  { row: 7, message: "Linha 7: preço 'xx' não é um número; SKU 'B-1' repetido na planilha, linha 4" },
];

describe('a SKU repeated inside one sheet, between lines with bad prices', () => {
  it.each([
    ['.xlsx', 'precos.xlsx', xlsxOf],
    ['.csv', 'precos.csv', csvOf],
  ])(
    '%s: each repeat says "repetido na planilha, linha N", the first line of that SKU, and is left out',
    async (_kind, fileName, build) => {
      const supplier = `Vinícola Repetida ${fileName}`;
      const row = await importSheet(fileName, build(sheetRows(supplier)));
      expect(row).toMatchObject({ status: 'completed', successCount: 1, skippedCount: 3, errorCount: 3 });
      expect(row?.errors).toEqual(REFUSED);
      expect(row?.warnings).toEqual([
        { row: 3, message: "Linha 3: SKU 'A-1' repetido na planilha, linha 2; linha ignorada" },
        { row: 6, message: "Linha 6: SKU 'B-1' repetido na planilha, linha 4; linha ignorada" },
        { row: 8, message: "Linha 8: SKU 'A-1' repetido na planilha, linha 2; linha ignorada" },
      ]);
      expect(await namesOf(supplier)).toEqual(['B-1 Cabernet']);
    },
  );

  it('the same sheet again: what this supplier already had is "já cadastrado", a repeat in the sheet stays "repetido"', async () => {
    const supplier = 'Vinícola Repetida Duas Vezes';
    await importSheet('primeira.csv', csvOf(sheetRows(supplier)));
    const again = await importSheet('segunda.csv', csvOf(sheetRows(supplier)));
    expect(again?.errors).toEqual(REFUSED);
    expect(again?.warnings).toEqual([
      { row: 3, message: "Linha 3: SKU 'A-1' repetido na planilha, linha 2; linha ignorada" },
      { row: 4, message: "Linha 4: SKU 'B-1' já cadastrado para este fornecedor; linha ignorada" },
      { row: 6, message: "Linha 6: SKU 'B-1' repetido na planilha, linha 4; linha ignorada" },
      { row: 8, message: "Linha 8: SKU 'A-1' repetido na planilha, linha 2; linha ignorada" },
    ]);
  });

  it('without skipping duplicates, the first good line of a refused SKU is imported and says which line it repeats', async () => {
    const supplier = 'Vinícola Repetida Atualiza';
    const row = await importSheet('atualiza.csv', csvOf(sheetRows(supplier)), false);
    expect(row?.errors).toEqual(REFUSED);
    expect(row?.warnings).toEqual([
      { row: 3, message: "Linha 3: SKU 'A-1' repetido na planilha, linha 2, que não foi importada; esta linha foi importada" },
      { row: 6, message: "Linha 6: SKU 'B-1' repetido na planilha, linha 4; esta linha substituiu os dados daquela" },
      { row: 8, message: "Linha 8: SKU 'A-1' repetido na planilha, linha 3; esta linha substituiu os dados daquela" },
    ]);
    expect(await namesOf(supplier)).toEqual(['A-1 Malbec Terceiro', 'B-1 Cabernet de Novo']);
  });
});
