import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { largeWorkbook } from '../../../../scripts/import-fixtures.mjs';
import type { SpreadsheetKind } from './file-kind.js';
import { readWithSheetJs } from './parse-spreadsheet.js';
import { readXlsx as streamXlsx } from './read-xlsx.js';
import { SheetAssembler } from './sheet-assembler.js';
import { listZipEntries } from './zip-entries.js';

const readXlsx = (bytes: Buffer, maxRows: number) => streamXlsx(bytes, new SheetAssembler(maxRows));
const parseWithSheetJs = (bytes: Buffer, kind: SpreadsheetKind, maxRows: number) =>
  readWithSheetJs(bytes, kind, new SheetAssembler(maxRows));

const fixture = readFileSync(new URL('../../../../tests/e2e/fixtures/tabela-precos-vinhos.xlsx', import.meta.url));

function workbookOf(rows: unknown[][], build?: (sheet: XLSX.WorkSheet) => void, extraSheets: unknown[][][] = []): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const [index, aoa] of extraSheets.entries()) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(aoa), `Vazia ${index}`);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  build?.(sheet);
  XLSX.utils.book_append_sheet(workbook, sheet, 'Produtos');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

describe('the streamed .xlsx reader reads what SheetJS reads', () => {
  it('the committed price list: header, every row, line numbers', async () => {
    const streamed = await readXlsx(fixture, 200_000);
    expect(streamed).toEqual(await parseWithSheetJs(fixture, 'xlsx', 200_000));
    expect(streamed.ok && streamed.sheet.rows.length).toBeGreaterThan(100);
  });

  it('the benchmark workbook: codes with zeros, prices as text, numbers', async () => {
    const bytes = largeWorkbook(500) as Buffer;
    expect(await readXlsx(bytes, 200_000)).toEqual(await parseWithSheetJs(bytes, 'xlsx', 200_000));
  });

  it('dates, zero-padded codes, decimals, booleans, errors, blank lines and columns past the header', async () => {
    const bytes = workbookOf(
      [
        [],
        ['Código', 'Nome', '', 'Preço', 'Validade', 'Ativo'],
        [123, '  Vinho  ', 'x', 1127.93, 45658, true],
        [],
        [7, 'Rosé _x000D_', null, 1.234, 45000.5, false, 'além do cabeçalho'],
        [null, null, null, null, null, null, 'só além do cabeçalho'],
      ],
      (sheet) => {
        (sheet.A3 as XLSX.CellObject).z = '00000';
        (sheet.A5 as XLSX.CellObject).z = '000000';
        (sheet.E3 as XLSX.CellObject).z = 'dd/mm/yyyy';
        (sheet.E5 as XLSX.CellObject).z = 'm/d/yy h:mm';
        sheet.F6 = { t: 'e', v: 0x2a, w: '#N/A' };
      },
    );
    const streamed = await readXlsx(bytes, 200_000);
    expect(streamed).toEqual(await parseWithSheetJs(bytes, 'xlsx', 200_000));
    expect(streamed.ok && streamed.sheet.rows[0]).toEqual(['00123', 'Vinho', 'x', '1.127,93', '01/01/2025', 'VERDADEIRO']);
    expect(streamed.ok && streamed.sheet.columns).toEqual(['Código', 'Nome', 'Coluna C', 'Preço', 'Validade', 'Ativo']);
    expect(streamed.ok && streamed.sheet.lines).toEqual([3, 5, 6]);
  });

  it('stops at the row limit and says so', async () => {
    const bytes = largeWorkbook(30) as Buffer;
    const streamed = await readXlsx(bytes, 20);
    expect(streamed.ok && streamed.sheet.truncated).toBe(true);
    expect(streamed.ok && streamed.sheet.rows.length).toBe(20);
  });

  it('an empty first sheet is passed over for the first sheet with text', async () => {
    const bytes = workbookOf([['Nome'], ['Malbec']], undefined, [[]]);
    const streamed = await readXlsx(bytes, 200_000);
    expect(streamed.ok && streamed.sheet).toMatchObject({ columns: ['Nome'], rows: [['Malbec']] });
  });

  it('a part that unpacks to more than its declared size is refused as corrupt (a zip bomb that lies)', async () => {
    const bytes = Buffer.from(largeWorkbook(200) as Buffer);
    const entries = listZipEntries(bytes);
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml');
    if (!sheet) throw new Error('no sheet1.xml');
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let offset = bytes.readUInt32LE(end + 16);
    for (const entry of entries) {
      if (entry === sheet) bytes.writeUInt32LE(1024, offset + 24);
      offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    }
    expect(await readXlsx(bytes, 200_000)).toEqual({ ok: false, reason: 'corrupt' });
  });

  it('a workbook with no text is empty; a damaged sheet is corrupt', async () => {
    expect(await readXlsx(workbookOf([[]]), 200_000)).toEqual({ ok: false, reason: 'empty' });
    const damaged = Buffer.from(fixture);
    damaged.fill(0x41, Math.floor(damaged.length / 3), Math.floor(damaged.length / 3) + 4096);
    expect(await readXlsx(damaged, 200_000)).toEqual({ ok: false, reason: 'corrupt' });
  });
});
