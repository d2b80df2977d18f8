import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { suppliers } from './suppliers.js';
import { users } from './users.js';

export const IMPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

export interface ImportRowMessage {
  row: number;
  message: string;
}

export interface ImportPreviewData {
  columns: string[];
  sampleData: Record<string, string>[];
}

/** One uploaded spreadsheet and the background job that imports it. */
export const productImports = pgTable(
  'product_imports',
  {
    id: id(),
    /** Whose import it is: a supplier user's rows always go to its own supplier. Null for the admin's. */
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** Key of the stored file in private storage. */
    fileKey: text('file_key'),
    /** What the bytes turned out to be: xlsx, xls or csv. */
    fileKind: text('file_kind').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('pending'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    currentOperation: text('current_operation'),
    successCount: integer('success_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<ImportRowMessage[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<ImportRowMessage[]>().notNull().default([]),
    fieldMapping: jsonb('field_mapping').$type<Record<string, string>>(),
    options: jsonb('options').$type<Record<string, boolean>>(),
    failureReason: text('failure_reason'),
    /** The header and first rows, read once at upload: the preview never parses the file again. */
    preview: jsonb('preview').$type<ImportPreviewData>(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    // History: newest first, for everyone or one supplier.
    index('product_imports_created_idx').on(t.createdAt),
    index('product_imports_supplier_created_idx').on(t.supplierId, t.createdAt),
    // Recovery looks for imports left processing by a process that died.
    index('product_imports_status_idx').on(t.status, t.updatedAt),
  ],
);
