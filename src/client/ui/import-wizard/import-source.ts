import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ImportRowMessage, ImportSummary } from '../../../shared/product-import';

/** Which column feeds each field of the import. */
export type FieldMap<F extends string> = Partial<Record<F, string>>;

/** An import as the history lists it. */
export type ImportSummaryShape = ImportSummary;

export interface ImportStatusShape<F extends string> extends ImportSummaryShape {
  errors: ImportRowMessage[];
  warnings: ImportRowMessage[];
  field_mapping: FieldMap<F> | null;
}

export interface ImportPreviewShape<F extends string> {
  columns: string[];
  total_rows: number;
  sample_data: Record<string, string>[];
  suggested_mapping: FieldMap<F>;
  /** The suggestion is the mapping used last time, not a guess from the headers. */
  remembered?: boolean;
}

export interface ImportHistoryShape {
  imports: ImportSummaryShape[];
  total: number;
  total_pages: number;
}

/** The words that differ between one kind of spreadsheet import and another. */
export interface ImportTexts<F extends string, S extends ImportStatusShape<F>> {
  /** What one row of the sheet is: ['linha de produto', 'linhas de produtos']. */
  rows: [one: string, many: string];
  /** The count of the rows that went in, and of those left out on purpose (cards and history columns). */
  success: string;
  skipped: string;
  /** The result's words when the import completed. */
  completed(status: S): string;
  /** Said on the mapping step when the suggestion is the mapping used last time. */
  remembered?: string;
  /** The title of the warnings' list. */
  warnings: string;
  /** The question before deleting an import of this file. */
  deleteQuestion(fileName: string): string;
  fieldLabels: Record<F, string>;
}

/**
 * One kind of spreadsheet import (a supplier's price list, the till's day of sales): where its calls go, what they
 * answer, its query keys and its words. The wizard, the history and the details read everything through it.
 */
export interface ImportSource<F extends string, S extends ImportStatusShape<F> = ImportStatusShape<F>> {
  paths: {
    upload: string;
    preview(id: string): string;
    status(id: string): string;
    /** The whole record, for the Detalhes modal. */
    details(id: string): string;
    history(page: number, limit: number): string;
    retry(id: string): string;
    remove(id: string): string;
    failedRows(id: string): string;
  };
  keys: {
    all: QueryKey;
    preview(id: string): QueryKey;
    status(id: string): QueryKey;
    details(id: string): QueryKey;
    /** Every page of the history. */
    history: QueryKey;
    historyPage(page: number): QueryKey;
  };
  schemas: {
    preview: z.ZodType<ImportPreviewShape<F>>;
    status: z.ZodType<S>;
    history: z.ZodType<ImportHistoryShape>;
  };
  texts: ImportTexts<F, S>;
  /** What else a finished import changes (the cellar's counts, for the till's sales). */
  changes?: QueryKey;
  /** The history's own screen, when it has one (the result step links to it). */
  historyPath?: string;
}
