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
  /** Rows from index `skip` on, `batchSize` at a time (the import). */
  | { mode: 'batches'; skip: number; batchSize: number };

export type ToWorker =
  | (Read & ReadMode)
  /** The import took a batch: the worker may read one more. */
  | { type: 'more' };

export interface SheetBatch {
  columns: string[];
  lines: number[];
  rows: string[][];
}

export type FromWorker = ({ type: 'batch' } & SheetBatch) | { type: 'outcome'; outcome: ParseOutcome };
