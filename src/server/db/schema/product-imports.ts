import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { suppliers } from './suppliers.js';
import { users } from './users.js';

export const IMPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

export interface ImportRowMessage {
  row: number;
  message: string;
}

/** One uploaded spreadsheet and the background job that imports it. */
export const productImports = pgTable('product_imports', {
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
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
