import {
  excerpt,
  type ImportedProduct,
  type ImportOptions,
  type ImportRowMessage,
  MAX_IMPORT_ROWS,
  rowMessage,
} from '../../../shared/product-import.js';
import { foldText } from '../../../shared/text-search.js';
import { formatDate } from '../../../shared/time.js';
import type { DiskSpace } from '../../core/disk-space.js';
import type { Db, Executor } from '../../db/client.js';
import { isDiskFull } from '../../db/errors.js';
import type { PrivateFiles } from '../../storage/storage.js';
import {
  addImportedCategory,
  categoryIdsByFoldedName,
  type ImportedProductRow,
  insertImportedProducts,
  linesWrittenByImport,
  productIdsBySku,
  skuKey,
  updateImportedProduct,
} from '../products/index.js';
import { addSupplierByName, supplierIdsByFoldedName, supplierNameProblem } from '../suppliers/index.js';
import type { SpreadsheetKind } from './file-kind.js';
import { parseInWorker, readBatchesInWorker } from './parse-in-worker.js';
import * as repo from './repository.js';
import type { ParsedSheet } from './sheet-assembler.js';
import { SheetSkus } from './sheet-skus.js';
import { finishImportRecorded } from './status-trail.js';
import type { CheckedBatch } from './worker-messages.js';

/**
 * Works one import: a worker thread reads the stored file and hands its rows over in batches, written as they come.
 * The rows are the products module's to write (parsed by its schema, inserted by its own code) and the suppliers
 * module's to create; this file keeps the sheet's side: lines, duplicates within it, messages, checkpoints.
 * Each batch (its categories, suppliers, products) and its checkpoint (processed rows, counts, messages) commit in
 * one transaction, so after a crash the import resumes at the first row not counted: none twice, none lost. The
 * (import_id, import_row) key makes even a replayed batch insert nothing twice.
 */
export interface RunDeps {
  db: Db;
  files: PrivateFiles;
  batchSize?: number;
  /** Free space under DATA_DIR: while it is low the import waits before its next batch (decision 0039). */
  disk?: DiskSpace;
  /** How often a paused import looks at the disk again. */
  diskPollMs?: number;
  /**
   * Aborted when the process stops (the job runner's `stopping`): the import ends after the batch it is writing, and
   * its caller hands the rest back (ImportHandedBack).
   */
  signal?: AbortSignal;
  /** Tests only: called after each committed batch (throwing there stands in for a process dying). */
  afterBatch?: (processedRows: number) => Promise<void> | void;
}

export const DEFAULT_BATCH_SIZE = 500;
const number = new Intl.NumberFormat('pt-BR');

export class LeaseLostError extends Error {
  constructor() {
    super('the import was taken over by another worker or deleted');
  }
}

/** The process is stopping: every committed batch stays, the rows after them are for the next worker. */
export class ImportHandedBack extends Error {
  constructor() {
    super('the import stopped between two batches for its process to exit');
  }
}

/** Failure with a pt-BR reason for the user (shown in the history, fixed by Tentar Novamente or a new upload). */
export class ImportFailure extends Error {}

/** current_operation while the import waits for disk space. */
export const PAUSED_FOR_DISK =
  'Pausada: espaço em disco insuficiente no servidor. A importação continua sozinha assim que houver espaço livre.';
/** A paused import's lease is renewed this often, so no process takes it for dead (STALE_AFTER_MS is a minute). */
const PAUSE_HEARTBEAT_MS = 10_000;

const pause = (deps: RunDeps) => new Promise((resolve) => setTimeout(resolve, deps.diskPollMs ?? 1_000));

/** Says the import waits for disk space (and renews its lease); false while the full disk refuses even that. */
async function markPaused(deps: RunDeps, id: string, lease: Date): Promise<boolean> {
  try {
    if (!(await repo.markWaiting(deps.db, id, lease, PAUSED_FOR_DISK))) throw new LeaseLostError();
    return true;
  } catch (err) {
    if (isDiskFull(err)) return false;
    throw err;
  }
}

/** Waits, before a batch, until the disk has room again; the import's row says why it waits. */
async function waitForDisk(deps: RunDeps, id: string, lease: Date): Promise<void> {
  const { disk } = deps;
  if (!disk) return;
  let heartbeat = 0;
  while ((await disk.read()).low) {
    if (deps.signal?.aborted) throw new ImportHandedBack();
    if (performance.now() - heartbeat >= PAUSE_HEARTBEAT_MS && (await markPaused(deps, id, lease))) heartbeat = performance.now();
    await pause(deps);
  }
}

/**
 * A write the full disk refused (decision 0087): PostgreSQL rolled it back ("could not extend file"), or the embedded
 * database aborted and is being reopened, its recovery keeping only what was committed. The import waits until the
 * database takes a write again (saying why it waits), then the caller tries the same write once more.
 */
async function waitAfterDiskFull(deps: RunDeps, id: string, lease: Date): Promise<void> {
  do {
    if (deps.signal?.aborted) throw new ImportHandedBack();
    await pause(deps);
  } while (!(await markPaused(deps, id, lease)));
  await waitForDisk(deps, id, lease);
}

export const FILE_MISSING = 'O arquivo desta importação não está mais disponível. Envie a planilha novamente.';

const REREAD_FAILED = 'Não foi possível ler a planilha novamente. Envie o arquivo outra vez.';

async function storedFile(files: PrivateFiles, row: { fileKey: string | null }): Promise<Buffer> {
  const bytes = row.fileKey ? await files.read(row.fileKey) : undefined;
  if (!bytes) throw new ImportFailure(FILE_MISSING);
  return bytes;
}

/** The whole stored sheet (the failed-rows download). */
export async function loadSheet(files: PrivateFiles, row: { fileKey: string | null; fileKind: string }): Promise<ParsedSheet> {
  const outcome = await parseInWorker(await storedFile(files, row), row.fileKind as SpreadsheetKind, MAX_IMPORT_ROWS);
  if (!outcome.ok) throw new ImportFailure(REREAD_FAILED);
  return outcome.sheet;
}

export async function processImport(deps: RunDeps, claimed: repo.ImportRow): Promise<void> {
  const { db } = deps;
  const lease = claimed.startedAt;
  if (!lease) throw new Error('claimed import without a lease');
  const bytes = await storedFile(deps.files, claimed);
  const mapping = claimed.fieldMapping ?? {};
  const options = (claimed.options ?? {}) as Partial<ImportOptions>;
  let resolver = await createResolver(db, claimed, options);
  const skus = new SheetSkus(mapping, resolver.supplierFromColumn);
  const total = claimed.totalRows;
  let done = claimed.processedRows;
  // A resumed import reads past the rows its checkpoints counted; the worker reads ahead while a batch is written.
  const batches = readBatchesInWorker(bytes, claimed.fileKind as SpreadsheetKind, MAX_IMPORT_ROWS, {
    skip: done,
    batchSize: deps.batchSize ?? DEFAULT_BATCH_SIZE,
    check: { mapping, supplierFromColumn: resolver.supplierFromColumn },
  });
  try {
    for (;;) {
      if (deps.signal?.aborted) throw new ImportHandedBack();
      await waitForDisk(deps, claimed.id, lease);
      const next = await batches.next();
      if (next.done) {
        if (!next.value.ok) throw new ImportFailure(REREAD_FAILED);
        break;
      }
      const batch = next.value;
      const end = done + batch.rows.length;
      for (;;) {
        try {
          await db.transaction(async (tx) => {
            const result = await writeBatch(tx, batch, options, resolver, skus);
            result.currentOperation =
              end < total ? `Importando linha ${number.format(end)} de ${number.format(total)}` : 'Finalizando a importação';
            if (!(await repo.checkpoint(tx, claimed.id, lease, result))) throw new LeaseLostError();
          });
          resolver.commit();
          break;
        } catch (err) {
          resolver.rollback();
          if (!isDiskFull(err)) throw err;
          await waitAfterDiskFull(deps, claimed.id, lease);
          // The database aborted after the batch's commit reached its WAL: the checkpoint counted it, never twice.
          const counted = await repo.processedRows(db, claimed.id, lease);
          if (counted === undefined) throw new LeaseLostError();
          if (counted >= end) {
            resolver = await createResolver(db, claimed, options);
            break;
          }
        }
      }
      done = end;
      await deps.afterBatch?.(end);
    }
  } finally {
    // Stops the worker when the import stops early (a failure, a lost lease).
    await batches.return({ ok: false, reason: 'corrupt' });
  }
  for (;;) {
    try {
      if (!(await finishImportRecorded(db, claimed.id, lease, { status: 'completed', currentOperation: 'Importação concluída' })))
        throw new LeaseLostError();
      return;
    } catch (err) {
      if (!isDiskFull(err)) throw err;
      await waitAfterDiskFull(deps, claimed.id, lease);
    }
  }
}

type PendingProduct = ImportedProductRow & { line: number };

async function writeBatch(
  tx: Executor,
  batch: CheckedBatch,
  options: Partial<ImportOptions>,
  resolver: Resolver,
  skus: SheetSkus,
): Promise<repo.BatchResult> {
  const result: repo.BatchResult = { processed: batch.rows.length, success: 0, skipped: 0, errors: [], warnings: [], currentOperation: '' };
  const valid: { line: number; product: ImportedProduct; supplierId: string; categoryId: string; repeats?: number }[] = [];
  for (let i = 0; i < batch.rows.length; i++) {
    const line = batch.lines[i] ?? i + 2;
    const checked = batch.checks[i];
    const earlier = skus.earlierLine(batch, i);
    if (!checked?.ok) {
      const problem = checked?.message ?? 'linha não lida';
      const message = earlier ? `${problem}; SKU '${earlier.sku}' repetido na planilha, linha ${earlier.line}` : problem;
      result.errors.push({ row: line, message: rowMessage(line, message) });
      continue;
    }
    const supplier = await resolver.supplier(tx, checked.product.supplier);
    if (!supplier.ok) {
      result.errors.push({ row: line, message: rowMessage(line, supplier.message) });
      continue;
    }
    const category = await resolver.category(tx, checked.product.category);
    if (!category.ok) {
      result.errors.push({ row: line, message: rowMessage(line, category.message) });
      continue;
    }
    valid.push({ line: line, product: checked.product, supplierId: supplier.id, categoryId: category.id, repeats: earlier?.line });
  }

  const existing = await productIdsBySku(
    tx,
    valid.flatMap((v) => (v.product.sku ? [{ supplierId: v.supplierId, sku: v.product.sku }] : [])),
  );
  // Products an earlier batch of this same import wrote: their SKU is repeated in the sheet, not already in stock.
  const earlierLines = await linesWrittenByImport(tx, resolver.importId, [...existing.values()]);
  const pending = new Map<string, PendingProduct>();
  /** The first line of this batch with each SKU, whether it created a product or met one already there. */
  const firstInBatch = new Map<string, number>();
  const inserts: PendingProduct[] = [];
  for (const { line, product, supplierId, categoryId, repeats } of valid) {
    const row: ImportedProductRow = { input: product.input, supplierId, categoryId };
    const key = product.sku ? skuKey(supplierId, product.sku) : null;
    const duplicateOf = key ? (existing.get(key) ?? pending.get(key)) : undefined;
    const seenAt = key ? firstInBatch.get(key) : undefined;
    if (key && seenAt === undefined) firstInBatch.set(key, line);
    // The SKU's first line in the sheet was refused (a bad price, say): this one repeats it all the same.
    if (duplicateOf === undefined && repeats !== undefined && options.skip_duplicates !== false) {
      result.skipped++;
      result.warnings.push({
        row: line,
        message: rowMessage(line, `SKU '${product.sku}' repetido na planilha, linha ${repeats}; linha ignorada`),
      });
      continue;
    }
    if (duplicateOf === undefined) {
      if (repeats !== undefined) {
        result.warnings.push({
          row: line,
          message: rowMessage(
            line,
            `SKU '${product.sku}' repetido na planilha, linha ${repeats}, que não foi importada; esta linha foi importada`,
          ),
        });
      }
      const item = { ...row, line };
      inserts.push(item);
      if (key) pending.set(key, item);
      continue;
    }
    const firstLine = seenAt ?? (typeof duplicateOf === 'string' ? earlierLines.get(duplicateOf) : duplicateOf.line);
    const repeated = firstLine === undefined ? undefined : `SKU '${product.sku}' repetido na planilha, linha ${firstLine}`;
    if (options.skip_duplicates !== false) {
      result.skipped++;
      result.warnings.push({
        row: line,
        message: rowMessage(line, `${repeated ?? `SKU '${product.sku}' já cadastrado para este fornecedor`}; linha ignorada`),
      });
      continue;
    }
    // Not skipping duplicates: the row updates the product that has its SKU (a new price list replaces the old).
    if (typeof duplicateOf === 'string') await updateImportedProduct(tx, duplicateOf, row);
    else Object.assign(duplicateOf, row);
    result.success++;
    result.warnings.push({
      row: line,
      message: rowMessage(
        line,
        repeated ? `${repeated}; esta linha substituiu os dados daquela` : `SKU '${product.sku}' já cadastrado; produto atualizado`,
      ),
    });
  }
  const inserted = await insertImportedProducts(tx, resolver.importId, inserts);
  for (const item of inserts) {
    if (inserted.has(item.line)) result.success++;
    else {
      // Only a replayed batch of this import, or a product created meanwhile with the same SKU, lands here.
      result.skipped++;
      result.warnings.push({ row: item.line, message: rowMessage(item.line, 'produto já cadastrado; linha ignorada') });
    }
  }
  return result;
}

type Found = { ok: true; id: string } | { ok: false; message: string };

interface Resolver {
  importId: string;
  /** Rows name their supplier (the admin's imports); a supplier user's rows all go to its own supplier. */
  supplierFromColumn: boolean;
  supplier(tx: Executor, name: string | null): Promise<Found>;
  category(tx: Executor, name: string): Promise<Found>;
  /** The batch committed: names created in it are known from now on. */
  commit(): void;
  /** The batch was rolled back: the names created in it are forgotten. */
  rollback(): void;
}

const today = () => formatDate(new Date());

async function createResolver(db: Db, claimed: repo.ImportRow, options: Partial<ImportOptions>): Promise<Resolver> {
  const categories = await categoryIdsByFoldedName(db);
  const suppliers = claimed.supplierId ? new Map<string, string>() : await supplierIdsByFoldedName(db);
  let created = new Map<string, { map: Map<string, string>; id: string }>();
  const remember = (map: Map<string, string>, key: string, id: string) =>
    created.set(`${map === categories ? 'c' : 's'}${key}`, { map, id });
  const lookup = (map: Map<string, string>, key: string) => map.get(key) ?? created.get(`${map === categories ? 'c' : 's'}${key}`)?.id;
  const ownSupplier = claimed.supplierId;
  return {
    importId: claimed.id,
    supplierFromColumn: !ownSupplier,
    async supplier(tx, name) {
      if (ownSupplier) return { ok: true, id: ownSupplier };
      const key = foldText(name);
      const known = lookup(suppliers, key);
      if (known) return { ok: true, id: known };
      if (options.create_suppliers === false || !name) return { ok: false, message: `fornecedor '${name ?? ''}' não cadastrado` };
      const problem = supplierNameProblem(name);
      if (problem) return { ok: false, message: `fornecedor '${excerpt(name)}': ${problem}` };
      // docs/decisions/0020: only what the sheet says; contact data stays empty and the notes ask for it.
      const id = await addSupplierByName(
        tx,
        name,
        `Criado pela importação da planilha "${claimed.fileName}" em ${today()}. Complete e-mail, telefone e dados de contato.`,
      );
      remember(suppliers, key, id);
      return { ok: true, id };
    },
    async category(tx, name) {
      const key = foldText(name);
      const known = lookup(categories, key);
      if (known) return { ok: true, id: known };
      if (options.create_categories === false) return { ok: false, message: `categoria '${name}' não cadastrada` };
      const id = await addImportedCategory(tx, name);
      remember(categories, key, id);
      return { ok: true, id };
    },
    commit() {
      for (const [key, { map, id }] of created) map.set(key.slice(1), id);
      created = new Map();
    },
    rollback() {
      created = new Map();
    },
  };
}

export type { ImportRowMessage };
