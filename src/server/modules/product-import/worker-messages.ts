import type { FieldMapping, RowCheck, SourceRow } from '../../../shared/product-import.js';
import type { SpreadsheetKind } from './file-kind.js';
import type { ParseOutcome } from './sheet-assembler.js';

/** What the spreadsheet worker and the thread that starts it say to each other. */
interface Read {
  type: 'read';
  bytes: Uint8Array;
  kind: SpreadsheetKind;
  maxRows: number;
}

export type ReadMode =
  /** Every row (the failed-rows download). */
  | { mode: 'all' }
  /** Columns, the count and the first `keep` rows (the upload's preview). */
  | { mode: 'summary'; keep: number }
  /**
   * Rows from index `skip` on, `batchSize` at a time (the import), each checked by the product rules in the worker
   * (checkImportRow: the product schema's parse is the costliest work of a row, kept off the thread that serves).
   */
  | { mode: 'batches'; skip: number; batchSize: number; check: RowRules };

/** What checkImportRow needs besides the row. */
export interface RowRules {
  mapping: FieldMapping;
  supplierFromColumn: boolean;
}

export type ToWorker =
  | (Read & ReadMode)
  /** The import took a batch: the worker may read one more. */
  | { type: 'more' };

export interface SheetBatch {
  columns: string[];
  lines: number[];
  rows: string[][];
}

/** A batch of the import: its rows and, for each, what the product rules say of it. */
export interface CheckedBatch extends SheetBatch {
  checks: RowCheck[];
}

export type FromWorker = ({ type: 'batch' } & CheckedBatch) | { type: 'outcome'; outcome: ParseOutcome };

/** The row as the rules read it: values keyed by column header. */
export function sourceRow(sheet: SheetBatch, index: number): SourceRow {
  const cells = sheet.rows[index] ?? [];
  const values: Record<string, string> = {};
  sheet.columns.forEach((column, c) => {
    values[column] = cells[c] ?? '';
  });
  return { line: sheet.lines[index] ?? index + 2, values };
}
