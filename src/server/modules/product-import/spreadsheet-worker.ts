import { parentPort } from 'node:worker_threads';
import { checkImportRow } from '../../../shared/product-import.js';
import { yieldCpuToRequests } from '../../core/thread-priority.js';
import { readSpreadsheet } from './parse-spreadsheet.js';
import { SheetAssembler } from './sheet-assembler.js';
import { type FromWorker, sourceRow, type ToWorker } from './worker-messages.js';

/**
 * The worker thread's entry: reads one file, off the thread that serves requests. In `batches` mode it hands the rows
 * over as it reads them, at most two batches ahead of the import that writes them, so the rows never sit whole in
 * memory and reading overlaps writing.
 */
const port = parentPort;
if (!port) throw new Error('spreadsheet-worker.ts runs as a worker thread');
const post = (message: FromWorker) => port.postMessage(message);
yieldCpuToRequests();

let credits = 2;
let wake: (() => void) | undefined;

port.on('message', async (message: ToWorker) => {
  if (message.type === 'more') {
    credits++;
    wake?.();
    return;
  }
  const { bytes, kind, maxRows } = message;
  if (message.mode !== 'batches') {
    const keep = message.mode === 'summary' ? { keep: message.keep } : {};
    post({ type: 'outcome', outcome: await readSpreadsheet(bytes, kind, new SheetAssembler(maxRows, keep)) });
    return;
  }
  const assembler = new SheetAssembler(maxRows, { skip: message.skip });
  const { batchSize, check } = message;
  /** Batches of exactly batchSize rows (the last may be short): the import's checkpoints count them. */
  const handOver = async (least: number) => {
    while (assembler.pending >= least && assembler.pending > 0) {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits--;
      const batch = { columns: assembler.columns, ...assembler.take(batchSize) };
      const checks = batch.rows.map((_, i) => checkImportRow(sourceRow(batch, i), check.mapping, check.supplierFromColumn));
      post({ type: 'batch', ...batch, checks });
    }
  };
  const outcome = await readSpreadsheet(bytes, kind, assembler, () => (assembler.pending >= batchSize ? handOver(batchSize) : undefined));
  if (outcome.ok) await handOver(1);
  post({ type: 'outcome', outcome: outcome.ok ? { ok: true, sheet: { ...outcome.sheet, lines: [], rows: [] } } : outcome });
});
