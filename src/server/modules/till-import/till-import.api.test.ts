import * as XLSX from '@e965/xlsx';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TILL_IMPORT_TEXTS } from '../../../shared/till-sales-import.js';
import { auditEntries, cellarItems, cellarMovements, tillSales, tillSalesImports } from '../../db/schema/index.js';
import { createMenuRow, createMenuWineRow, createTeam, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { uploadFile } from '../../test-support/import-files.js';
import { multipartBody } from '../../test-support/multipart.js';
import { createCellarService } from '../cellar/index.js';
import * as repo from './repository.js';
import { runTillImport } from './run-import.js';

// Each upload and each job reads a sheet in a worker thread: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const t = testAppPerFile();
beforeAll(() => t.app.jobs.start({ work: false }));

/** The till's day: seven lines of five sales, one with a code linked to no wine, one short of bottles, one with a bad date. */
const DAY = [
  'Cupom;Data;Hora;Código;Qtd;Tipo',
  '1001;05/12/2026;21:30;TAN;2;Garrafa',
  '1002;05/12/2026;21:45;SAU;3;Taça',
  '1002;05/12/2026;21:45;TAN;1;',
  '1003;05/12/2026;22:00;XYZ;1;Garrafa',
  '1003;05/12/2026;22:00;TAN;1;Garrafa',
  '1004;05/12/2026;22:10;TAN;5;Garrafa',
  '1005;31/02/2026;;TAN;1;',
].join('\n');
const MAPPING = { sale_id: 'Cupom', sold_on: 'Data', sold_time: 'Hora', product_code: 'Código', quantity: 'Qtd', unit: 'Tipo' };

/** A house with a red (4 bottles, till code TAN) and a white sold by the glass (2 bottles of 5 glasses, code SAU). */
async function house() {
  const team = await createTeam(t.db);
  const base = `/api/establishments/${team.own.id}`;
  const item = async (name: string, onHand: number) => {
    const res = await t.call(team.manager, 'POST', `${base}/cellar`, { name, on_hand: onHand });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const red = await item('Tannat Reserva', 4);
  const white = await item('Sauvignon Blanc', 2);
  const menu = await createMenuRow(t.db, team.own.id);
  await createMenuWineRow(t.db, menu.id, { name: 'Sauvignon Blanc', cellarItemId: white, byTheGlass: true, glassDoses: 5 });
  for (const [code, itemId] of [
    ['TAN', red],
    ['SAU', white],
  ] as const) {
    const res = await t.call(team.manager, 'PUT', `${base}/till-codes/${code}`, { cellar_item_id: itemId });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...team, base, red, white };
}
type House = Awaited<ReturnType<typeof house>>;

async function upload(user: TestUser, h: House, fileName: string, bytes: Buffer) {
  const res = await uploadFile(t.app, user, fileName, bytes, 'text/csv', `${h.base}/cellar/sales-imports`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().import_id as string;
}
const execute = (user: TestUser, h: House, id: string, mapping: object = MAPPING) =>
  t.call(user, 'POST', `${h.base}/cellar/sales-imports/${id}/execute`, { field_mapping: mapping });
const statusOf = async (user: TestUser, h: House, id: string) => {
  const res = await t.call(user, 'GET', `${h.base}/cellar/sales-imports/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const countsOf = async (id: string) => {
  const [row] = await t.db.select().from(cellarItems).where(eq(cellarItems.id, id));
  return { on_hand: row?.onHand, open_glasses: row?.openBottleDoses };
};
const sheetRows = (bytes: Buffer) => {
  const book = XLSX.read(bytes, { type: 'buffer' });
  const first = book.SheetNames[0] ?? '';
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[first] as XLSX.WorkSheet, { header: 1, defval: '', raw: false });
};

describe('the till sales spreadsheet, end to end', () => {
  it('records each sale once, refuses a sale with a bad line whole, and gives back the rows that did not go in', async () => {
    const h = await house();
    const id = await upload(h.sommelier, h, 'vendas-05-12.csv', Buffer.from(DAY));

    const preview = await t.call(h.sommelier, 'GET', `${h.base}/cellar/sales-imports/${id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ columns: Object.values(MAPPING), total_rows: 7, suggested_mapping: MAPPING, remembered: false });
    expect(preview.json().sample_data).toHaveLength(5);

    const started = await execute(h.sommelier, h, id);
    expect(started.statusCode, started.body).toBe(202);
    await t.app.jobs.drain();
    const done = await statusOf(h.sommelier, h, id);
    expect(done).toMatchObject({
      status: 'completed',
      total_rows: 7,
      processed_rows: 7,
      // 1001 (1 line), 1002 (2 lines), 1004 (1 line).
      success_count: 4,
      skipped_count: 0,
      error_count: 3,
      sales_recorded: 3,
      sales_already_recorded: 0,
      discrepancy_count: 1,
      establishment_id: h.own.id,
    });
    expect(done.errors).toEqual([
      { row: 5, message: `Linha 5: ${TILL_IMPORT_TEXTS.unknownCode('XYZ')}` },
      { row: 6, message: `Linha 6: venda 1003 não registrada por causa da linha 5: ${TILL_IMPORT_TEXTS.unknownCode('XYZ')}` },
      { row: 8, message: "Linha 8: data '31/02/2026' inválida (use DD/MM/AAAA, com ou sem hora)" },
    ]);
    expect(done.warnings).toEqual([
      { row: 7, message: 'Linha 7: Tannat Reserva: o PDV vendeu 4 garrafas a mais do que a adega tinha (venda 1004).' },
    ]);
    // The red: 2 + 1 sold, then 1 of the 5 of sale 1004; the white: 3 glasses, a bottle opened with 2 glasses left.
    expect(await countsOf(h.red)).toEqual({ on_hand: 0, open_glasses: 0 });
    expect(await countsOf(h.white)).toEqual({ on_hand: 1, open_glasses: 2 });
    const sales = await t.db.select().from(tillSales).where(eq(tillSales.establishmentId, h.own.id));
    expect(sales.map((s) => [s.tillSaleId, s.soldAt.toISOString()]).sort()).toEqual([
      ['1001', '2026-12-06T00:30:00.000Z'],
      ['1002', '2026-12-06T00:45:00.000Z'],
      ['1004', '2026-12-06T01:10:00.000Z'],
    ]);
    const discrepancies = await t.call(h.sommelier, 'GET', `${h.base}/cellar/discrepancies`);
    expect(discrepancies.json()).toMatchObject([{ cellar_item_name: 'Tannat Reserva', till_sale_id: '1004', unit: 'bottle', missing: 4 }]);

    const failed = await t.call(h.sommelier, 'GET', `${h.base}/cellar/sales-imports/${id}/failed-rows`);
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-disposition']).toContain('linhas-com-erro-vendas-05-12.xlsx');
    const rows = sheetRows(failed.rawPayload);
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['Cupom', 'Data', 'Hora', 'Código'],
      ['1003', '05/12/2026', '22:00', 'XYZ'],
      ['1003', '05/12/2026', '22:00', 'TAN'],
      ['1005', '31/02/2026', '', 'TAN'],
    ]);
    expect(rows[0]?.[6]).toBe('Motivo');
    expect(rows[3]?.[6]).toBe("data '31/02/2026' inválida (use DD/MM/AAAA, com ou sem hora)");

    const history = await t.call(h.manager, 'GET', `${h.base}/cellar/sales-imports`);
    expect(history.json()).toMatchObject({
      total: 1,
      imports: [{ id, file_name: 'vendas-05-12.csv', status: 'completed', created_by: h.sommelier.email }],
    });
    const trail = await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, id));
    expect(trail.map((e) => e.action).sort()).toEqual(['import_execute', 'upload']);

    // The same day sent again: its mapping is remembered, and nothing is recorded twice.
    const again = await upload(h.manager, h, 'vendas-05-12.csv', Buffer.from(DAY));
    const secondPreview = await t.call(h.manager, 'GET', `${h.base}/cellar/sales-imports/${again}/preview`);
    expect(secondPreview.json()).toMatchObject({ suggested_mapping: MAPPING, remembered: true });
    expect((await execute(h.manager, h, again)).statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(await statusOf(h.manager, h, again)).toMatchObject({
      status: 'completed',
      success_count: 0,
      skipped_count: 4,
      error_count: 3,
      sales_recorded: 0,
      sales_already_recorded: 3,
      discrepancy_count: 0,
    });
    expect(await countsOf(h.red)).toEqual({ on_hand: 0, open_glasses: 0 });
    expect(await countsOf(h.white)).toEqual({ on_hand: 1, open_glasses: 2 });
  });

  it('reads the date and time of .xlsx cells, and a unit it does not know refuses its sale', async () => {
    const h = await house();
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['Venda', 'Data/hora', 'Cód', 'Quantidade', 'Unidade'],
        ['A-1', new Date(Date.UTC(2026, 11, 5, 20, 15)), 'TAN', 1, 'gf'],
        ['A-2', new Date(Date.UTC(2026, 11, 5, 20, 40)), 'SAU', 2, 'caixa'],
      ],
      { cellDates: true, dateNF: 'dd/mm/yyyy hh:mm' },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Vendas');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const id = await upload(h.manager, h, 'vendas.xlsx', bytes);
    const preview = (await t.call(h.manager, 'GET', `${h.base}/cellar/sales-imports/${id}/preview`)).json();
    expect(preview.suggested_mapping).toEqual({
      sale_id: 'Venda',
      sold_on: 'Data/hora',
      product_code: 'Cód',
      quantity: 'Quantidade',
      unit: 'Unidade',
    });
    expect(preview.sample_data[0]['Data/hora']).toBe('05/12/2026 20:15');
    expect((await execute(h.manager, h, id, preview.suggested_mapping)).statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(await statusOf(h.manager, h, id)).toMatchObject({
      success_count: 1,
      error_count: 1,
      errors: [{ row: 3, message: "Linha 3: 'caixa' não é garrafa nem taça" }],
    });
    const [sale] = await t.db
      .select()
      .from(tillSales)
      .where(and(eq(tillSales.establishmentId, h.own.id), eq(tillSales.tillSaleId, 'A-1')));
    // Written as São Paulo reads it: 20:15 there is 23:15 UTC.
    expect(sale?.soldAt.toISOString()).toBe('2026-12-05T23:15:00.000Z');
  });

  it('resumes after its process dies at the batch it stopped at, counting every row once', async () => {
    const h = await house();
    const id = await upload(h.manager, h, 'vendas.csv', Buffer.from(DAY));
    const res = await t.call(h.manager, 'POST', `${h.base}/cellar/sales-imports/${id}/execute`, { field_mapping: MAPPING });
    expect(res.statusCode).toBe(202);
    // The job the execute queued is taken by a worker that dies after its second batch of one sale.
    const claimed = await repo.claimTillImport(t.db, id);
    if (!claimed) throw new Error('not claimed');
    const died = runTillImport(
      {
        db: t.db,
        files: t.app.storage.private,
        cellar: createCellarService({ db: t.db, onPublicChange: () => undefined }),
        salesPerBatch: 1,
        afterBatch: (done) => {
          if (done === 2) throw new Error('kill -9');
        },
      },
      claimed,
    );
    await expect(died).rejects.toThrow('kill -9');
    const [halfway] = await t.db.select().from(tillSalesImports).where(eq(tillSalesImports.id, id));
    expect(halfway).toMatchObject({ status: 'processing', processedSales: 2, processedRows: 3, successCount: 3 });

    expect(await t.app.tillImportJobs.recover(0)).toEqual([id]);
    await t.app.jobs.drain();
    expect(await statusOf(h.manager, h, id)).toMatchObject({
      status: 'completed',
      processed_rows: 7,
      success_count: 4,
      skipped_count: 0,
      error_count: 3,
      sales_recorded: 3,
    });
    const moves = await t.db.select().from(cellarMovements).where(eq(cellarMovements.cellarItemId, h.red));
    expect(
      moves
        .filter((m) => m.reason === 'sale')
        .map((m) => m.delta)
        .sort(),
    ).toEqual([-2, -1, -1].sort());
  });
});

describe('who may import and what a bad request answers', () => {
  it('keeps imports to the establishment, refuses bad mappings in pt-BR and runs each import once', async () => {
    const h = await house();
    const id = await upload(h.manager, h, 'vendas.csv', Buffer.from(DAY));
    const other = await createTeam(t.db);
    // Another establishment's manager, and a supplier: the import does not exist for them.
    for (const outsider of [other.manager, h.supplier]) {
      expect((await t.call(outsider, 'GET', `${h.base}/cellar/sales-imports/${id}`)).statusCode).toBe(404);
      expect((await t.call(outsider, 'GET', `${h.base}/cellar/sales-imports`)).statusCode).toBe(404);
    }
    const refused = await uploadFile(t.app, h.supplier, 'v.csv', Buffer.from(DAY), 'text/csv', `${h.base}/cellar/sales-imports`);
    expect(refused.statusCode).toBe(403);
    // An import id under another establishment's path is not found either.
    expect((await t.call(other.manager, 'GET', `/api/establishments/${other.own.id}/cellar/sales-imports/${id}`)).statusCode).toBe(404);

    const missing = await execute(h.manager, h, id, { sale_id: 'Cupom', sold_on: 'Data' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Por favor, mapeie todos os campos obrigatórios');
    const twice = await execute(h.manager, h, id, { ...MAPPING, quantity: 'Cupom' });
    expect(twice.json().detail).toBe('A coluna "Cupom" foi escolhida para mais de um campo.');
    const absent = await execute(h.manager, h, id, { ...MAPPING, unit: 'Tamanho' });
    expect(absent.json().detail).toBe('A coluna "Tamanho" escolhida para Garrafa ou taça não existe na planilha.');

    expect((await execute(h.manager, h, id)).statusCode).toBe(202);
    const again = await execute(h.manager, h, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(TILL_IMPORT_TEXTS.alreadyRun);
    await t.app.jobs.drain();

    const empty = await uploadFile(t.app, h.manager, 'v.csv', Buffer.from('Cupom;Data\n'), 'text/csv', `${h.base}/cellar/sales-imports`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(TILL_IMPORT_TEXTS.noRows);
    const garbage = await uploadFile(
      t.app,
      h.manager,
      'v.xlsx',
      Buffer.from('PK\u0003\u0004garbage'),
      'text/csv',
      `${h.base}/cellar/sales-imports`,
    );
    expect([400, 415]).toContain(garbage.statusCode);

    const removed = await t.call(h.manager, 'DELETE', `${h.base}/cellar/sales-imports/${id}`);
    expect(removed.statusCode).toBe(204);
    expect((await t.call(h.manager, 'GET', `${h.base}/cellar/sales-imports/${id}`)).statusCode).toBe(404);
    // Its sales stay: they are the cellar's history now.
    expect(await t.db.select().from(tillSales).where(eq(tillSales.establishmentId, h.own.id))).toHaveLength(3);
  });

  it("takes the sheet from the till's own API key, and an Idempotency-Key never answers one file with another's import", async () => {
    const h = await house();
    const key = await t.call(h.manager, 'POST', `${h.base}/api-keys`, { name: 'PDV', scopes: ['cellar:sales'] });
    expect(key.statusCode, key.body).toBe(201);
    const till = { token: key.json().key as string };
    const send = async (csv: string) => {
      const { payload, headers } = multipartBody('file', 'vendas.csv', 'text/csv', Buffer.from(csv));
      const res = await t.app.inject({
        method: 'POST',
        url: `${h.base}/cellar/sales-imports`,
        payload,
        headers: { ...headers, authorization: `Bearer ${till.token}`, 'idempotency-key': 'dia-05-12' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().import_id as string;
    };
    const first = await send(DAY);
    const second = await send(DAY.replace('1001;', '2001;'));
    expect(second).not.toBe(first);
    const rows = await t.db.select().from(tillSalesImports).where(eq(tillSalesImports.establishmentId, h.own.id));
    expect(rows.map((r) => r.totalRows)).toEqual([7, 7]);
  });
});
