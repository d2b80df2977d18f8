import { and, count, desc, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import type { ImportRowMessage } from '../../../shared/product-import.js';
import type { Db, Executor } from '../../db/client.js';
import { productImports, users } from '../../db/schema/index.js';

export type ImportRow = typeof productImports.$inferSelect;
export type ImportWithUser = ImportRow & { createdByEmail: string | null };
type ImportValues = typeof productImports.$inferInsert;

const { preview: _preview, ...summaryColumns } = getTableColumns(productImports);
/** The history does not need the preview; everything else, plus who uploaded it. */
const withUser = { ...summaryColumns, createdByEmail: users.email };

export async function insertImport(db: Executor, values: ImportValues): Promise<ImportRow> {
  const [row] = await db.insert(productImports).values(values).returning();
  if (!row) throw new Error('import not created');
  return row;
}

export async function findImport(db: Executor, id: string, scopeWhere: SQL | undefined): Promise<ImportWithUser | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(productImports), createdByEmail: users.email })
    .from(productImports)
    .leftJoin(users, eq(users.id, productImports.createdBy))
    .where(and(eq(productImports.id, id), scopeWhere));
  return row;
}

export async function listImports(db: Db, scopeWhere: SQL | undefined, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(withUser)
      .from(productImports)
      .leftJoin(users, eq(users.id, productImports.createdBy))
      .where(scopeWhere)
      .orderBy(desc(productImports.createdAt), desc(productImports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(productImports).where(scopeWhere),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateImport(db: Executor, id: string, values: Partial<ImportValues>, where?: SQL): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(productImports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(productImports.id, id), where))
    .returning();
  return row;
}

export async function deleteImport(db: Executor, id: string): Promise<void> {
  await db.delete(productImports).where(eq(productImports.id, id));
}

/**
 * Takes a pending import for one worker: the lease is a fresh millisecond timestamp in started_at, which every
 * checkpoint must still find (a worker whose import was recovered by another process loses it).
 */
export async function claimImport(db: Db, id: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .update(productImports)
    .set({
      status: 'processing',
      startedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
      updatedAt: sql`now()`,
      failureReason: null,
      currentOperation: 'Lendo a planilha',
    })
    .where(and(eq(productImports.id, id), eq(productImports.status, 'pending')))
    .returning();
  return row;
}

const leaseOf = (id: string, lease: Date) =>
  and(eq(productImports.id, id), eq(productImports.status, 'processing'), eq(productImports.startedAt, lease));

export interface BatchResult {
  processed: number;
  success: number;
  skipped: number;
  errors: ImportRowMessage[];
  warnings: ImportRowMessage[];
  currentOperation: string;
}

/** Most messages kept per import; the counts stay exact beyond it (and failed-rows re-checks the file). */
export const MAX_STORED_MESSAGES = 1000;

/** Adds a batch's counts and messages; false when the lease is gone (the caller rolls its batch back). */
export async function checkpoint(db: Executor, id: string, lease: Date, batch: BatchResult): Promise<boolean> {
  const append = (column: typeof productImports.errors | typeof productImports.warnings, items: ImportRowMessage[]) =>
    items.length === 0
      ? column
      : sql`case when jsonb_array_length(${column}) >= ${MAX_STORED_MESSAGES} then ${column}
          else (${column} || ${JSON.stringify(items)}::jsonb) end`;
  const rows = await db
    .update(productImports)
    .set({
      processedRows: sql`${productImports.processedRows} + ${batch.processed}`,
      successCount: sql`${productImports.successCount} + ${batch.success}`,
      skippedCount: sql`${productImports.skippedCount} + ${batch.skipped}`,
      errorCount: sql`${productImports.errorCount} + ${batch.errors.length}`,
      errors: append(productImports.errors, batch.errors),
      warnings: append(productImports.warnings, batch.warnings),
      currentOperation: batch.currentOperation,
      updatedAt: sql`now()`,
    })
    .where(leaseOf(id, lease))
    .returning({ id: productImports.id });
  return rows.length > 0;
}

/** The rows an import's checkpoints have counted (undefined once its lease is gone). */
export async function processedRows(db: Executor, id: string, lease: Date): Promise<number | undefined> {
  const [row] = await db.select({ processed: productImports.processedRows }).from(productImports).where(leaseOf(id, lease));
  return row?.processed;
}

/** Says why a running import waits (and renews its lease); false when the lease is gone. */
export async function markWaiting(db: Executor, id: string, lease: Date, currentOperation: string): Promise<boolean> {
  const rows = await db
    .update(productImports)
    .set({ currentOperation, updatedAt: sql`now()` })
    .where(leaseOf(id, lease))
    .returning({ id: productImports.id });
  return rows.length > 0;
}

export async function finishImport(db: Executor, id: string, lease: Date, values: Partial<ImportValues>): Promise<boolean> {
  const rows = await db
    .update(productImports)
    .set({ ...values, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(leaseOf(id, lease))
    .returning({ id: productImports.id });
  return rows.length > 0;
}

const RESUMING = 'Retomando a importação interrompida';

/**
 * Gives a running import back (its process is stopping): pending again, its committed batches kept, for the next
 * worker to resume at its checkpoint. False when the lease is gone.
 */
export async function releaseImport(db: Executor, id: string, lease: Date): Promise<boolean> {
  const rows = await db
    .update(productImports)
    .set({ status: 'pending', currentOperation: RESUMING, updatedAt: sql`now()` })
    .where(leaseOf(id, lease))
    .returning({ id: productImports.id });
  return rows.length > 0;
}

/** Imports left processing with no heartbeat for `staleMs` (their process died) go back to pending; their ids. */
export async function releaseStaleImports(db: Executor, staleMs: number, exceptIds: readonly string[]): Promise<string[]> {
  const conditions = [
    eq(productImports.status, 'processing'),
    lt(productImports.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
  ];
  if (exceptIds.length > 0) conditions.push(sql`${productImports.id} not in ${exceptIds}`);
  const rows = await db
    .update(productImports)
    .set({ status: 'pending', currentOperation: RESUMING, updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: productImports.id });
  return rows.map((r) => r.id);
}

/** Imports being worked on now (the metrics' figure). */
export async function countRunningImports(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productImports).where(eq(productImports.status, 'processing'));
  return row?.n ?? 0;
}
