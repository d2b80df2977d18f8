import { startSiblingWorker } from '../../core/sibling-module.js';
import type { SpreadsheetKind } from './file-kind.js';
import type { ParseOutcome } from './sheet-assembler.js';
import type { CheckedBatch, FromWorker, ReadMode, RowRules, ToWorker } from './worker-messages.js';

/**
 * A worker that runs out of this much heap dies alone (the file was too big to hold), not the app. SheetJS holds an
 * .xls or .csv whole; a streamed .xlsx holds its shared strings and two batches, and a small heap makes its worker
 * collect garbage early instead of growing the process.
 */
const WORKER_HEAP_MB: Record<SpreadsheetKind, number> = { xlsx: 384, xls: 1536, csv: 1536 };
/**
 * What a worker reads lives for one line or one batch: a 4 MB young generation (V8's default grows to 16 MB or more)
 * collects it as often, and the worker of a large import grows the process less (decision 0028).
 */
const WORKER_YOUNG_MB = 4;

export type WorkerOutcome = ParseOutcome | { ok: false; reason: 'out_of_memory' };

type Heard = FromWorker | { type: 'error'; error: Error & { code?: string } } | { type: 'exit'; code: number };

/**
 * The bytes over a memory block of their own, which the worker is then given, not copied: the caller's Buffer is
 * empty afterwards, and a 100,000-row file is not held twice (in this thread and the worker) during a whole import.
 * A Buffer sharing Node's pool (a small file) is copied.
 */
function ownBuffer(bytes: Buffer): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return new Uint8Array(buffer);
  return Uint8Array.from(bytes);
}

/**
 * Starts a worker on one file (its bytes move to the worker: the caller's Buffer is empty afterwards) and yields what it says until its outcome; the worker ends with the conversation
 * (also when the caller stops listening early). A worker that ran out of memory is an outcome, not an error.
 */
async function* converse(
  bytes: Buffer,
  request: ReadMode,
  kind: SpreadsheetKind,
  maxRows: number,
): AsyncGenerator<CheckedBatch, WorkerOutcome> {
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB[kind], maxYoungGenerationSizeMb: WORKER_YOUNG_MB };
  const worker = startSiblingWorker(import.meta.url, 'spreadsheet-worker', { resourceLimits });
  const heard: Heard[] = [];
  let notify: (() => void) | undefined;
  const hear = (item: Heard) => {
    heard.push(item);
    notify?.();
  };
  worker.on('message', hear);
  worker.once('error', (error) => hear({ type: 'error', error }));
  worker.once('exit', (code) => hear({ type: 'exit', code }));
  const moved = ownBuffer(bytes);
  worker.postMessage({ type: 'read', bytes: moved, kind, maxRows, ...request } as ToWorker, [moved.buffer]);
  try {
    for (;;) {
      const item = heard.shift();
      if (!item) {
        await new Promise<void>((resolve) => (notify = resolve));
        continue;
      }
      switch (item.type) {
        case 'batch':
          // Taken: the worker may read the next one while this one is written.
          worker.postMessage({ type: 'more' } satisfies ToWorker);
          yield { columns: item.columns, lines: item.lines, rows: item.rows, checks: item.checks };
          break;
        case 'outcome':
          return item.outcome;
        case 'error':
          if (item.error.code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false, reason: 'out_of_memory' };
          throw item.error;
        case 'exit':
          throw new Error(`spreadsheet worker exited with code ${item.code}`);
      }
    }
  } finally {
    void worker.terminate();
  }
}

/** The outcome a conversation ends with (modes that send no batches). */
async function outcomeOf(conversation: AsyncGenerator<CheckedBatch, WorkerOutcome>): Promise<WorkerOutcome> {
  for (;;) {
    const next = await conversation.next();
    if (next.done) return next.value;
  }
}

/** Reads a whole spreadsheet in a worker thread, so a big file never blocks the API or the public menus. */
export function parseInWorker(bytes: Buffer, kind: SpreadsheetKind, maxRows: number): Promise<WorkerOutcome> {
  return outcomeOf(converse(bytes, { mode: 'all' }, kind, maxRows));
}

/** Columns, row count and the first `keep` rows: the upload's preview, without the rest of the rows crossing threads. */
export function summarizeInWorker(bytes: Buffer, kind: SpreadsheetKind, maxRows: number, keep: number): Promise<WorkerOutcome> {
  return outcomeOf(converse(bytes, { mode: 'summary', keep }, kind, maxRows));
}

/**
 * The rows from index `skip` on, in batches read and checked (checkImportRow) by a worker at most two batches ahead
 * of the caller.
 */
export function readBatchesInWorker(
  bytes: Buffer,
  kind: SpreadsheetKind,
  maxRows: number,
  options: { skip: number; batchSize: number; check: RowRules },
): AsyncGenerator<CheckedBatch, WorkerOutcome> {
  return converse(bytes, { mode: 'batches', ...options }, kind, maxRows);
}
