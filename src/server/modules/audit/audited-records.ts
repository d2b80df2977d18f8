import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditRecordKind } from '../../../shared/audit.js';
import type { Executor } from '../../db/client.js';
import { recordQueries } from '../../db/records.js';
import { recordWrite } from './changes.js';
import type { AuditActor } from './record.js';

type RecordTable = PgTable & { id: PgColumn; updatedAt: PgColumn };
type Row<T extends RecordTable> = T['$inferSelect'];
type Values<T extends RecordTable> = Omit<T['$inferInsert'], 'id' | 'createdAt' | 'updatedAt'>;

/**
 * recordQueries (db/records.ts) whose writes each record one audit entry in the same transaction: the row locked and
 * read before an update or delete, the fields that changed old → new. `establishmentOf` says which establishment a
 * row belongs to (the scope a manager reads the trail in).
 */
export function auditedRecordQueries<T extends RecordTable>(
  table: T,
  kind: AuditRecordKind,
  establishmentOf: (row: Row<T>) => string | null = () => null,
) {
  const queries = recordQueries(table);
  const t = table as RecordTable;
  const lock = async (tx: Executor, id: string): Promise<Row<T> | undefined> => {
    const [row] = await tx
      .select()
      .from(t as PgTable)
      .where(eq(t.id, id))
      .for('update');
    return row as Row<T> | undefined;
  };
  return {
    ...queries,
    lock,
    insert: (db: Executor, actor: AuditActor, values: Values<T>): Promise<Row<T>> =>
      db.transaction(async (tx) => {
        const row = await queries.insert(tx, values);
        await recordWrite(tx, actor, {
          kind,
          id: (row as { id: string }).id,
          action: 'create',
          establishmentId: establishmentOf(row),
          after: row,
        });
        return row;
      }),
    update: (
      db: Executor,
      actor: AuditActor,
      id: string,
      values: Partial<Values<T>>,
      action: AuditAction = 'update',
    ): Promise<Row<T> | undefined> =>
      db.transaction(async (tx) => {
        const before = await lock(tx, id);
        if (!before) return undefined;
        const row = await queries.update(tx, id, values);
        if (!row) return undefined;
        await recordWrite(tx, actor, {
          kind,
          id,
          action,
          establishmentId: establishmentOf(row),
          before,
          after: row,
          only: Object.keys(values),
        });
        return row;
      }),
    remove: (db: Executor, actor: AuditActor, id: string): Promise<boolean> =>
      db.transaction(async (tx) => {
        const before = await lock(tx, id);
        if (!before || !(await queries.remove(tx, id))) return false;
        await recordWrite(tx, actor, { kind, id, action: 'delete', establishmentId: establishmentOf(before), before });
        return true;
      }),
  };
}
