import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Scope, scopeFor } from '../../../shared/access-policy.js';
import {
  checkImportRow,
  checkMapping,
  type ExecuteImport,
  type ImportHistory,
  type ImportPreview,
  type ImportStatus,
  importStatusSchema,
  importSummarySchema,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  PREVIEW_ROWS,
  suggestMapping,
} from '../../../shared/product-import.js';
import { badRequest, conflict, notFound } from '../../core/app-error.js';
import { type Caller, requireScope } from '../../core/caller.js';
import { scopeWhere } from '../../core/scope.js';
import type { Db } from '../../db/client.js';
import { toDto } from '../../db/row-mapping.js';
import { productImports } from '../../db/schema/index.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { PrivateFiles } from '../../storage/storage.js';
import { recordWrite } from '../audit/index.js';
import { CORRUPT_FILE } from './file-kind.js';
import * as repo from './repository.js';
import { loadSheet } from './run-import.js';
import { failedRowsWorkbook, type SheetMessages, storageSafeName, summarizeUploadedSheet } from './uploaded-sheet.js';
import { sourceRow } from './worker-messages.js';

export const IMPORT_QUEUE = 'product-import.run';
export const IMPORT_NOT_FOUND = 'Importação não encontrada.';
export const TOO_MANY_COLUMNS = `A planilha tem mais de ${MAX_IMPORT_COLUMNS} colunas. Deixe só as colunas dos produtos (nome, categoria, fornecedor, preço…) e envie novamente.`;
const PRODUCT_SHEET: SheetMessages = {
  empty: 'A planilha está vazia: a primeira linha deve ter os nomes das colunas e as seguintes, os produtos.',
  noRows: 'A planilha não tem linhas de produtos abaixo do cabeçalho.',
  tooManyRows: `A planilha tem mais de ${MAX_IMPORT_ROWS.toLocaleString('pt-BR')} linhas. Divida o arquivo e importe em partes.`,
  tooManyColumns: TOO_MANY_COLUMNS,
};

export interface ProductImportDeps {
  db: Db;
  files: PrivateFiles;
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

const toStatus = (row: repo.ImportWithUser): ImportStatus =>
  toDto(importStatusSchema, { ...row, ...common(row), fieldMapping: row.fieldMapping ?? null });

/** What the status and the history both add to a row: the spec's import_id, the uploader's e-mail, ISO dates. */
const common = (row: Omit<repo.ImportWithUser, 'preview'>) => ({
  importId: row.id,
  createdBy: row.createdByEmail,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export function createProductImportService(deps: ProductImportDeps) {
  const { db, files } = deps;
  const where = (scope: Scope) => scopeWhere(scope, { supplierId: productImports.supplierId });

  /** The import, when the caller may see it; 404 otherwise (others' imports do not exist for it). */
  async function visible(caller: Caller, id: string, action: 'read' | 'execute' | 'retry' | 'delete') {
    const scope = scopeFor(caller, 'imports', action);
    const row = scope.kind === 'none' ? undefined : await repo.findImport(db, id, where(scope));
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    return row;
  }

  return {
    async upload(caller: Caller, file: UploadedFile): Promise<{ import_id: string }> {
      const scope = requireScope(caller, 'imports', 'create');
      const { kind, sheet } = await summarizeUploadedSheet(file.bytes, MAX_IMPORT_ROWS, PREVIEW_ROWS, PRODUCT_SHEET);
      const id = randomUUID();
      const fileKey = `imports/${id}/${storageSafeName(file.fileName)}`;
      await files.put(fileKey, file.bytes);
      const sampleData = sheet.rows.map((_, i) => ({ ...sourceRow(sheet, i).values }));
      await db.transaction(async (tx) => {
        await repo.insertImport(tx, {
          id,
          supplierId: scope.kind === 'supplier' ? scope.id : null,
          createdBy: caller.id,
          fileName: file.fileName.slice(0, 255),
          fileSize: file.bytes.length,
          fileKey,
          fileKind: kind,
          totalRows: sheet.totalRows,
          preview: { columns: sheet.columns, sampleData },
        });
        // The file's name and size, never its bytes.
        await recordWrite(tx, caller, {
          kind: 'product_import',
          id,
          action: 'upload',
          extra: [
            { field: 'fileName', new: file.fileName.slice(0, 255) },
            { field: 'totalRows', new: sheet.totalRows },
          ],
        });
      });
      return { import_id: id };
    },

    async preview(caller: Caller, id: string): Promise<ImportPreview> {
      const row = await visible(caller, id, 'read');
      const columns = row.preview?.columns ?? [];
      return {
        columns,
        total_rows: row.totalRows,
        sample_data: row.preview?.sampleData ?? [],
        suggested_mapping: suggestMapping(columns),
      };
    },

    async execute(caller: Caller, input: ExecuteImport): Promise<ImportStatus> {
      const row = await visible(caller, input.import_id, 'execute');
      if (row.status !== 'pending' || row.fieldMapping)
        throw conflict('Esta importação já foi executada. Acompanhe-a no histórico ou envie a planilha novamente.');
      const mapping = Object.fromEntries(Object.entries(input.field_mapping).filter(([, column]) => column));
      const problem = checkMapping(mapping, row.preview?.columns ?? [], !row.supplierId);
      if (problem) throw badRequest(problem, { field_mapping: problem });
      const updated = await db.transaction(async (tx) => {
        const written = await repo.updateImport(
          tx,
          row.id,
          { fieldMapping: mapping, options: input.options, currentOperation: 'Aguardando início' },
          undefined,
        );
        if (written) {
          await recordWrite(tx, caller, {
            kind: 'product_import',
            id: row.id,
            action: 'import_execute',
            extra: [{ field: 'fieldMapping', new: mapping }],
          });
        }
        return written;
      });
      if (!updated) throw notFound(IMPORT_NOT_FOUND);
      await deps.jobs.send(IMPORT_QUEUE, { importId: row.id });
      return toStatus({ ...updated, createdByEmail: row.createdByEmail });
    },

    async status(caller: Caller, id: string): Promise<ImportStatus> {
      return toStatus(await visible(caller, id, 'read'));
    },

    async history(caller: Caller, page: number, limit: number): Promise<ImportHistory> {
      const scope = scopeFor(caller, 'imports', 'read');
      if (scope.kind === 'none') return { imports: [], total: 0, total_pages: 1, page };
      const { rows, total } = await repo.listImports(db, where(scope), limit, (page - 1) * limit);
      return {
        imports: rows.map((r) => toDto(importSummarySchema, { ...r, ...common(r) })),
        total,
        total_pages: Math.max(1, Math.ceil(total / limit)),
        page,
      };
    },

    /** Failed imports go back to the queue and resume where they stopped: the rows already in stay. */
    async retry(caller: Caller, id: string): Promise<ImportStatus> {
      const row = await visible(caller, id, 'retry');
      if (row.status !== 'failed') throw conflict('Apenas importações que falharam podem ser tentadas novamente.');
      const updated = await db.transaction(async (tx) => {
        const written = await repo.updateImport(
          tx,
          id,
          { status: 'pending', failureReason: null, finishedAt: null, currentOperation: 'Aguardando nova tentativa' },
          undefined,
        );
        if (written) await recordWrite(tx, caller, { kind: 'product_import', id, action: 'import_retry' });
        return written;
      });
      if (!updated) throw notFound(IMPORT_NOT_FOUND);
      await deps.jobs.send(IMPORT_QUEUE, { importId: id });
      return toStatus({ ...updated, createdByEmail: row.createdByEmail });
    },

    /** The record and its stored file; the products it imported stay (they are the supplier's stock now). */
    async remove(caller: Caller, id: string): Promise<void> {
      const row = await visible(caller, id, 'delete');
      await db.transaction(async (tx) => {
        await repo.deleteImport(tx, id);
        await recordWrite(tx, caller, {
          kind: 'product_import',
          id,
          action: 'delete',
          extra: [{ field: 'fileName', old: row.fileName, new: null }],
        });
      });
      if (row.fileKey) await files.delete(row.fileKey);
    },

    /**
     * The rows that did not go in, as an .xlsx with the original columns plus "Motivo": the rows the rules refuse
     * (checked again on the stored file, so none is missing however many there were) and those the import
     * refused for other reasons (an unknown category or supplier).
     */
    async failedRows(caller: Caller, id: string): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await visible(caller, id, 'read');
      const sheet = await loadSheet(files, row).catch((err: unknown) => {
        throw badRequest(err instanceof Error ? err.message : String(err));
      });
      const mapping = row.fieldMapping ?? {};
      const reasons = new Map(row.errors.map((e) => [e.row, e.message.replace(/^Linha \d+: /, '')]));
      const failed: { cells: string[]; reason: string }[] = [];
      for (let i = 0; i < Math.min(sheet.rows.length, row.processedRows); i++) {
        const source = sourceRow(sheet, i);
        const checked = row.fieldMapping ? checkImportRow(source, mapping, !row.supplierId) : undefined;
        const reason = checked && !checked.ok ? checked.message : reasons.get(source.line);
        if (reason) failed.push({ cells: sheet.rows[i] ?? [], reason });
      }
      const bytes = await failedRowsWorkbook(sheet.columns, failed);
      return { fileName: `linhas-com-erro-${row.fileName.replace(/\.[^.]+$/, '')}.xlsx`, bytes };
    },
  };
}

export type ProductImportService = ReturnType<typeof createProductImportService>;
export { CORRUPT_FILE };
