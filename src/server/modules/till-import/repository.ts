import { and, count, desc, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import type { ImportRowMessage } from '../../../shared/product-import.js';
import type { Db, Executor } from '../../db/client.js';
import { establishments, tillImportMappings, tillSalesImports, users } from '../../db/schema/index.js';

export type TillImportRow = typeof tillSalesImports.$inferSelect;
export type TillImportWithUser = TillImportRow & { createdByEmail: string | null };
type Values = typeof tillSalesImports.$inferInsert;

const { preview: _preview, errors: _errors, warnings: _warnings, ...summaryColumns } = getTableColumns(tillSalesImports);

const ofEstablishment = (establishmentId: string, id: string) =>
  and(eq(tillSalesImports.establishmentId, establishmentId), eq(tillSalesImports.id, id));

export async function insertTillImport(db: Executor, values: Values): Promise<void> {
  await db.insert(tillSalesImports).values(values);
}

export async function findTillImport(db: Executor, establishmentId: string, id: string): Promise<TillImportWithUser | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(tillSalesImports), createdByEmail: users.email })
    .from(tillSalesImports)
    .leftJoin(users, eq(users.id, tillSalesImports.createdBy))
    .where(ofEstablishment(establishmentId, id));
  return row;
}

export async function listTillImports(db: Db, establishmentId: string, limit: number, offset: number) {
  const where = eq(tillSalesImports.establishmentId, establishmentId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...summaryColumns, createdByEmail: users.email })
      .from(tillSalesImports)
      .leftJoin(users, eq(users.id, tillSalesImports.createdBy))
      .where(where)
      .orderBy(desc(tillSalesImports.createdAt), desc(tillSalesImports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(tillSalesImports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateTillImport(db: Executor, id: string, values: Partial<Values>, where?: SQL): Promise<TillImportRow | undefined> {
  const [row] = await db
    .update(tillSalesImports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tillSalesImports.id, id), where))
    .returning();
  return row;
}

export async function deleteTillImport(db: Executor, id: string): Promise<void> {
  await db.delete(tillSalesImports).where(eq(tillSalesImports.id, id));
}

/** The columns the establishment's till export was last mapped with. */
export async function rememberedMapping(db: Executor, establishmentId: string): Promise<Record<string, string> | undefined> {
  const [row] = await db
    .select({ mapping: tillImportMappings.fieldMapping })
    .from(tillImportMappings)
    .where(eq(tillImportMappings.establishmentId, establishmentId));
  return row?.mapping;
}

export async function rememberMapping(db: Executor, establishmentId: string, fieldMapping: Record<string, string>): Promise<void> {
  await db
    .insert(tillImportMappings)
    .values({ establishmentId, fieldMapping })
    .onConflictDoUpdate({ target: tillImportMappings.establishmentId, set: { fieldMapping, updatedAt: sql`now()` } });
}

/** Takes a pending import for one worker; its lease is a fresh timestamp in started_at that every checkpoint checks. */
export async function claimTillImport(db: Db, id: string): Promise<TillImportRow | undefined> {
  const [row] = await db
    .update(tillSalesImports)
    .set({
      status: 'processing',
      startedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
      updatedAt: sql`now()`,
      failureReason: null,
      currentOperation: 'Lendo a planilha',
    })
    .where(and(eq(tillSalesImports.id, id), eq(tillSalesImports.status, 'pending')))
    .returning();
  return row;
}

const leaseOf = (id: string, lease: Date) =>
  and(eq(tillSalesImports.id, id), eq(tillSalesImports.status, 'processing'), eq(tillSalesImports.startedAt, lease));

export interface TillCheckpoint {
  sales: number;
  rows: number;
  success: number;
  skipped: number;
  salesRecorded: number;
  salesAlreadyRecorded: number;
  errors: ImportRowMessage[];
  warnings: ImportRowMessage[];
  currentOperation: string;
}

/** Adds a batch of sales to the counts, in the batch's transaction; false when the lease is gone. */
export async function checkpointTillImport(db: Executor, id: string, lease: Date, batch: TillCheckpoint): Promise<boolean> {
  const t = tillSalesImports;
  const append = (column: typeof t.errors | typeof t.warnings, items: ImportRowMessage[]) =>
    items.length === 0 ? column : sql`${column} || ${JSON.stringify(items)}::jsonb`;
  const rows = await db
    .update(t)
    .set({
      processedSales: sql`${t.processedSales} + ${batch.sales}`,
      processedRows: sql`${t.processedRows} + ${batch.rows}`,
      successCount: sql`${t.successCount} + ${batch.success}`,
      skippedCount: sql`${t.skippedCount} + ${batch.skipped}`,
      errorCount: sql`${t.errorCount} + ${batch.errors.length}`,
      salesRecorded: sql`${t.salesRecorded} + ${batch.salesRecorded}`,
      salesAlreadyRecorded: sql`${t.salesAlreadyRecorded} + ${batch.salesAlreadyRecorded}`,
      discrepancyCount: sql`${t.discrepancyCount} + ${batch.warnings.length}`,
      errors: append(t.errors, batch.errors),
      warnings: append(t.warnings, batch.warnings),
      currentOperation: batch.currentOperation,
      updatedAt: sql`now()`,
    })
    .where(leaseOf(id, lease))
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function finishTillImport(db: Executor, id: string, lease: Date, values: Partial<Values>): Promise<boolean> {
  const rows = await db
    .update(tillSalesImports)
    .set({ ...values, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(leaseOf(id, lease))
    .returning({ id: tillSalesImports.id });
  return rows.length > 0;
}

const RESUMING = 'Retomando a importação interrompida';

/** A running import given back (its process stops) or left by a process that died: pending again, at its checkpoint. */
export async function releaseTillImport(db: Executor, id: string, lease: Date): Promise<boolean> {
  const rows = await db
    .update(tillSalesImports)
    .set({ status: 'pending', currentOperation: RESUMING, updatedAt: sql`now()` })
    .where(leaseOf(id, lease))
    .returning({ id: tillSalesImports.id });
  return rows.length > 0;
}

/** Imports left processing with no checkpoint for `staleMs` (their process died) go back to pending; their ids. */
export async function releaseStaleTillImports(db: Executor, staleMs: number, exceptIds: readonly string[]): Promise<string[]> {
  const conditions = [
    eq(tillSalesImports.status, 'processing'),
    lt(tillSalesImports.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
  ];
  if (exceptIds.length > 0) conditions.push(sql`${tillSalesImports.id} not in ${exceptIds}`);
  const rows = await db
    .update(tillSalesImports)
    .set({ status: 'pending', currentOperation: RESUMING, updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: tillSalesImports.id });
  return rows.map((r) => r.id);
}

export async function establishmentExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: establishments.id }).from(establishments).where(eq(establishments.id, id));
  return row !== undefined;
}
