import {
  AUDIT_PERSONAL_EVERYWHERE,
  AUDIT_PERSONAL_FIELDS,
  AUDIT_SECRET_FIELD,
  type AuditAction,
  type AuditRecordKind,
} from '../../../shared/audit.js';
import type { Executor } from '../../db/client.js';
import type { AuditChange } from '../../db/schema/index.js';
import { type AuditActor, recordAuditEvent } from './record.js';

/** Columns every row has that say nothing a person changed. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'position', 'searchText', 'createdBy', 'passwordHash']);

/** A row as a repository reads it (any object of columns). */
type Row = object;
const fieldOf = (row: Row, field: string): unknown => (row as Record<string, unknown>)[field];

/** A value as the entry keeps it: dates as ISO text, numeric strings as they are, nothing undefined. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const isPersonalField = (kind: AuditRecordKind, field: string) =>
  AUDIT_PERSONAL_EVERYWHERE.has(field) || (AUDIT_PERSONAL_FIELDS[kind]?.includes(field) ?? false);

/**
 * The fields that differ between `before` and `after` (rows as the repository reads them), old → new. A create passes
 * no `before` (every field set is a change from nothing), a delete no `after` (none). Bookkeeping columns, secrets
 * and file bytes are left out; personal fields are marked `personal` and carry no values. `only` limits the fields
 * compared (the ones the write could change).
 */
export function changedFields(
  kind: AuditRecordKind,
  before: Row | null | undefined,
  after: Row | null | undefined,
  only?: readonly string[],
): AuditChange[] {
  if (!after) return [];
  const fields = only ?? Object.keys(after);
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (BOOKKEEPING.has(field) || AUDIT_SECRET_FIELD.test(field)) continue;
    const next = comparable(fieldOf(after, field));
    const previous = before ? comparable(fieldOf(before, field)) : null;
    if (same(previous, next)) continue;
    if (!before && (next === null || next === '' || (Array.isArray(next) && next.length === 0))) continue;
    // A new record's links to others (its menu, its establishment) are said by the entry itself, not as a field.
    if (!before && field.endsWith('Id')) continue;
    if (isPersonalField(kind, field)) changes.push({ field, personal: true });
    else if (before) changes.push({ field, old: previous, new: next });
    else changes.push({ field, new: next });
  }
  return changes;
}

/** A deleted record's name or title (old → nothing), so the trail says what went; personal names say "alterado". */
function whatWasDeleted(kind: AuditRecordKind, before: Row | null | undefined): AuditChange[] {
  if (!before) return [];
  return ['name', 'title'].flatMap((field): AuditChange[] => {
    const value = fieldOf(before, field);
    if (typeof value !== 'string' || !value) return [];
    return [isPersonalField(kind, field) ? { field, personal: true } : { field, old: value, new: null }];
  });
}

export interface RecordedWrite {
  kind: AuditRecordKind;
  id: string | null;
  action: AuditAction;
  establishmentId?: string | null;
  before?: Row | null;
  after?: Row | null;
  /** The fields to compare (all of `after`'s otherwise). */
  only?: readonly string[];
  /** Changes said outright (a movement's quantity, the ids of a new order), added after the compared ones. */
  extra?: AuditChange[];
}

/**
 * Records one write in the audit trail, through the write's own transaction `tx`: who (`actor`), the record, the
 * action and the fields that changed (changedFields). A rolled-back write leaves no entry.
 */
export async function recordWrite(tx: Executor, actor: AuditActor, write: RecordedWrite): Promise<void> {
  const changes = [
    ...(write.action === 'delete'
      ? whatWasDeleted(write.kind, write.before)
      : changedFields(write.kind, write.before, write.after, write.only)),
    ...(write.extra ?? []),
  ];
  await recordAuditEvent(tx, {
    actor,
    establishmentId: write.establishmentId ?? null,
    recordKind: write.kind,
    recordId: write.id,
    action: write.action,
    changes,
  });
}
