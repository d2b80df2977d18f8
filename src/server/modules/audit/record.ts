import type { Role } from '../../../shared/roles.js';
import type { Caller } from '../../core/caller.js';
import type { Executor } from '../../db/client.js';
import { type AuditChange, auditEntries } from '../../db/schema/index.js';
import { currentRequestId } from '../../http/request-context.js';

/** Who acted: a signed-in caller, a user known only by id and role (a sign-in), the system (jobs), or nobody known. */
export type AuditActor = Caller | { id: string | null; role: Role } | 'sistema' | 'desconhecido';

export interface AuditEvent {
  actor: AuditActor;
  establishmentId?: string | null;
  /** What kind of record: 'cellar_item', 'order', 'user', 'session'... */
  recordKind: string;
  recordId?: string | null;
  /** What was done: 'create', 'update', 'delete', 'status_change', 'sign_in'... */
  action: string;
  changes?: AuditChange[];
}

function actorColumns(actor: AuditActor): { actorUserId: string | null; actorRole: string } {
  if (actor === 'sistema' || actor === 'desconhecido') return { actorUserId: null, actorRole: actor };
  return { actorUserId: actor.id, actorRole: actor.role };
}

/**
 * Records one audit entry through `executor`: pass the write's own transaction, so a rolled-back write leaves none.
 * Never pass personal values in `changes` (mark the field `personal: true` instead), nor passwords, tokens or secrets.
 */
export async function recordAuditEvent(executor: Executor, event: AuditEvent): Promise<void> {
  await executor.insert(auditEntries).values({
    ...actorColumns(event.actor),
    establishmentId: event.establishmentId ?? null,
    recordKind: event.recordKind,
    recordId: event.recordId ?? null,
    action: event.action,
    changes: event.changes ?? [],
    requestId: currentRequestId() ?? null,
  });
}
