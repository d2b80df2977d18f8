import { rowMessage } from '../../../shared/product-import.js';
import { TILL_SALE_TEXTS, type TillSalesBatch } from '../../../shared/till-sales.js';
import { MAX_TILL_IMPORT_ROWS, TILL_IMPORT_TEXTS, type TillFieldMapping } from '../../../shared/till-sales-import.js';
import { AppError } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import type { PrivateFiles } from '../../storage/storage.js';
import type { CellarService, TillBatchOutcome } from '../cellar/index.js';
import { readStoredSheet, type SpreadsheetKind, sourceRow } from '../product-import/index.js';
import { findUserById } from '../users/index.js';
import * as repo from './repository.js';
import { type PlannedSale, planSales, rowsOf } from './sale-plan.js';

export interface RunTillImportDeps {
  db: Db;
  files: PrivateFiles;
  cellar: Pick<CellarService, 'recordTillSales' | 'tillCodes'>;
  /** Sales recorded per transaction (the till's own batches take up to 500). */
  salesPerBatch?: number;
  /** Aborted when the process stops: the import ends after the batch it is writing and is handed back. */
  signal?: AbortSignal;
  /** Tests only: called after each committed batch (throwing there stands in for a process dying). */
  afterBatch?: (processedSales: number) => Promise<void> | void;
}

export const TILL_SALES_PER_BATCH = 200;
export const TILL_FILE_MISSING = 'O arquivo desta importação não está mais disponível. Envie a planilha novamente.';
export const CREATOR_GONE = 'Quem enviou a planilha não tem mais acesso a este estabelecimento. Envie-a novamente com outro usuário.';

export class TillImportFailure extends Error {}
export class TillLeaseLost extends Error {}
export class TillImportHandedBack extends Error {}

const number = new Intl.NumberFormat('pt-BR');

/** The person who sent the sheet, as the sales' movements and the audit trail name them (their access checked again). */
async function creatorOf(db: Db, userId: string | null): Promise<Caller> {
  const user = userId ? await findUserById(db, userId) : undefined;
  if (!user || user.deactivatedAt) throw new TillImportFailure(CREATOR_GONE);
  return { id: user.id, email: user.email, role: user.role, establishmentIds: user.establishmentIds, supplierId: user.supplierId };
}

/**
 * Records one import's sales, from its checkpoint on: the sheet is read again, its sales planned in the same order,
 * and each batch of sales goes through the till's own path (each sale once per its number), its checkpoint written in
 * the batch's transaction, so an import resumed after a crash counts every row once.
 */
export async function runTillImport(deps: RunTillImportDeps, claimed: repo.TillImportRow): Promise<void> {
  const { db } = deps;
  const lease = claimed.startedAt;
  if (!lease) throw new Error('claimed till import without a lease');
  const caller = await creatorOf(db, claimed.createdBy);
  const bytes = claimed.fileKey ? await deps.files.read(claimed.fileKey) : undefined;
  if (!bytes) throw new TillImportFailure(TILL_FILE_MISSING);
  const sheet = await readStoredSheet(bytes, claimed.fileKind as SpreadsheetKind, MAX_TILL_IMPORT_ROWS, TILL_IMPORT_TEXTS).catch(
    failWithMessage,
  );
  const codes = await deps.cellar.tillCodes(caller, claimed.establishmentId).catch(failWithMessage);
  const itemNames = new Map(codes.map((c) => [c.cellar_item_id, c.cellar_item_name]));
  const mapping = (claimed.fieldMapping ?? {}) as TillFieldMapping;
  const rows = sheet.rows.map((_, i) => sourceRow(sheet, i));
  const sales = planSales(rows, mapping, new Set(codes.map((c) => c.code)));
  const size = deps.salesPerBatch ?? TILL_SALES_PER_BATCH;
  for (let done = claimed.processedSales; done < sales.length; done += size) {
    if (deps.signal?.aborted) throw new TillImportHandedBack();
    const chunk = sales.slice(done, done + size);
    const end = done + chunk.length;
    const operation =
      end < sales.length ? `Registrando venda ${number.format(end)} de ${number.format(sales.length)}` : 'Finalizando a importação';
    const checkpoint = async (tx: Executor, outcome: TillBatchOutcome) => {
      const written = await repo.checkpointTillImport(tx, claimed.id, lease, countsOf(chunk, outcome, itemNames, operation));
      if (!written) throw new TillLeaseLost();
    };
    const batch = batchOf(chunk);
    if (batch) await deps.cellar.recordTillSales(caller, claimed.establishmentId, batch, checkpoint).catch(failWithMessage);
    else await db.transaction((tx) => checkpoint(tx, { recorded: [], alreadyRecorded: [], shortLines: [] }));
    await deps.afterBatch?.(end);
  }
  const finished = await repo.finishTillImport(db, claimed.id, lease, { status: 'completed', currentOperation: 'Importação concluída' });
  if (!finished) throw new TillLeaseLost();
}

/** A refusal of the till's path (the person lost access, a code unlinked meanwhile) fails the import with its words. */
function failWithMessage(err: unknown): never {
  if (err instanceof AppError) throw new TillImportFailure(err.detail);
  throw err;
}

/** The recordable sales of a chunk as the till would send them; undefined when every sale of it is refused. */
function batchOf(chunk: readonly PlannedSale[]): TillSalesBatch | undefined {
  const sales = chunk.flatMap((sale) =>
    sale.ok
      ? [
          {
            till_sale_id: sale.saleId,
            sold_at: sale.soldAt,
            lines: sale.lines.map((l) => ({ product_code: l.code, quantity: l.quantity, unit: l.unit })),
          },
        ]
      : [],
  );
  return sales.length > 0 ? { sales } : undefined;
}

/** What a chunk adds to the import's counts, from what its transaction did. */
function countsOf(
  chunk: readonly PlannedSale[],
  outcome: TillBatchOutcome,
  itemNames: ReadonlyMap<string, string>,
  currentOperation: string,
): repo.TillCheckpoint {
  const recorded = new Set(outcome.recorded);
  const counts: repo.TillCheckpoint = {
    sales: chunk.length,
    rows: rowsOf(chunk),
    success: 0,
    skipped: 0,
    salesRecorded: outcome.recorded.length,
    salesAlreadyRecorded: outcome.alreadyRecorded.length,
    errors: [],
    warnings: [],
    currentOperation,
  };
  const bySale = new Map(chunk.map((sale) => [sale.saleId, sale]));
  for (const sale of chunk) {
    if (!sale.ok) counts.errors.push(...sale.refused.map((r) => ({ row: r.line, message: r.message })));
    else if (recorded.has(sale.saleId)) counts.success += sale.lines.length;
    else counts.skipped += sale.lines.length;
  }
  for (const short of outcome.shortLines) {
    const sale = bySale.get(short.tillSaleId);
    const line = sale?.ok ? (sale.lines[short.lineIndex]?.line ?? 0) : 0;
    const name = itemNames.get(short.cellarItemId) ?? 'Vinho';
    counts.warnings.push({
      row: line,
      message: rowMessage(line, TILL_SALE_TEXTS.discrepancy(name, short.missing, short.unit, short.tillSaleId)),
    });
  }
  return counts;
}
