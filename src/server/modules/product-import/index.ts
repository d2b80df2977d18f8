/** The product import module's only door: the app builds its service and registers its jobs from here. */

export { formulaSafe, fromFormulaSafe } from './formula-safe.js';
export { IMPORT_RECOVERY_QUEUE, type ImportJobs, registerImportJobs } from './jobs.js';
export { countRunningImports } from './repository.js';
export { productImportRoutes } from './routes.js';
export { createProductImportService, IMPORT_QUEUE, type ProductImportService } from './service.js';
export type { ParsedSheet } from './sheet-assembler.js';
export { readUploadedSheet, type SheetMessages } from './uploaded-sheet.js';
