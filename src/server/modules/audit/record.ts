import type { AuditAction, AuditRecordKind } from '../../../shared/audit.js';
import type { Role } from '../../../shared/roles.js';
import type { Caller } from '../../core/caller.js';
import type { Executor } from '../../db/client.js';
import { type AuditChange, auditEntries } from '../../db/schema/index.js';
import { currentRequestId } from '../../http/request-context.js';
import { auditRequestId, countAuditEntry } from '../../http/route-audit.js';

/** Who acted: a signed-in caller, a user known only by id and role (a sign-in), or someone without an account. */
export type AuditActor = Caller | { id: string | null; role: Role } | AnonymousActor;
/** Actors without an account: a job ('sistema'), a public applicant ('candidato'), a person accepting an invitation. */
export type AnonymousActor = 'sistema' | 'desconhecido' | 'candidato' | 'convidado';

export interface AuditEvent {
  actor: AuditActor;
  establishmentId?: string | null;
  /** What kind of record: 'cellar_item', 'order', 'user', 'session'... (each has its pt-BR label in shared/audit.ts) */
  recordKind: AuditRecordKind;
  recordId?: string | null;
  /** What was done: 'create', 'update', 'delete', 'status_change', 'sign_in'... (each has its pt-BR verb) */
  action: AuditAction;
  changes?: AuditChange[];
}

function actorColumns(actor: AuditActor): { actorUserId: string | null; actorRole: string } {
  if (typeof actor === 'string') return { actorUserId: null, actorRole: actor };
  // A key's writes are its creator's key's, not the person's own: "Maria (chave de API)".
  if ('apiKey' in actor && actor.apiKey) return { actorUserId: actor.id, actorRole: 'chave_api' };
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
    requestId: currentRequestId() ?? auditRequestId() ?? null,
  });
  countAuditEntry();
}
