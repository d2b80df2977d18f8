import { parentPort } from 'node:worker_threads';
import type { SpreadsheetKind } from './file-kind.js';
import { parseSpreadsheet } from './parse-spreadsheet.js';

/** The worker thread's entry: parses one file per message, off the thread that serves requests. */
parentPort?.on('message', (message: { bytes: Uint8Array; kind: SpreadsheetKind; maxRows: number }) => {
  parentPort?.postMessage(parseSpreadsheet(message.bytes, message.kind, message.maxRows));
});
