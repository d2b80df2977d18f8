/**
 * Per-table QR sheets, built one at a time per process in a worker thread of their own, and kept once built.
 * A 200-table sheet is seconds of CPU: three at once on the thread that answers requests took 36 s each and held
 * /api/health for 28 s. Here they wait their turn in a queue, the server's other answers go on meanwhile, and a
 * sheet asked for again (the same address, names, tables and format) is answered from memory.
 */
import type { Worker } from 'node:worker_threads';
import type { TableQrFormat } from '../../../shared/wine-menus.js';
import { startSiblingWorker } from '../../core/sibling-module.js';
import type { SheetJob, SheetResult } from './table-qr-messages.js';
import type { TableSheet } from './table-qr-sheet.js';

/** Sheets kept, newest use last; the oldest go first past either bound. */
const KEPT_SHEETS = 24;
const KEPT_BYTES = 64 * 1024 * 1024;
/** A worker left idle this long ends (its fonts and QR tables freed); the next sheet starts another. */
const IDLE_MS = 60_000;

interface Waiting extends SheetJob {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

const kept = new Map<string, Buffer>();
let keptBytes = 0;
const building = new Map<string, Promise<Buffer>>();
const queue: Waiting[] = [];
let current: Waiting | undefined;
let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
let built = 0;

/** Sheets drawn by this process so far (a sheet answered from memory is not drawn again). */
export const tableSheetsBuilt = () => built;

/** Everything a sheet shows: when the menu's address or a name changes, so does the key, and the sheet is drawn anew. */
const keyOf = (format: TableQrFormat, sheet: TableSheet) =>
  JSON.stringify([format, sheet.menuUrl, sheet.lang, sheet.establishmentName, sheet.menuName, sheet.tables]);

function keep(key: string, bytes: Buffer): void {
  kept.set(key, bytes);
  keptBytes += bytes.length;
  for (const [oldKey, oldBytes] of kept) {
    if (kept.size <= KEPT_SHEETS && keptBytes <= KEPT_BYTES) break;
    kept.delete(oldKey);
    keptBytes -= oldBytes.length;
  }
}

function settle(result: SheetResult | { ok: false; message: string }): void {
  const job = current;
  current = undefined;
  if (job) {
    if (result.ok) job.resolve(Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength));
    else job.reject(new Error(`table QR sheet failed: ${result.message}`));
  }
  next();
}

function startWorker(): Worker {
  const started = startSiblingWorker(import.meta.url, 'table-qr-worker');
  // The worker never keeps the process alive on its own: an app that closes ends without waiting for it.
  started.unref();
  started.on('message', (result: SheetResult) => settle(result));
  const lost = (message: string) => {
    if (worker !== started) return;
    worker = undefined;
    settle({ ok: false, message });
  };
  started.once('error', (error) => lost(error.message));
  started.once('exit', (code) => lost(`the worker stopped (${code})`));
  return started;
}

function next(): void {
  if (current) return;
  const job = queue.shift();
  if (!job) {
    idleTimer = setTimeout(() => {
      const idle = worker;
      worker = undefined;
      void idle?.terminate();
    }, IDLE_MS);
    idleTimer.unref();
    return;
  }
  clearTimeout(idleTimer);
  current = job;
  worker ??= startWorker();
  worker.postMessage({ id: job.id, format: job.format, sheet: job.sheet } satisfies SheetJob);
}

/** The sheet's bytes: from memory when this sheet was drawn before, else drawn in its turn. */
export function tableSheet(format: TableQrFormat, sheet: TableSheet): Promise<Buffer> {
  const key = keyOf(format, sheet);
  const hit = kept.get(key);
  if (hit) {
    // Most recently used last: the sheet in use is the last to go.
    kept.delete(key);
    kept.set(key, hit);
    return Promise.resolve(hit);
  }
  const pending = building.get(key);
  if (pending) return pending;
  const drawn = new Promise<Buffer>((resolve, reject) => {
    queue.push({ id: nextId++, format, sheet, resolve, reject });
    next();
  })
    .then((bytes) => {
      built++;
      keep(key, bytes);
      return bytes;
    })
    .finally(() => building.delete(key));
  building.set(key, drawn);
  return drawn;
}
