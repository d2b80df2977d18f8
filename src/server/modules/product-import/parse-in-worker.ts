import { Worker } from 'node:worker_threads';
import type { SpreadsheetKind } from './file-kind.js';
import type { ParseOutcome } from './parse-spreadsheet.js';

/** A worker that runs out of this much heap dies alone (the file was too big to hold), not the app. */
const WORKER_HEAP_MB = 1536;
// Built code runs the compiled .js worker; tests and the bench run the TypeScript sources through tsx.
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = new URL(`./spreadsheet-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);

/** From the sources, the worker registers tsx first (a worker does not inherit the parent's loader). */
const TS_BOOTSTRAP = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile.href)}); });`;

export type WorkerOutcome = ParseOutcome | { ok: false; reason: 'out_of_memory' };

/** Parses a spreadsheet in a fresh worker thread, so a big file never blocks the API or the public menus. */
export function parseInWorker(bytes: Buffer, kind: SpreadsheetKind, maxRows: number): Promise<WorkerOutcome> {
  return new Promise((resolve, reject) => {
    const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
    const worker = fromSources ? new Worker(TS_BOOTSTRAP, { eval: true, resourceLimits }) : new Worker(workerFile, { resourceLimits });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      finish();
      void worker.terminate();
    };
    worker.once('message', (outcome: ParseOutcome) => settle(() => resolve(outcome)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => (err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ ok: false, reason: 'out_of_memory' }) : reject(err))),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`spreadsheet worker exited with code ${code}`))));
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    worker.postMessage({ bytes: copy, kind, maxRows }, [copy.buffer]);
  });
}
