/** What the app's thread and the embedded database's worker thread (db/pglite-worker.ts) say to each other. */

export interface PgliteWorkerData {
  dataDir: string;
  startParams: string[];
}

/** A statement's options as they cross the thread: drizzle's identity parsers travel as the type ids they cover. */
export interface StatementOptions {
  rowMode?: 'array' | 'object';
  /** Types whose values stay the text PostgreSQL sent (drizzle reads dates, intervals and numeric arrays itself). */
  rawTypes?: number[];
}

export type ToPgliteWorker =
  | ({ op: 'query'; id: number; tx?: number; sql: string; params: unknown[] } & StatementOptions)
  | ({ op: 'exec'; id: number; tx?: number; sql: string } & StatementOptions)
  /** Opens a transaction; its statements name it by this message's id. */
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; channel: string }
  /** PGlite's own copy of its data directory (a gzipped tarball), taken between two statements (db/backup). */
  | { op: 'dump'; id: number }
  | { op: 'close'; id: number };

/** An error as it crosses the thread: its message and PostgreSQL's fields (code, constraint, detail...). */
export interface ErrorFields {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

export type FromPgliteWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorFields }
  /** PostgreSQL aborted (a PANIC: the disk filled under a WAL write): this instance will never answer again. */
  | { type: 'broken'; reason: string }
  | { type: 'reply'; id: number; result?: unknown; error?: ErrorFields }
  | { type: 'notification'; channel: string; payload: string };

export function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    fields[key] = value;
  }
  return { message: err.message, name: err.name, fields };
}

/** The error again on this side, with the same code, constraint and message the database's own error had. */
export function errorFrom({ message, name, fields }: ErrorFields): Error {
  const err = Object.assign(new Error(message), fields);
  err.name = name;
  return err;
}
