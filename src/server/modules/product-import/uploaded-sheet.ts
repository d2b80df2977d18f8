/**
 * An uploaded spreadsheet read the product import's way (detectKind, a worker thread, its limits), or the pt-BR answer
 * a person gets for a file it cannot use. Each kind of sheet says what its rows are in its own messages.
 */
import { appError } from '../../core/app-error.js';
import { CORRUPT_FILE, detectKind } from './file-kind.js';
import { parseInWorker, type WorkerOutcome } from './parse-in-worker.js';
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
