/** The audit trail's only door (issue 29): other modules record their writes through it. */

export { markNothingChanged } from '../../http/route-audit.js';
export { auditedRecordQueries } from './audited-records.js';
export { changedFields, isPersonalField, type RecordedWrite, recordWrite } from './changes.js';
export { type AuditActor, type AuditEvent, recordAuditEvent } from './record.js';
export { auditRoutes } from './routes.js';
export { type AuditService, createAuditService } from './service.js';
