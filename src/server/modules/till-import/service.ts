import { randomUUID } from 'node:crypto';
import type { ActionOf } from '../../../shared/access-policy.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { PREVIEW_ROWS } from '../../../shared/product-import.js';
import {
  checkTillMapping,
  type ExecuteTillImport,
  MAX_TILL_IMPORT_ROWS,
  suggestTillMapping,
  TILL_IMPORT_TEXTS,
  type TillFieldMapping,
  type TillImportHistory,
  type TillImportPreview,
  type TillImportStatus,
  tillImportStatusSchema,
  tillImportSummarySchema,
} from '../../../shared/till-sales-import.js';
import { badRequest, conflict, notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { toDto } from '../../db/row-mapping.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { PrivateFiles } from '../../storage/storage.js';
import { recordWrite } from '../audit/index.js';
import {
  failedRowsWorkbook,
  readStoredSheet,
  type SpreadsheetKind,
  sourceRow,
  storageSafeName,
  summarizeUploadedSheet,
} from '../product-import/index.js';
import { TILL_IMPORT_QUEUE } from './jobs.js';
import * as repo from './repository.js';

/** The status answers at most this many messages of each kind; the counts stay exact and the download has every row. */
const MESSAGES_SHOWN = 1000;

export interface TillImportServiceDeps {
  db: Db;
  files: PrivateFiles;
  jobs: JobRunner;
}

const common = (row: Omit<repo.TillImportWithUser, 'preview' | 'errors' | 'warnings'>) => ({
  importId: row.id,
  createdBy: row.createdByEmail,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

const toStatus = (row: repo.TillImportWithUser): TillImportStatus =>
  toDto(tillImportStatusSchema, {
    ...row,
    ...common(row),
    errors: row.errors.slice(0, MESSAGES_SHOWN),
    warnings: row.warnings.slice(0, MESSAGES_SHOWN),
    fieldMapping: row.fieldMapping ?? null,
  });

/** The mapping remembered for the establishment, when this sheet has every column it names. */
function rememberedFor(mapping: Record<string, string> | undefined, columns: readonly string[]): TillFieldMapping | undefined {
  if (!mapping) return undefined;
  return checkTillMapping(mapping, columns) === null ? mapping : undefined;
}

export function createTillImportService(deps: TillImportServiceDeps) {
  const { db, files } = deps;

  /** The import, when the caller may do `action` in its establishment's cellar; 404 when it may not even read it. */
  async function visible(caller: Caller, establishmentId: string, id: string, action: ActionOf<'cellar'>) {
    assertEstablishmentAccess(caller, 'cellar', action, establishmentId, TILL_IMPORT_TEXTS.notFound);
    const row = await repo.findTillImport(db, establishmentId, id);
    if (!row) throw notFound(TILL_IMPORT_TEXTS.notFound);
    return row;
  }

  return {
    async upload(caller: Caller, establishmentId: string, file: { fileName: string; bytes: Buffer }): Promise<{ import_id: string }> {
      assertEstablishmentAccess(caller, 'cellar', 'move', establishmentId, ESTABLISHMENT_NOT_FOUND);
      if (!(await repo.establishmentExists(db, establishmentId))) throw notFound(ESTABLISHMENT_NOT_FOUND);
      const { kind, sheet } = await summarizeUploadedSheet(file.bytes, MAX_TILL_IMPORT_ROWS, PREVIEW_ROWS, TILL_IMPORT_TEXTS);
      const id = randomUUID();
      const fileKey = `till-imports/${establishmentId}/${id}/${storageSafeName(file.fileName)}`;
      await files.put(fileKey, file.bytes);
      const sampleData = sheet.rows.map((_, i) => ({ ...sourceRow(sheet, i).values }));
      const fileName = file.fileName.slice(0, 255);
      await db.transaction(async (tx) => {
        await repo.insertTillImport(tx, {
          id,
          establishmentId,
          createdBy: caller.id,
          fileName,
          fileSize: file.bytes.length,
          fileKey,
          fileKind: kind,
          totalRows: sheet.totalRows,
          preview: { columns: sheet.columns, sampleData },
        });
        await recordWrite(tx, caller, {
          kind: 'till_sales_import',
          id,
          action: 'upload',
          establishmentId,
          extra: [
            { field: 'fileName', new: fileName },
            { field: 'totalRows', new: sheet.totalRows },
          ],
        });
      });
      return { import_id: id };
    },

    async preview(caller: Caller, establishmentId: string, id: string): Promise<TillImportPreview> {
      const row = await visible(caller, establishmentId, id, 'read');
      const columns = row.preview?.columns ?? [];
      const remembered = rememberedFor(await repo.rememberedMapping(db, establishmentId), columns);
      return {
        columns,
        total_rows: row.totalRows,
        sample_data: row.preview?.sampleData ?? [],
        suggested_mapping: remembered ?? suggestTillMapping(columns),
        remembered: remembered !== undefined,
      };
    },

    async execute(caller: Caller, establishmentId: string, id: string, input: ExecuteTillImport): Promise<TillImportStatus> {
      const row = await visible(caller, establishmentId, id, 'move');
      if (row.status !== 'pending' || row.fieldMapping) throw conflict(TILL_IMPORT_TEXTS.alreadyRun);
      const mapping = Object.fromEntries(Object.entries(input.field_mapping).filter(([, column]) => column)) as Record<string, string>;
      const problem = checkTillMapping(mapping, row.preview?.columns ?? []);
      if (problem) throw badRequest(problem, { field_mapping: problem });
      const updated = await db.transaction(async (tx) => {
        const written = await repo.updateTillImport(tx, row.id, { fieldMapping: mapping, currentOperation: 'Aguardando início' });
        if (!written) return undefined;
        await repo.rememberMapping(tx, establishmentId, mapping);
        await recordWrite(tx, caller, {
          kind: 'till_sales_import',
          id: row.id,
          action: 'import_execute',
          establishmentId,
          extra: [{ field: 'fieldMapping', new: mapping }],
        });
        await deps.jobs.sendWithin(tx, TILL_IMPORT_QUEUE, { importId: row.id });
        return written;
      });
      if (!updated) throw notFound(TILL_IMPORT_TEXTS.notFound);
      return toStatus({ ...updated, createdByEmail: row.createdByEmail });
    },

    async status(caller: Caller, establishmentId: string, id: string): Promise<TillImportStatus> {
      return toStatus(await visible(caller, establishmentId, id, 'read'));
    },

    async history(caller: Caller, establishmentId: string, page: number, limit: number): Promise<TillImportHistory> {
      assertEstablishmentAccess(caller, 'cellar', 'read', establishmentId, ESTABLISHMENT_NOT_FOUND);
      const { rows, total } = await repo.listTillImports(db, establishmentId, limit, (page - 1) * limit);
      return {
        imports: rows.map((r) => toDto(tillImportSummarySchema, { ...r, ...common(r) })),
        total,
        total_pages: Math.max(1, Math.ceil(total / limit)),
        page,
      };
    },

    /** A failed import goes back to the queue and resumes at its checkpoint: the sales already in stay. */
    async retry(caller: Caller, establishmentId: string, id: string): Promise<TillImportStatus> {
      const row = await visible(caller, establishmentId, id, 'move');
      if (row.status !== 'failed') throw conflict(TILL_IMPORT_TEXTS.onlyFailedRetry);
      const updated = await db.transaction(async (tx) => {
        const written = await repo.updateTillImport(tx, id, {
          status: 'pending',
          failureReason: null,
          finishedAt: null,
          currentOperation: 'Aguardando nova tentativa',
        });
        if (!written) return undefined;
        await recordWrite(tx, caller, { kind: 'till_sales_import', id, action: 'import_retry', establishmentId });
        await deps.jobs.sendWithin(tx, TILL_IMPORT_QUEUE, { importId: id });
        return written;
      });
      if (!updated) throw notFound(TILL_IMPORT_TEXTS.notFound);
      return toStatus({ ...updated, createdByEmail: row.createdByEmail });
    },

    /** The record and its stored file; the sales it recorded stay (they are the cellar's history). */
    async remove(caller: Caller, establishmentId: string, id: string): Promise<void> {
      const row = await visible(caller, establishmentId, id, 'move');
      if (row.status === 'processing') throw conflict('A importação está em andamento. Aguarde terminar para excluí-la.');
      await db.transaction(async (tx) => {
        await repo.deleteTillImport(tx, id);
        await recordWrite(tx, caller, {
          kind: 'till_sales_import',
          id,
          action: 'delete',
          establishmentId,
          extra: [{ field: 'fileName', old: row.fileName, new: null }],
        });
      });
      if (row.fileKey) await files.delete(row.fileKey);
    },

    /** The rows that did not go in, as an .xlsx with the original columns and "Motivo". */
    async failedRows(caller: Caller, establishmentId: string, id: string): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await visible(caller, establishmentId, id, 'read');
      const bytes = row.fileKey ? await files.read(row.fileKey) : undefined;
      if (!bytes) throw notFound('O arquivo desta importação não está mais disponível.');
      const sheet = await readStoredSheet(bytes, row.fileKind as SpreadsheetKind, MAX_TILL_IMPORT_ROWS, TILL_IMPORT_TEXTS);
      const reasons = new Map(row.errors.map((e) => [e.row, e.message.replace(/^Linha \d+: /, '')]));
      const failed = sheet.rows.flatMap((cells, i) => {
        const reason = reasons.get(sheet.lines[i] ?? i + 2);
        return reason ? [{ cells, reason }] : [];
      });
      return {
        fileName: `linhas-com-erro-${row.fileName.replace(/\.[^.]+$/, '')}.xlsx`,
        bytes: await failedRowsWorkbook(sheet.columns, failed),
      };
    },
  };
}

export type TillImportService = ReturnType<typeof createTillImportService>;
