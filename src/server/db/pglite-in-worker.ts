import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { siblingModule } from '../core/sibling-module.js';
import {
  errorFrom,
  type FromPgliteWorker,
  type PgliteWorkerData,
  type StatementOptions,
  type ToPgliteWorker,
} from './pglite-worker-messages.js';

const { url: workerFile, fromSources } = siblingModule(import.meta.url, 'pglite-worker');
/** From the sources, the worker registers tsx first (a worker does not inherit the parent's loader). */
const TS_BOOTSTRAP = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile.href)}); });`;

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

/**
 * The embedded database in a worker thread of its own (decision 0068), behind the part of PGlite's interface the app
 * uses: its statements (and their WebAssembly) no longer run on the thread that answers requests. Each call is one
 * message and one reply; a transaction is opened in the worker and its statements name it; a notification comes back
 * as a message. The worker keeps the process alive only while a call is waiting for its reply.
 */
export class PgliteInWorker implements PgliteClient {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private closed_ = false;
  private closing: Promise<void> | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromPgliteWorker) => this.heard(message));
    worker.on('error', (err) => this.gone(err));
    worker.on('exit', () => this.gone(new Error(CLOSED)));
    worker.unref();
  }

  /** Starts the worker on an initialised data directory (db/initdb-in-child.ts) and waits until PGlite is open. */
  static async open(data: PgliteWorkerData): Promise<PgliteInWorker> {
    // What the worker's JavaScript holds lives for one statement (its parameters and rows): a small young generation
    // keeps an import's garbage from growing the process (decision 0076), as for the spreadsheet worker (0028).
    const options = { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 4 } };
    const worker = fromSources ? new Worker(TS_BOOTSTRAP, { ...options, eval: true }) : new Worker(workerFile, options);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromPgliteWorker) => {
        if (message.type === 'ready') done(undefined);
        else if (message.type === 'failed') done(errorFrom(message.error));
      };
      const onError = (err: Error) => done(err);
      const onExit = (code: number) => done(new Error(`the database worker exited (${code}) before it was ready`));
      const done = (err: Error | undefined) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (err) {
          void worker.terminate();
          reject(err);
        } else resolve();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    return new PgliteInWorker(worker);
  }

  get closed(): boolean {
    return this.closed_;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params, tx, ...statementOptions(options) }) as Promise<Results<T>>;
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx, ...statementOptions(options) }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId;
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

  /** Closes PGlite in the worker (its files are left consistent), then ends the worker. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.closed_) await this.call({ op: 'close' }).catch(() => undefined);
      this.gone(new Error(CLOSED));
      await this.worker.terminate();
    })();
    return this.closing;
  }

  private call(request: Request): Promise<unknown> {
    if (this.closed_) return Promise.reject(new Error(CLOSED));
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
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.worker.unref();
    for (const { reject } of waiting)
      reject(err.message === CLOSED ? err : Object.assign(new Error(`${CLOSED}: ${err.message}`), { cause: err }));
  }
}
