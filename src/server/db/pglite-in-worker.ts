import { statfs } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { startSiblingWorker } from '../core/sibling-module.js';
import {
  errorFrom,
  type FromPgliteWorker,
  type PgliteWorkerData,
  type StatementOptions,
  type ToPgliteWorker,
} from './pglite-worker-messages.js';

/** The message PGlite itself gives once closed (db/errors.ts answers it with 503). */
const CLOSED = 'PGlite is closed';

type Pending = { resolve(result: unknown): void; reject(err: Error): void };
type Request = ToPgliteWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

/** What the app, drizzle-orm/pglite and pg-boss's adapter use of a PGlite client. */
export interface PgliteClient {
  readonly closed: boolean;
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite's own gzipped tarball of its data directory: what the backup keeps of an embedded database. */
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

/** drizzle's parsers are identities (it maps those types' text itself): they travel as the types they cover. */
function statementOptions(options: QueryOptions | undefined): StatementOptions {
  if (!options) return {};
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.keys(rest).filter((key) => (rest as Record<string, unknown>)[key] !== undefined);
  if (unsupported.length > 0) throw new Error(`query options not supported across the worker: ${unsupported.join(', ')}`);
  return { ...(rowMode && { rowMode }), ...(parsers && { rawTypes: Object.keys(parsers).map(Number) }) };
}

/** A worker that took this long to open (its recovery stuck) is ended and tried again later. */
const OPEN_TIMEOUT_MS = 120_000;
/**
 * Free space under the data directory before a broken database is reopened: its recovery writes a checkpoint and
 * may start a WAL file (16 MB), and a reopen that fails for space would only abort again.
 */
const REOPEN_FREE_BYTES = 40 * 1024 * 1024;
/** How often a broken database looks at the disk again. */
const REOPEN_POLL_MS = 1_000;

/** Starts a worker on an initialised data directory (db/initdb-in-child.ts) and waits until PGlite is open. */
async function startWorker(data: PgliteWorkerData): Promise<Worker> {
  // What the worker's JavaScript holds lives for one statement (its parameters and rows): a small young generation
  // keeps an import's garbage from growing the process (decision 0076), as for the spreadsheet worker (0028).
  const options = { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 4 } };
  const worker = startSiblingWorker(import.meta.url, 'pglite-worker', options);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('the database worker did not open in time')), OPEN_TIMEOUT_MS);
    const onMessage = (message: FromPgliteWorker) => {
      if (message.type === 'ready') done(undefined);
      else if (message.type === 'failed') done(errorFrom(message.error));
      else if (message.type === 'broken') done(diskFullError(message.reason));
    };
    const onError = (err: Error) => done(err);
    const onExit = (code: number) => done(new Error(`the database worker exited (${code}) before it was ready`));
    const done = (err: Error | undefined) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (err) {
        void worker.terminate();
        reject(err);
      } else resolve();
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
  return worker;
}

/** The message of every call refused while the database is reopened after a PANIC (decision 0087). */
const REOPENING = 'PGlite is reopening after the disk filled';

/** SQLSTATE 53100 (disk_full), as PostgreSQL's own "could not extend file" has it: db/errors.ts answers both alike. */
const diskFullError = (reason: string) => Object.assign(new Error(`${REOPENING}: ${reason}`), { code: '53100' });

async function hasRoomToReopen(dir: string): Promise<boolean> {
  const stats = await statfs(dir).catch(() => undefined);
  return !stats || Number(stats.bavail) * Number(stats.bsize) >= REOPEN_FREE_BYTES;
}

/**
 * The embedded database in a worker thread of its own (decision 0068), behind the part of PGlite's interface the app
 * uses: its statements (and their WebAssembly) no longer run on the thread that answers requests. Each call is one
 * message and one reply; a transaction is opened in the worker and its statements name it; a notification comes back
 * as a message. The worker keeps the process alive only while a call is waiting for its reply.
 *
 * When PostgreSQL aborts (a PANIC: the disk filled under a write of its WAL) the worker says so and is ended; every
 * call fails at once with SQLSTATE 53100 until the disk has room again and a new worker has opened the same data
 * directory, whose recovery keeps every committed transaction and none of the others (decision 0087).
 */
export class PgliteInWorker implements PgliteClient {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private closed_ = false;
  private closing: Promise<void> | undefined;
  private worker: Worker;
  /** Counts the workers: a transaction begun in one is never committed in the next. */
  private generation = 0;
  /** Set from a PANIC until the database is open again: why every call fails meanwhile (a new error each). */
  private broken: string | undefined;
  private reopening: Promise<void> | undefined;

  private constructor(
    private readonly data: PgliteWorkerData,
    worker: Worker,
  ) {
    this.worker = worker;
    this.attach(worker);
  }

  static async open(data: PgliteWorkerData): Promise<PgliteInWorker> {
    return new PgliteInWorker(data, await startWorker(data));
  }

  private attach(worker: Worker): void {
    this.generation++;
    const current = () => worker === this.worker;
    worker.on('message', (message: FromPgliteWorker) => {
      if (!current()) return;
      if (message.type === 'broken') this.breakDown(message.reason);
      else this.heard(message);
    });
    worker.on('error', (err) => current() && this.broken === undefined && this.gone(err));
    worker.on('exit', () => current() && this.broken === undefined && this.gone(new Error(CLOSED)));
    worker.unref();
  }

  /** PostgreSQL aborted in the worker: fail what waits, end the worker (it spins for ever) and reopen. */
  private breakDown(reason: string): void {
    this.broken = reason;
    this.failPending(() => diskFullError(reason));
    void this.worker.terminate();
    this.reopening ??= this.reopen().finally(() => {
      this.reopening = undefined;
    });
  }

  private async reopen(): Promise<void> {
    while (!this.closed_) {
      await new Promise((resolve) => setTimeout(resolve, REOPEN_POLL_MS));
      if (this.closed_ || !(await hasRoomToReopen(this.data.dataDir))) continue;
      let worker: Worker;
      try {
        worker = await startWorker(this.data);
      } catch {
        continue; // Aborted again (space taken meanwhile), or slow: tried again at the next look.
      }
      if (this.closed_) {
        await worker.terminate();
        return;
      }
      this.worker = worker;
      this.attach(worker);
      this.broken = undefined;
      // Notifications the app listens to, listened to again in the new worker.
      for (const channel of this.listeners.keys()) await this.call({ op: 'listen', channel }).catch(() => undefined);
      return;
    }
  }

  get closed(): boolean {
    return this.closed_;
  }

  /** Calls sent to the worker and not answered yet: the one running and those waiting behind it (the metrics). */
  get callsInFlight(): number {
    return this.pending.size;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params, tx, ...statementOptions(options) }) as Promise<Results<T>>;
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx, ...statementOptions(options) }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId;
    const generation = this.generation;
    await this.call({ op: 'begin' });
    let over = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<R>(sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      sql: () => Promise.reject(new Error('tx.sql is not available across the worker: use tx.query')),
      listen: () => Promise.reject(new Error('listen inside a transaction is not available across the worker')),
      rollback: async () => {
        throw new Error('tx.rollback is not available across the worker: throw from the callback instead');
      },
      get closed() {
        return over;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      over = true;
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    over = true;
    // Begun in a worker that has since aborted: the new one never saw it, and its work is gone.
    if (generation !== this.generation) throw diskFullError(this.broken ?? 'the transaction was lost with its worker');
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(callback);
    if (set.size === 1) await this.call({ op: 'listen', channel });
    return async () => {
      set.delete(callback);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      if (!this.closed_) await this.call({ op: 'unlisten', channel });
    };
  }

  /** The tarball is made in the worker, between two statements (PGlite runs it as one), and crosses as bytes. */
  async dumpDataDir(_compression: 'gzip'): Promise<Blob> {
    const bytes = (await this.call({ op: 'dump' })) as ArrayBuffer;
    return new Blob([bytes], { type: 'application/x-gzip' });
  }

  /** Closes PGlite in the worker (its files are left consistent), then ends the worker. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.closed_) await this.call({ op: 'close' }).catch(() => undefined);
      this.gone(new Error(CLOSED));
      await this.worker.terminate();
      // A reopen under way stops (a worker it was starting is ended) before the data directory is let go.
      await this.reopening;
    })();
    return this.closing;
  }

  private call(request: Request): Promise<unknown> {
    if (this.closed_) return Promise.reject(new Error(CLOSED));
    if (this.broken !== undefined) return Promise.reject(diskFullError(this.broken));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as ToPgliteWorker);
    });
  }

  private heard(message: FromPgliteWorker): void {
    if (message.type === 'notification') {
      for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    if (message.type !== 'reply') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.error) waiting.reject(errorFrom(message.error));
    else waiting.resolve(message.result);
  }

  /** The worker ended (closed, or died): whatever waits fails as on a closed PGlite. */
  private gone(err: Error): void {
    this.closed_ = true;
    this.failPending(() =>
      err.message === CLOSED ? new Error(CLOSED) : Object.assign(new Error(`${CLOSED}: ${err.message}`), { cause: err }),
    );
  }

  /** Each waiting call gets an error of its own (a library may add to the message of the one it is given). */
  private failPending(error: () => Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.worker.unref();
    for (const { reject } of waiting) reject(error());
  }
}
