/** The product import module's only door: the app builds its service and registers its jobs from here. */

export type { SpreadsheetKind } from './file-kind.js';
export { formulaSafe, fromFormulaSafe } from './formula-safe.js';
export { IMPORT_RECOVERY_QUEUE, type ImportJobs, registerImportJobs } from './jobs.js';
export { countRunningImports } from './repository.js';
export { productImportRoutes } from './routes.js';
export { createProductImportService, IMPORT_QUEUE, type ProductImportService } from './service.js';
export type { ParsedSheet } from './sheet-assembler.js';
export {
  failedRowsWorkbook,
  readStoredSheet,
  readUploadedSheet,
  type SheetMessages,
  storageSafeName,
  summarizeUploadedSheet,
} from './uploaded-sheet.js';
export { sourceRow } from './worker-messages.js';
