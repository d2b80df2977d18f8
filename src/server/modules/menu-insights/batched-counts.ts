/**
 * Counts kept in memory and written in batches: counting costs a Map update on the request path, and every
 * FLUSH_INTERVAL_MS the pending counts are handed to `write` (one INSERT … ON CONFLICT that adds them up). A clean
 * shutdown writes what is pending (app.ts's onClose); a crash loses at most the last interval (decisions 0058, 0064).
 */
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';

export const FLUSH_INTERVAL_MS = 5_000;
export const HOUR_MS = 3_600_000;

/** The start of the clock hour `ms` falls in: counts are kept per hour. */
export const hourStart = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

export interface BatchedCounts<Row> {
  /** Adds `n` to the row of `key`, made by `make` the first time the key is seen in this batch; returns the row. */
  add(key: string, make: () => Row, n?: number): Row;
  /** Whether `key` is pending in this batch. */
  has(key: string): boolean;
  /** Writes the pending counts now. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending. */
  close(): Promise<void>;
  readonly pending: number;
}

interface Counted<Row> {
  row: Row;
  n: number;
}

export function createBatchedCounts<Row>(deps: {
  /** Writes one batch, adding each `n` to what is stored; it throws when the batch could not be written. */
  write: (batch: { row: Row; n: number }[]) => Promise<void>;
  log: FastifyBaseLogger;
  what: string;
  intervalMs?: number | undefined;
}): BatchedCounts<Row> {
  let pending = new Map<string, Counted<Row>>();
  let writing: Promise<void> = Promise.resolve();

  const write = async (batch: Counted<Row>[]): Promise<void> => {
    try {
      await deps.write(batch);
    } catch (err) {
      // A menu deleted since it was counted fails the whole batch on its foreign key: write the others one by one.
      if (batch.length > 1) for (const one of batch) await write([one]);
      else deps.log.warn({ err }, `${deps.what} not written`);
    }
  };

  const flush = () => {
    if (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      writing = writing.then(() => write(batch));
    }
    return writing;
  };

  const timer = setInterval(() => void flush(), deps.intervalMs ?? FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    add(key, make, n = 1) {
      const entry = pending.get(key);
      if (entry) {
        entry.n += n;
        return entry.row;
      }
      const row = make();
      pending.set(key, { row, n });
      return row;
    },
    has: (key) => pending.has(key),
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    get pending() {
      return pending.size;
    },
  };
}

/**
 * The `write` of counts kept in `table`: one INSERT of the batch, each row with its `n` in the `count` column; a row
 * already there (the same `key`) gets `n` added to its count instead.
 */
export function addCountsTo<T extends PgTable>(db: Db, table: T, key: PgColumn[], count: keyof T & string) {
  // Drizzle's builders do not follow a table given as a type parameter; the rows are the table's own.
  const column = table[count] as PgColumn;
  return async (batch: Counted<object>[]): Promise<void> => {
    await db
      .insert(table as PgTable)
      .values(batch.map(({ row, n }) => ({ ...row, [count]: n })))
      .onConflictDoUpdate({ target: key, set: { [count]: sql`${column} + excluded.${sql.identifier(column.name)}` } });
  };
}

/** A counter over batched counts: its own ways of counting, with the batch's flush, close and pending. */
export function counterOver<Methods extends object>(
  counts: BatchedCounts<unknown>,
  methods: Methods,
): NoInfer<Methods> & Omit<BatchedCounts<unknown>, 'add' | 'has'> {
  return {
    ...methods,
    flush: counts.flush,
    close: counts.close,
    get pending() {
      return counts.pending;
    },
  };
}
