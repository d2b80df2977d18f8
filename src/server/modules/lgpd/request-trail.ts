import type { Executor } from '../../db/client.js';
import type { lgpdRequests } from '../../db/schema/index.js';
import { recordAuditEvent } from '../audit/index.js';

type RequestStatus = typeof lgpdRequests.$inferSelect.status;

/** A request's status moved by a job (its export built or failed, its link expired): the system's entry (issue 29). */
export function recordRequestStatus(tx: Executor, requestId: string, from: RequestStatus, to: RequestStatus): Promise<void> {
  return recordAuditEvent(tx, {
    actor: 'sistema',
    recordKind: 'lgpd_request',
    recordId: requestId,
    action: 'status_change',
    changes: [{ field: 'status', old: from, new: to }],
  });
}
