/** The till sales import's only door (issue 31): the app builds its service and registers its jobs and routes here. */
export { registerTillImportJobs, TILL_IMPORT_QUEUE, TILL_IMPORT_RECOVERY_QUEUE, type TillImportJobs } from './jobs.js';
export { tillImportRoutes } from './routes.js';
export { createTillImportService, type TillImportService } from './service.js';
