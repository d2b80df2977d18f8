import { setFlagsFromString } from 'node:v8';

/**
 * Imported first by main.ts, before the app's modules load. V8 lets the heap grow to up to four times what survived
 * the last full collection before it collects again; an import's messages to and from its worker threads are garbage
 * that lives a few milliseconds, and that headroom let the process pass issue 9's 512 MB during a 100,000-row import
 * (decision 0076). A factor of 1.5 keeps the heap near what is alive; full collections are concurrent and cheap at
 * this size. The flag is process-wide: the worker threads created later get it too.
 */
setFlagsFromString('--heap-growing-percent=50');
