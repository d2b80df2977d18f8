import { parentPort } from 'node:worker_threads';
import { yieldCpuToRequests } from '../../core/thread-priority.js';
import type { SheetJob, SheetResult } from './table-qr-messages.js';
import { tableQrSheetPdf, tableQrSheetPng, tableQrSheetSvg } from './table-qr-sheet.js';

/**
 * The worker thread that draws the per-table QR sheets (seconds of CPU for 200 tables), off the thread that answers
 * requests and at a background thread's priority (decision 0076). It draws one sheet at a time, as it is given them.
 */
const port = parentPort;
if (!port) throw new Error('table-qr-worker.ts runs as a worker thread');
yieldCpuToRequests();

port.on('message', async ({ id, format, sheet }: SheetJob) => {
  let result: SheetResult;
  try {
    const drawn =
      format === 'pdf' ? await tableQrSheetPdf(sheet) : format === 'png' ? await tableQrSheetPng(sheet) : await tableQrSheetSvg(sheet);
    const bytes = typeof drawn === 'string' ? Buffer.from(drawn) : drawn;
    result = { id, ok: true, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  } catch (err) {
    result = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(result);
});
