/**
 * An uploaded spreadsheet read the product import's way (detectKind, a worker thread, its limits), or the pt-BR answer
 * a person gets for a file it cannot use. Each kind of sheet says what its rows are in its own messages.
 */
import { appError } from '../../core/app-error.js';
import { CORRUPT_FILE, detectKind, type SpreadsheetKind } from './file-kind.js';
import { formulaSafe } from './formula-safe.js';
import { parseInWorker, summarizeInWorker, type WorkerOutcome } from './parse-in-worker.js';
import type { ParsedSheet } from './sheet-assembler.js';

const PROTECTED_FILE = 'A planilha está protegida por senha. Remova a senha no Excel e envie novamente.';
const TOO_BIG_TO_READ = 'A planilha é grande demais para ser lida. Divida o arquivo e importe em partes.';

/** What a sheet of one kind says when it is empty, has no rows, too many rows or too many columns. */
export interface SheetMessages {
  empty: string;
  noRows: string;
  tooManyRows: string;
  tooManyColumns: string;
}

/** The sheet a worker read, or the error a person reads. */
export function sheetOrThrow(outcome: WorkerOutcome, messages: SheetMessages): ParsedSheet {
  if (!outcome.ok) {
    if (outcome.reason === 'protected') throw appError('invalid_spreadsheet', PROTECTED_FILE);
    if (outcome.reason === 'empty') throw appError('invalid_spreadsheet', messages.empty);
    if (outcome.reason === 'out_of_memory') throw appError('too_large', TOO_BIG_TO_READ);
    if (outcome.reason === 'too_many_columns') throw appError('invalid_spreadsheet', messages.tooManyColumns);
    throw appError('invalid_spreadsheet', CORRUPT_FILE);
  }
  const { sheet } = outcome;
  if (sheet.truncated) throw appError('too_large', messages.tooManyRows);
  if (sheet.totalRows === 0) throw appError('invalid_spreadsheet', messages.noRows);
  return sheet;
}

/** Every row of an uploaded .xlsx, .xls or .csv (at most `maxRows`), read in a worker thread. */
export async function readUploadedSheet(bytes: Buffer, maxRows: number, messages: SheetMessages): Promise<ParsedSheet> {
  const kind = await detectKind(bytes);
  return sheetOrThrow(await parseInWorker(Buffer.from(bytes), kind, maxRows), messages);
}

/** An upload's kind and its summary (columns, row count, the first `keep` rows), or the pt-BR answer. */
export async function summarizeUploadedSheet(
  bytes: Buffer,
  maxRows: number,
  keep: number,
  messages: SheetMessages,
): Promise<{ kind: SpreadsheetKind; sheet: ParsedSheet }> {
  const kind = await detectKind(bytes);
  // A copy: the worker takes the bytes it is given, and the caller stores these next.
  return { kind, sheet: sheetOrThrow(await summarizeInWorker(Buffer.from(bytes), kind, maxRows, keep), messages) };
}

/** A stored upload read whole again, its kind known from the upload. */
export async function readStoredSheet(
  bytes: Buffer,
  kind: SpreadsheetKind,
  maxRows: number,
  messages: SheetMessages,
): Promise<ParsedSheet> {
  return sheetOrThrow(await parseInWorker(bytes, kind, maxRows), messages);
}

/** A safe storage key segment from the user's file name ("Tabela de Preços.xlsx" -> "Tabela_de_Pre_os.xlsx"). */
export const storageSafeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 100) || 'planilha';

/**
 * The rows of a sheet that did not go in, as an .xlsx: the original columns plus "Motivo", each cell made safe from
 * formulas. Loaded on the first download: the server otherwise never needs SheetJS, a large library.
 */
export async function failedRowsWorkbook(
  columns: readonly string[],
  rows: readonly { cells: readonly string[]; reason: string }[],
): Promise<Buffer> {
  const out = [[...columns, 'Motivo'], ...rows.map((r) => [...r.cells, r.reason])].map((cells) => cells.map(formulaSafe));
  const { utils, write } = await import('@e965/xlsx');
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, utils.aoa_to_sheet(out), 'Linhas com erro');
  return write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
