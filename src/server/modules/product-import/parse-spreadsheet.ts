import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { booleanText, numberText } from './cell-text.js';
import { type SpreadsheetKind, utf16Encoding } from './file-kind.js';
import { readXlsx } from './read-xlsx.js';
import type { Between, ParseOutcome, SheetAssembler } from './sheet-assembler.js';

/**
 * Turns the bytes of an .xlsx, .xls or .csv into a header and rows of trimmed text, the way a person reads the
 * sheet (cell-text.ts, sheet-assembler.ts). An .xlsx is streamed (read-xlsx.ts): a 100,000-row sheet never sits
 * whole in memory; .xls (at most 65,536 rows) and .csv go through SheetJS. Runs in a worker thread
 * (parse-in-worker.ts).
 */

/** Reads the sheet's lines into the assembler; the outcome is the assembler's, or why the file could not be read. */
export async function readSpreadsheet(
  bytes: Uint8Array,
  kind: SpreadsheetKind,
  assembler: SheetAssembler,
  between?: Between,
): Promise<ParseOutcome> {
  if (kind === 'xlsx') return readXlsx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), assembler, between);
  return readWithSheetJs(bytes, kind, assembler, between);
}

/** SheetJS reads .xls and .csv whole (and any kind, for the test that holds the .xlsx stream to the same reading). */
export async function readWithSheetJs(
  bytes: Uint8Array,
  kind: SpreadsheetKind,
  assembler: SheetAssembler,
  between?: Between,
): Promise<ParseOutcome> {
  let workbook: XLSX.WorkBook;
  // The header line, blank lines in between and one row past the limit: enough to tell "too many".
  const sheetRows = assembler.maxRows + 2;
  try {
    const text = kind === 'csv' ? decodeText(bytes) : '';
    workbook =
      kind === 'csv'
        ? XLSX.read(text, { type: 'string', raw: true, dense: true, sheetRows, FS: delimiterOf(text) })
        : XLSX.read(bytes, { type: 'buffer', dense: true, sheetRows, cellNF: true, cellHTML: false, cellFormula: false });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: /password|encrypt/i.test(message) ? 'protected' : 'corrupt' };
  }
  const sheet = workbook.SheetNames.map((name) => workbook.Sheets[name]).find((s) => s?.['!ref']);
  if (!sheet) return { ok: false, reason: 'empty' };
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const source = data[r];
    if (!source) continue;
    if (
      !assembler.addLine(
        r + 1,
        Array.from(source, (cell) => cellText(cell, date1904)),
      )
    )
      break;
    const waiting = between?.();
    if (waiting) await waiting;
  }
  return assembler.result();
}

function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v).trim();
    case 'n':
      return numberText(cell.v as number, typeof cell.z === 'string' ? cell.z : '', date1904);
    case 'b':
      return booleanText(Boolean(cell.v));
    case 'd':
      return (cell.w ?? '').trim();
    default:
      return (cell.w ?? String(cell.v)).trim();
  }
}

/**
 * UTF-16 when it starts with its byte order mark (Excel's "Texto Unicode"), UTF-8 when the bytes are valid UTF-8
 * (with or without a BOM), Windows-1252 otherwise (Excel's "CSV" in Brazil).
 */
export function decodeText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf16 = utf16Encoding(bytes);
  // iconv-lite drops the byte order mark.
  if (utf16) return iconv.decode(buffer, utf16);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(buffer, 'win1252');
  }
}

/** `;` (Excel in Brazil), `,` or tab: whichever the first line has most of, outside quotes. */
export function delimiterOf(text: string): string {
  const head = text.slice(0, 64 * 1024);
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  let most = 0;
  for (const [char, count] of counts) {
    if (count > most) {
      best = char;
      most = count;
    }
  }
  return best;
}
