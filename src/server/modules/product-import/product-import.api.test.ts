import * as XLSX from '@e965/xlsx';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { auditEntries, productCategories, productImports, products, suppliers } from '../../db/schema/index.js';
import { createJobRunner, jobsConnection } from '../../jobs/runner.js';
import type { TestUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { createSupplierUser, SAMPLE, SAMPLE_MAPPING, sampleFile, uploadFile } from '../../test-support/import-files.js';
import { registerImportJobs } from './jobs.js';
import * as repo from './repository.js';
import { processImport } from './run-import.js';

// Each upload and each job parses a sheet in a worker thread: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const t = testAppPerFile();
beforeAll(() => t.app.jobs.start({ work: false }));
const admin = testUserPerFile(t, 'admin');
const manager = testUserPerFile(t, 'restaurant_manager');
const sommelier = testUserPerFile(t, 'sommelier');
let supplierA: TestUser & { supplierId: string };
let supplierB: TestUser & { supplierId: string };
beforeAll(async () => {
  supplierA = await createSupplierUser(t.db, 'Vinícola Alfa Ltda');
  supplierB = await createSupplierUser(t.db, 'Distribuidora Beta');
});

const HEADERS = [
  'Código',
  'Nome do Produto',
  'Categoria',
  'Fornecedor',
  'Preço',
  'Estoque',
  'Unidade',
  'Marca',
  'País de Origem',
  'Descrição',
  'EAN',
];
const ALL_OPTIONS = { skip_duplicates: true, create_categories: true, create_suppliers: true };

async function upload(user: TestUser, ext: 'xlsx' | 'xls' | 'csv' = 'xlsx'): Promise<string> {
  const res = await uploadFile(t.app, user, `tabela-precos-vinhos.${ext}`, sampleFile(ext));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().import_id;
}

const execute = (user: TestUser, importId: string, mapping: object = SAMPLE_MAPPING, options: object = ALL_OPTIONS) =>
  t.call(user, 'POST', '/api/product-import/execute', { import_id: importId, field_mapping: mapping, options });

const importRow = async (id: string) => (await t.db.select().from(productImports).where(eq(productImports.id, id)))[0];
const productsOf = async (importId: string) => {
  const [row] = await t.db.select({ n: count() }).from(products).where(eq(products.importId, importId));
  return row?.n ?? 0;
};

describe('the admin imports the sample price list end to end', () => {
  let importId: string;

  it('upload stores the file privately with its name, size, kind, uploader and row count', async () => {
    importId = await upload(admin);
    const row = await importRow(importId);
    expect(row).toMatchObject({
      fileName: 'tabela-precos-vinhos.xlsx',
      fileSize: sampleFile('xlsx').length,
      fileKind: 'xlsx',
      createdBy: admin.id,
      supplierId: null,
      status: 'pending',
      totalRows: SAMPLE.totalRows,
    });
    const stored = await t.app.storage.private.read(row?.fileKey ?? '');
    expect(stored?.equals(sampleFile('xlsx'))).toBe(true);
  });

  it('preview gives the columns, the total, the first 5 rows as text and a mapping suggested from the headers', async () => {
    const res = await t.call(admin, 'GET', `/api/product-import/preview/${importId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns).toEqual(HEADERS);
    expect(body.total_rows).toBe(SAMPLE.totalRows);
    expect(body.sample_data).toHaveLength(5);
    expect(body.sample_data[0]).toMatchObject({ Código: '000014', Preço: 'R$ 568,44', EAN: '7890000000147' });
    expect(body.suggested_mapping).toEqual(SAMPLE_MAPPING);
  });

  it('execute refuses a mapping without the required fields, or naming a column the file lacks', async () => {
    const missing = await execute(admin, importId, { name: 'Nome do Produto', category: 'Categoria' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Por favor, mapeie todos os campos obrigatórios');
    const unknown = await execute(admin, importId, { ...SAMPLE_MAPPING, price: 'Valor' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('"Valor"');
    expect((await importRow(importId))?.fieldMapping).toBeNull();
  });

  it('execute answers at once (202, pending); the job imports every good row and reports the bad ones by line', async () => {
    const res = await execute(admin, importId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ import_id: importId, status: 'pending', processed_rows: 0 });
    expect(await productsOf(importId)).toBe(0);
    await t.app.jobs.drain();
    const status = (await t.call(admin, 'GET', `/api/product-import/status/${importId}`)).json();
    expect(status).toMatchObject({
      status: 'completed',
      total_rows: SAMPLE.totalRows,
      processed_rows: SAMPLE.totalRows,
      success_count: SAMPLE.success,
      error_count: SAMPLE.errors,
      skipped_count: SAMPLE.skipped,
      current_operation: 'Importação concluída',
      created_by: admin.email,
    });
    expect(status.errors).toContainEqual({ row: 17, message: "Linha 17: preço 'abc' não é um número" });
    expect(status.errors.map((e: { row: number }) => e.row)).toEqual([17, 33, 58, 91, 120, 144, 201, 250]);
    expect(status.warnings).toEqual([
      { row: 77, message: expect.stringMatching(/^Linha 77: SKU '\w+' repetido na planilha, linha 40; linha ignorada$/) },
      { row: 260, message: expect.stringMatching(/^Linha 260: SKU '\w+' repetido na planilha, linha 12; linha ignorada$/) },
    ]);
    expect(await productsOf(importId)).toBe(SAMPLE.success);
  });

  it('keeps Brazilian data: SKUs with leading zeros, "R$ 1.127,93" and formatted numbers as exact prices', async () => {
    const [first] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.importId, importId), eq(products.importRow, 2)));
    expect(first).toMatchObject({
      sku: '000014',
      price: '568.44',
      stockQuantity: 156,
      unit: 'garrafa',
      origin: 'Chile',
      brand: 'Concha y Toro',
    });
    const [second] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.importId, importId), eq(products.importRow, 3)));
    expect(second).toMatchObject({ sku: '000021', price: '1127.93' });
  });

  it('creates the missing suppliers with what the sheet says, contact data left empty and flagged in the notes', async () => {
    const created = await t.db.select().from(suppliers).where(eq(suppliers.companyName, 'Serra Gaúcha Distribuidora'));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: 'Serra Gaúcha Distribuidora', email: '', phone: '' });
    expect(created[0]?.notes).toContain('Complete e-mail, telefone');
    const categories = await t.db.select().from(productCategories).where(eq(productCategories.name, 'Espumantes'));
    expect(categories).toHaveLength(1);
  });

  it('a second execute of the same import is refused', async () => {
    expect((await execute(admin, importId)).statusCode).toBe(409);
  });

  it('failed-rows returns an .xlsx of the bad rows with their original columns and a Motivo', async () => {
    const res = await t.call(admin, 'GET', `/api/product-import/${importId}/failed-rows`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0] ?? ''] as XLSX.WorkSheet, { header: 1, raw: false });
    expect(rows[0]).toEqual([...HEADERS, 'Motivo']);
    expect(rows).toHaveLength(1 + SAMPLE.errors);
    expect(rows.find((r) => r[4] === 'abc')?.at(-1)).toBe("preço 'abc' não é um número");
  });

  it('importing the same list again skips every SKU already there (per supplier), and updates them when asked', async () => {
    const again = await upload(admin, 'csv');
    await execute(admin, again);
    await t.app.jobs.drain();
    expect(await importRow(again)).toMatchObject({ status: 'completed', successCount: 0, skippedCount: SAMPLE.success + SAMPLE.skipped });
    const update = await upload(admin, 'xls');
    await execute(admin, update, SAMPLE_MAPPING, { ...ALL_OPTIONS, skip_duplicates: false });
    await t.app.jobs.drain();
    expect(await importRow(update)).toMatchObject({ status: 'completed', successCount: SAMPLE.success + SAMPLE.skipped, skippedCount: 0 });
    expect((await importRow(update))?.warnings.find((w) => w.row === 77)?.message).toMatch(
      /^Linha 77: SKU '\w+' repetido na planilha, linha 40; esta linha substituiu os dados daquela$/,
    );
    expect(await productsOf(update)).toBe(0);
  });

  it('without create_categories and create_suppliers, unknown ones are errors of their rows', async () => {
    const strict = await upload(admin);
    const mapping = { ...SAMPLE_MAPPING, category: 'Marca', sku: 'EAN' };
    await execute(admin, strict, mapping, { skip_duplicates: true, create_categories: false, create_suppliers: false });
    await t.app.jobs.drain();
    const row = await importRow(strict);
    expect(row).toMatchObject({ status: 'completed', successCount: 0, errorCount: SAMPLE.totalRows });
    expect(row?.errors.find((e) => e.row === 2)?.message).toBe("Linha 2: categoria 'Concha y Toro' não cadastrada");
  });
});

/** Uploads these CSV lines as the admin, imports them with `mapping` and waits for the job; the import's id. */
async function importCsv(fileName: string, lines: string[], mapping: object): Promise<string> {
  const res = await uploadFile(t.app, admin, fileName, Buffer.from(lines.join('\n')));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().import_id;
  expect((await execute(admin, id, mapping)).statusCode).toBe(202);
  await t.app.jobs.drain();
  return id;
}

describe('an imported row obeys the rules of POST /api/products', () => {
  it('the same limits and NFC: what the import stores, the edit form accepts', async () => {
    const decomposed = 'Vinho Rose\u0301 Import NFC';
    const id = await importCsv(
      'regras.csv',
      [
        'Nome;Categoria;Fornecedor;SKU;Descrição',
        `${decomposed};Rose\u0301s;Alfa NFC;NFC-1;${'d'.repeat(3000)}`,
        `${'N'.repeat(201)};Tintos;Alfa NFC;NFC-2;`,
        `Vinho SKU longo;Tintos;Alfa NFC;${'S'.repeat(65)};`,
        `Vinho categoria longa;${'C'.repeat(121)};Alfa NFC;NFC-3;`,
      ],
      { name: 'Nome', category: 'Categoria', supplier: 'Fornecedor', sku: 'SKU', description: 'Descrição' },
    );
    expect(await importRow(id)).toMatchObject({
      status: 'completed',
      successCount: 1,
      errorCount: 3,
      errors: [
        { row: 3, message: 'Linha 3: Nome: no máximo 200 caracteres.' },
        { row: 4, message: 'Linha 4: SKU: no máximo 64 caracteres.' },
        { row: 5, message: `Linha 5: categoria '${'C'.repeat(40)}…': Nome: no máximo 120 caracteres.` },
      ],
    });
    const [stored] = await t.db.select().from(products).where(eq(products.importId, id));
    expect(stored?.name).toBe(decomposed.normalize('NFC'));
    expect(stored?.description).toHaveLength(3000);
    const [category] = await t.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.id, stored?.categoryId ?? ''));
    expect(category?.name).toBe('Rosés'.normalize('NFC'));
    // The product as the import wrote it goes back through PUT unchanged.
    const put = await t.call(admin, 'PUT', `/api/products/${stored?.id}`, {
      name: stored?.name,
      description: stored?.description,
      category_id: stored?.categoryId,
      supplier_id: stored?.supplierId,
      sku: stored?.sku,
    });
    expect(put.statusCode, put.body).toBe(200);
  });
});

describe('the failed-rows file cannot carry a live formula', () => {
  it('text that starts a formula gets a leading apostrophe (also once saved as CSV); numbers stay as they are', async () => {
    const id = await importCsv(
      'formulas.csv',
      [
        'Nome;Categoria;Fornecedor;Preço;Descrição',
        '=1+2;+SUM(A1);@cmd;-3,00;-2+3',
        '"\t=HYPERLINK(""http://exemplo.com"";""abrir"")";Tintos;Alfa;abc;=cmd|\' /C calc\'!A0',
        'Vinho bom;Tintos;Alfa;10,00;ok',
      ],
      { name: 'Nome', category: 'Categoria', supplier: 'Fornecedor', price: 'Preço', description: 'Descrição' },
    );
    const file = await t.call(admin, 'GET', `/api/product-import/${id}/failed-rows`);
    expect(file.statusCode).toBe(200);
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''] as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false });
    expect(rows).toEqual([
      ['Nome', 'Categoria', 'Fornecedor', 'Preço', 'Descrição', 'Motivo'],
      ["'=1+2", "'+SUM(A1)", "'@cmd", '-3,00', "'-2+3", "preço '-3,00' é negativo"],
      ['\'=HYPERLINK("http://exemplo.com";"abrir")', 'Tintos', 'Alfa', 'abc', "'=cmd|' /C calc'!A0", "preço 'abc' não é um número"],
    ]);
    // No cell is a formula in the workbook, nor in the CSV a person may save it as.
    expect(Object.values(sheet).some((cell) => typeof cell === 'object' && cell !== null && 'f' in cell)).toBe(false);
    const cells = XLSX.utils
      .sheet_to_csv(sheet, { FS: ';' })
      .split('\n')
      .flatMap((line) => line.split(';'));
    expect(cells.filter((cell) => /^[\s"]*[=+@]/.test(cell))).toEqual([]);
  });
});

describe('who sees and does what', () => {
  let adminImport: string;
  let importOfA: string;

  beforeAll(async () => {
    adminImport = await upload(admin);
    importOfA = await upload(supplierA);
  });

  it('managers and sommeliers may not upload (403), and see no import (404, empty history)', async () => {
    for (const user of [manager, sommelier]) {
      expect((await uploadFile(t.app, user, 'a.xlsx', sampleFile('xlsx'))).statusCode).toBe(403);
      expect((await t.call(user, 'GET', `/api/product-import/status/${adminImport}`)).statusCode).toBe(404);
      expect((await t.call(user, 'GET', `/api/product-import/preview/${adminImport}`)).statusCode).toBe(404);
      expect((await t.call(user, 'GET', '/api/product-import/history')).json()).toMatchObject({ imports: [], total: 0 });
      expect((await t.call(user, 'DELETE', `/api/product-import/${adminImport}`)).statusCode).toBe(403);
      expect((await t.call(user, 'POST', `/api/product-import/retry/${adminImport}`)).statusCode).toBe(403);
    }
  });

  it("a supplier user's import is its own: others' imports are 404 to it, and the admin sees all", async () => {
    expect((await importRow(importOfA))?.supplierId).toBe(supplierA.supplierId);
    for (const path of ['status', 'details', 'preview']) {
      expect((await t.call(supplierB, 'GET', `/api/product-import/${path}/${importOfA}`)).statusCode).toBe(404);
      expect((await t.call(supplierA, 'GET', `/api/product-import/${path}/${adminImport}`)).statusCode).toBe(404);
      expect((await t.call(admin, 'GET', `/api/product-import/${path}/${importOfA}`)).statusCode).toBe(200);
    }
    expect((await t.call(supplierB, 'GET', `/api/product-import/${importOfA}/failed-rows`)).statusCode).toBe(404);
    expect((await execute(supplierB, importOfA)).statusCode).toBe(404);
    expect((await t.call(supplierB, 'DELETE', `/api/product-import/${importOfA}`)).statusCode).toBe(404);
    const history = (await t.call(supplierA, 'GET', '/api/product-import/history')).json();
    expect(history.imports.map((i: { id: string }) => i.id)).toEqual([importOfA]);
  });

  it("a supplier user's rows all go to its own supplier, whatever the column says; the supplier column is optional", async () => {
    const { supplier: _supplier, ...withoutSupplier } = SAMPLE_MAPPING;
    expect((await execute(supplierA, importOfA, withoutSupplier)).statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(await importRow(importOfA)).toMatchObject({ status: 'completed', successCount: SAMPLE.success });
    const owners = await t.db.selectDistinct({ id: products.supplierId }).from(products).where(eq(products.importId, importOfA));
    expect(owners).toEqual([{ id: supplierA.supplierId }]);
  });
});

describe('history, details and delete', () => {
  it('history is newest first and paginated', async () => {
    const first = (await t.call(admin, 'GET', '/api/product-import/history?page=1&limit=2')).json();
    const second = (await t.call(admin, 'GET', '/api/product-import/history?page=2&limit=2')).json();
    expect(first.imports).toHaveLength(2);
    expect(first.total).toBeGreaterThan(4);
    expect(first.total_pages).toBe(Math.ceil(first.total / 2));
    const dates = [...first.imports, ...second.imports].map((i: { created_at: string }) => i.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.imports[0]).not.toHaveProperty('errors');
    expect((await t.call(admin, 'GET', '/api/product-import/history?limit=500')).statusCode).toBe(400);
  });

  it('details gives the whole record; delete removes the record and its file but keeps the products', async () => {
    const id = await upload(admin);
    await execute(admin, id, { ...SAMPLE_MAPPING, sku: 'EAN' });
    await t.app.jobs.drain();
    const details = (await t.call(admin, 'GET', `/api/product-import/details/${id}`)).json();
    expect(details).toMatchObject({ id, file_name: 'tabela-precos-vinhos.xlsx', status: 'completed', field_mapping: { sku: 'EAN' } });
    const fileKey = (await importRow(id))?.fileKey ?? '';
    const imported = await productsOf(id);
    expect(imported).toBeGreaterThan(0);
    expect((await t.call(admin, 'DELETE', `/api/product-import/${id}`)).statusCode).toBe(204);
    expect(await importRow(id)).toBeUndefined();
    expect(await t.app.storage.private.read(fileKey)).toBeUndefined();
    expect(await productsOf(id)).toBe(imported);
    expect((await t.call(admin, 'GET', `/api/product-import/details/${id}`)).statusCode).toBe(404);
  });
});

describe('interrupted imports: nothing twice, nothing lost', () => {
  const BATCH = 50;
  const distinctRows = async (importId: string) => {
    const rows = await t.db.execute<{ n: number }>(
      sql`select count(distinct import_row)::int as n from products where import_id = ${importId}`,
    );
    return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  it('a process killed mid-import: a new app on the same database resumes it at its checkpoint', async () => {
    const id = await upload(admin);
    const { sku: _sku, ...withoutSku } = SAMPLE_MAPPING;
    await execute(admin, id, withoutSku);
    // The first process takes the job and dies after three batches (no catch runs: as with kill -9).
    const claimed = await repo.claimImport(t.db, id);
    if (!claimed) throw new Error('not claimed');
    const died = processImport(
      {
        db: t.db,
        files: t.app.storage.private,
        batchSize: BATCH,
        afterBatch: (done) => {
          if (done >= 3 * BATCH) throw new Error('kill -9');
        },
      },
      claimed,
    );
    await expect(died).rejects.toThrow('kill -9');
    const halfway = await importRow(id);
    expect(halfway).toMatchObject({ status: 'processing', processedRows: 3 * BATCH });
    expect(await productsOf(id)).toBe(halfway?.successCount);

    // A new app process on the same database (and files), as after a restart.
    const second = await buildApp(t.config, { database: { ...t.app.database, close: async () => undefined }, logger: false });
    try {
      await second.jobs.start({ work: false });
      expect(await second.productImportJobs.recover(0)).toEqual([id]);
      await second.jobs.drain();
    } finally {
      await second.close();
    }
    const done = await importRow(id);
    expect(done).toMatchObject({
      status: 'completed',
      processedRows: SAMPLE.totalRows,
      successCount: SAMPLE.success + SAMPLE.skipped,
      errorCount: SAMPLE.errors,
      skippedCount: 0,
    });
    expect(done?.errors.map((e) => e.row)).toEqual([17, 33, 58, 91, 120, 144, 201, 250]);
    expect(await productsOf(id)).toBe(SAMPLE.success + SAMPLE.skipped);
    expect(await distinctRows(id)).toBe(SAMPLE.success + SAMPLE.skipped);
    // The system's own status changes are in the trail: resumed after the dead process, then finished.
    const systemEntries = await t.db
      .select({ action: auditEntries.action, changes: auditEntries.changes })
      .from(auditEntries)
      .where(and(eq(auditEntries.recordId, id), eq(auditEntries.actorRole, 'sistema')))
      .orderBy(asc(auditEntries.occurredAt), asc(auditEntries.id));
    expect(systemEntries).toEqual([
      { action: 'status_change', changes: [{ field: 'status', old: 'processing', new: 'pending' }] },
      { action: 'status_change', changes: [{ field: 'status', old: 'processing', new: 'completed' }] },
    ]);
  });

  it('a process that stops mid-import hands it back: pending and queued again, its batches kept, finished once by the next', async () => {
    const id = await upload(admin);
    const { sku: _sku, ...withoutSku } = SAMPLE_MAPPING;
    await execute(admin, id, withoutSku);
    const queued = async () => {
      const rows = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'product-import.run' and data->>'importId' = ${id} and state = 'created'`,
      );
      return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    expect(await queued()).toBe(1);
    // The process working it gets SIGTERM after two batches: its runner stops (src/server/shutdown.ts).
    const runner = createJobRunner(jobsConnection(t.app.database), t.app.log);
    const stopping = registerImportJobs({
      db: t.db,
      files: t.app.storage.private,
      jobs: runner,
      log: t.app.log,
      singleProcess: true,
      batchSize: BATCH,
      afterBatch: (done) => {
        if (done === 2 * BATCH) void runner.quiesce();
      },
    });
    await runner.start({ work: false });
    try {
      await stopping.run(id);
    } finally {
      await runner.stop();
    }
    const handedBack = await importRow(id);
    expect(handedBack).toMatchObject({
      status: 'pending',
      processedRows: 2 * BATCH,
      currentOperation: 'Retomando a importação interrompida',
    });
    expect(await productsOf(id)).toBe(handedBack?.successCount);
    expect(await queued()).toBe(2);

    // The next process takes the job queued again (and the first one, which finds the import taken).
    await t.app.jobs.drain();
    expect(await importRow(id)).toMatchObject({
      status: 'completed',
      processedRows: SAMPLE.totalRows,
      successCount: SAMPLE.success + SAMPLE.skipped,
      errorCount: SAMPLE.errors,
      skippedCount: 0,
    });
    expect(await productsOf(id)).toBe(SAMPLE.success + SAMPLE.skipped);
    expect(await distinctRows(id)).toBe(SAMPLE.success + SAMPLE.skipped);
  });

  it('a job that fails mid-way is marked failed with a reason; Tentar Novamente finishes it with exact counts', async () => {
    const id = await upload(supplierB);
    await execute(supplierB, id);
    const runner = createJobRunner(jobsConnection(t.app.database), t.app.log);
    const failing = registerImportJobs({
      db: t.db,
      files: t.app.storage.private,
      jobs: runner,
      log: t.app.log,
      singleProcess: true,
      batchSize: BATCH,
      afterBatch: (done) => {
        if (done >= 2 * BATCH) throw new Error('conexão perdida');
      },
    });
    await failing.run(id);
    const failed = (await t.call(supplierB, 'GET', `/api/product-import/status/${id}`)).json();
    expect(failed).toMatchObject({ status: 'failed', processed_rows: 2 * BATCH });
    expect(failed.failure_reason).toContain('Tentar Novamente');
    const [failure] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordId, id), eq(auditEntries.actorRole, 'sistema')));
    expect(failure?.changes).toEqual([
      { field: 'status', old: 'processing', new: 'failed' },
      { field: 'failureReason', new: failed.failure_reason },
    ]);
    expect((await t.call(supplierA, 'POST', `/api/product-import/retry/${id}`)).statusCode).toBe(404);

    const retry = await t.call(supplierB, 'POST', `/api/product-import/retry/${id}`);
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ status: 'pending', failure_reason: null });
    await t.app.jobs.drain();
    expect(await importRow(id)).toMatchObject({
      status: 'completed',
      processedRows: SAMPLE.totalRows,
      successCount: SAMPLE.success,
      skippedCount: SAMPLE.skipped,
      errorCount: SAMPLE.errors,
    });
    // Line 77 repeats line 40 a batch later; line 260 repeats line 12, which was written before the failure.
    expect((await importRow(id))?.warnings.map((w) => w.message.replace(/'\w+'/, "'X'"))).toEqual([
      "Linha 77: SKU 'X' repetido na planilha, linha 40; linha ignorada",
      "Linha 260: SKU 'X' repetido na planilha, linha 12; linha ignorada",
    ]);
    expect(await productsOf(id)).toBe(SAMPLE.success);
    expect(await distinctRows(id)).toBe(SAMPLE.success);
    expect((await t.call(supplierB, 'POST', `/api/product-import/retry/${id}`)).statusCode).toBe(409);
  });

  it('a batch the full disk refuses (53100) is rolled back, waited on and written again: exact counts, no failure', async () => {
    // A supplier of its own: none of the sheet's SKUs is there yet.
    const supplierC = await createSupplierUser(t.db, 'Importadora Gama');
    const id = await upload(supplierC);
    await execute(supplierC, id);
    // PostgreSQL's own disk_full error, raised by the second batch's insert of products (a sequence is not rolled back).
    await t.db.execute(sql`create sequence disk_full_once`);
    await t.db.execute(sql`create function disk_full_once() returns trigger language plpgsql as $$ begin
      if nextval('disk_full_once') = 2 then raise exception 'could not extend file' using errcode = 'disk_full'; end if;
      return null; end $$`);
    await t.db.execute(sql`create trigger disk_full_once after insert on products execute function disk_full_once()`);
    try {
      const jobs = registerImportJobs({
        db: t.db,
        files: t.app.storage.private,
        jobs: createJobRunner(jobsConnection(t.app.database), t.app.log),
        log: t.app.log,
        singleProcess: true,
        batchSize: 50,
        diskPollMs: 5,
      });
      await jobs.run(id);
    } finally {
      await t.db.execute(sql`drop trigger disk_full_once on products`);
      await t.db.execute(sql`drop function disk_full_once()`);
      await t.db.execute(sql`drop sequence disk_full_once`);
    }
    expect(await importRow(id)).toMatchObject({
      status: 'completed',
      processedRows: SAMPLE.totalRows,
      successCount: SAMPLE.success,
      skippedCount: SAMPLE.skipped,
      errorCount: SAMPLE.errors,
    });
    expect(await productsOf(id)).toBe(SAMPLE.success);
    expect(await distinctRows(id)).toBe(SAMPLE.success);
  });
});
