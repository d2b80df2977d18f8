import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import type { SpreadsheetKind } from './file-kind.js';

/**
 * Turns the bytes of an .xlsx, .xls or .csv into a header and rows of trimmed text, the way a person reads the
 * sheet: codes keep their leading zeros ("00123" stays text), dates read DD/MM/AAAA, numbers keep their value with
 * a decimal comma (so "1,234" is never read back as a thousand), empty rows are dropped but the others keep their
 * line number in the sheet. Pure and synchronous: it runs in a worker thread (parse-in-worker.ts).
 */
export interface ParsedSheet {
  columns: string[];
  /** The line of each row in the sheet (1 is the first line), for messages such as "Linha 17: ...". */
  lines: number[];
  rows: string[][];
  /** Data rows beyond the limit were found (the rest was not read). */
  truncated: boolean;
}

export type ParseOutcome = { ok: true; sheet: ParsedSheet } | { ok: false; reason: 'protected' | 'corrupt' | 'empty' };

const DATE_FORMAT = 'dd/mm/yyyy';
const ZERO_PADDED = /^0+$/;
/** 1127.93 -> "1.127,93", 1.234 -> "1,234": the way a Brazilian reads it, and the money rule reads it back exactly. */
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 15 });

export function parseSpreadsheet(bytes: Uint8Array, kind: SpreadsheetKind, maxRows: number): ParseOutcome {
  let workbook: XLSX.WorkBook;
  // The header line, blank lines in between and one row past the limit: enough to tell "too many".
  const sheetRows = maxRows + 2;
  try {
    workbook =
      kind === 'csv'
        ? XLSX.read(decodeText(bytes), { type: 'string', raw: true, dense: true, sheetRows, FS: delimiterOf(bytes) })
        : XLSX.read(bytes, { type: 'buffer', dense: true, sheetRows, cellNF: true, cellHTML: false, cellFormula: false });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: /password|encrypt/i.test(message) ? 'protected' : 'corrupt' };
  }
  const sheet = workbook.SheetNames.map((name) => workbook.Sheets[name]).find((s) => s?.['!ref']);
  if (!sheet) return { ok: false, reason: 'empty' };
  return readSheet(sheet, maxRows);
}

function readSheet(sheet: XLSX.WorkSheet, maxRows: number): ParseOutcome {
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const width = range.e.c + 1;
  let header: string[] | undefined;
  const lines: number[] = [];
  const rows: string[][] = [];
  let truncated = false;
  for (let r = range.s.r; r <= range.e.r; r++) {
    const source = data[r];
    if (!source) continue;
    const cells = new Array<string>(width);
    let filled = false;
    for (let c = 0; c < width; c++) {
      const text = cellText(source[c]);
      cells[c] = text;
      if (text) filled = true;
    }
    if (!filled) continue;
    if (!header) {
      header = cells;
      continue;
    }
    if (rows.length === maxRows) {
      truncated = true;
      break;
    }
    lines.push(r + 1);
    rows.push(cells);
  }
  if (!header) return { ok: false, reason: 'empty' };
  const used = lastUsedColumn(header);
  return {
    ok: true,
    sheet: { columns: columnNames(header.slice(0, used)), lines, rows: rows.map((row) => row.slice(0, used)), truncated },
  };
}

function lastUsedColumn(header: string[]): number {
  let last = header.length;
  while (last > 0 && !header[last - 1]) last--;
  return last;
}

/** Headers as given, trimmed; an empty one becomes "Coluna C", a repeated one "Preço (2)". */
function columnNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((text, index) => {
    const base = text || `Coluna ${XLSX.utils.encode_col(index)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v).trim();
    case 'n': {
      const format = typeof cell.z === 'string' ? cell.z : '';
      if (format && XLSX.SSF.is_date(format)) return XLSX.SSF.format(DATE_FORMAT, cell.v);
      // "00000" formats show codes with their leading zeros: keep what the sheet shows.
      if (ZERO_PADDED.test(format) && cell.w) return cell.w.trim();
      const value = cell.v as number;
      return Number.isInteger(value) ? BigInt(value).toString() : decimal.format(value);
    }
    case 'b':
      return cell.v ? 'VERDADEIRO' : 'FALSO';
    case 'd':
      return (cell.w ?? '').trim();
    default:
      return (cell.w ?? String(cell.v)).trim();
  }
}

/** UTF-8 when the bytes are valid UTF-8 (with or without a BOM), Windows-1252 otherwise (Excel's "CSV" in Brazil). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252');
  }
}

/** `;` (Excel in Brazil), `,` or tab: whichever the first line has most of, outside quotes. */
export function delimiterOf(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64 * 1024)).toString('latin1');
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
