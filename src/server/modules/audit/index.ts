/** The audit trail's only door (issue 29): other modules record their writes through it. */
export { type AuditActor, type AuditEvent, recordAuditEvent } from './record.js';
