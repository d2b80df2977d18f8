import { and, desc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { AUDIT_DEFAULT_LIMIT, type AuditEntry, type AuditListQuery, type AuditPerson } from '../../../shared/audit.js';
import { TIME_ZONE } from '../../../shared/time.js';
import { type Caller, requireScope } from '../../core/caller.js';
import { scopeWhere } from '../../core/scope.js';
import type { Db } from '../../db/client.js';
import { auditEntries, establishments, users } from '../../db/schema/index.js';
import type { ListAnswer } from '../../http/record-routes.js';

/** Counting stops here: past it the list says "more than 10 000" (X-Total-Count-Capped). */
const COUNT_CAP = 10_000;

/** The entries the caller may read: all for the admin, its establishments' for a manager (403 for anyone else). */
function scopeCondition(caller: Caller): SQL | undefined {
  return scopeWhere(requireScope(caller, 'audit', 'read'), { establishmentId: auditEntries.establishmentId });
}

/** A São Paulo calendar day's first instant, as SQL. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${TIME_ZONE}`;

function filters(query: AuditListQuery): (SQL | undefined)[] {
  return [
    query.actor_id ? eq(auditEntries.actorUserId, query.actor_id) : undefined,
    query.record_kind ? eq(auditEntries.recordKind, query.record_kind) : undefined,
    query.record_id ? eq(auditEntries.recordId, query.record_id) : undefined,
    query.action ? eq(auditEntries.action, query.action) : undefined,
    query.establishment_id ? eq(auditEntries.establishmentId, query.establishment_id) : undefined,
    query.from ? gte(auditEntries.occurredAt, dayStart(query.from)) : undefined,
    query.to ? lt(auditEntries.occurredAt, sql`${dayStart(query.to)} + interval '1 day'`) : undefined,
  ];
}

export async function listAudit(db: Db, caller: Caller, query: AuditListQuery): Promise<ListAnswer<AuditEntry>> {
  const where = and(scopeCondition(caller), ...filters(query));
  const limit = query.limit ?? AUDIT_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const rows = await db
    .select({
      entry: auditEntries,
      actorName: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
      establishmentName: establishments.name,
    })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorUserId))
    .leftJoin(establishments, eq(establishments.id, auditEntries.establishmentId))
    .where(where)
    .orderBy(desc(auditEntries.occurredAt), desc(auditEntries.id))
    .limit(limit)
    .offset(offset);
  const matching = db
    .select({ one: sql`1` })
    .from(auditEntries)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('matching');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const total = Math.min(counted?.n ?? 0, COUNT_CAP);
  return {
    items: rows.map(({ entry, actorName, establishmentName }) => ({
      id: entry.id,
      occurred_at: entry.occurredAt.toISOString(),
      actor: { id: entry.actorUserId, role: entry.actorRole, name: entry.actorUserId ? actorName : null },
      establishment_id: entry.establishmentId,
      establishment_name: establishmentName,
      record_kind: entry.recordKind,
      record_id: entry.recordId,
      action: entry.action,
      changes: entry.changes,
    })),
    total,
    ...((counted?.n ?? 0) > COUNT_CAP && { capped: true }),
  };
}

/** The people the person filter offers: those who appear in the entries the caller may read. */
export async function listAuditPeople(db: Db, caller: Caller): Promise<AuditPerson[]> {
  const scoped = scopeCondition(caller);
  const actors = db
    .selectDistinct({ id: auditEntries.actorUserId })
    .from(auditEntries)
    .where(and(isNotNull(auditEntries.actorUserId), scoped));
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.id, actors))
    .orderBy(users.name, users.email)
    .limit(500);
  return rows.map((row) => ({ id: row.id, name: row.name || row.email, role: row.role }));
}

export function createAuditService({ db }: { db: Db }) {
  return {
    list: (caller: Caller, query: AuditListQuery) => listAudit(db, caller, query),
    people: (caller: Caller) => listAuditPeople(db, caller),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
