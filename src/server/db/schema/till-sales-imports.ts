import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, id, timestamps } from './columns.js';
import { establishments } from './establishments.js';
import { IMPORT_STATUSES, type ImportPreviewData, type ImportRowMessage } from './product-imports.js';
import { users } from './users.js';

/**
 * The till's daily sales spreadsheet (issue 31), uploaded for one establishment and recorded by a background job as
 * the till's own batches are: each sale once per its number. Counts are rows; `processedSales` is the job's
 * checkpoint (the sales of the sheet, in the order they first appear, done so far).
 */
export const tillSalesImports = pgTable(
  'till_sales_imports',
  {
    id: id(),
    establishmentId: belongsTo('establishment_id', () => establishments.id, 'cascade'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    fileKey: text('file_key'),
    fileKind: text('file_kind').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('pending'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    processedSales: integer('processed_sales').notNull().default(0),
    currentOperation: text('current_operation'),
    successCount: integer('success_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    salesRecorded: integer('sales_recorded').notNull().default(0),
    salesAlreadyRecorded: integer('sales_already_recorded').notNull().default(0),
    discrepancyCount: integer('discrepancy_count').notNull().default(0),
    /** Every refused row and why (the sheet is at most MAX_TILL_IMPORT_ROWS rows): the failed-rows download reads it. */
    errors: jsonb('errors').$type<ImportRowMessage[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<ImportRowMessage[]>().notNull().default([]),
    fieldMapping: jsonb('field_mapping').$type<Record<string, string>>(),
    failureReason: text('failure_reason'),
    preview: jsonb('preview').$type<ImportPreviewData>(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    index('till_sales_imports_establishment_created_idx').on(t.establishmentId, t.createdAt),
    index('till_sales_imports_status_idx').on(t.status, t.updatedAt),
  ],
);

/** The columns an establishment's till export has, as mapped the last time: the next sheet starts from them. */
export const tillImportMappings = pgTable('till_import_mappings', {
  establishmentId: uuid('establishment_id')
    .primaryKey()
    .references(() => establishments.id, { onDelete: 'cascade' }),
  fieldMapping: jsonb('field_mapping').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
