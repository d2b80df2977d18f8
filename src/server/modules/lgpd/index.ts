/** LGPD rights (issue 29): the module's only door. */
export { buildExport, EXPORT_QUEUE, EXPORT_VALID_MS, registerExportJob } from './export-zip.js';
export { createExportLinks } from './links.js';
export { PERSONAL_DATA, type PersonalDataSource, userRows } from './registry.js';
export {
  anonymiseOldApplications,
  deleteExpiredExports,
  RETENTION_QUEUE,
  recordSearchWordsRun,
  registerRetentionJob,
} from './retention.js';
export { lgpdRoutes } from './routes.js';
export { createLgpdService, type LgpdService } from './service.js';
