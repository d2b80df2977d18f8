import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** A table of records named by a uuid `id` that keep when they last changed in `updatedAt`. */
type RecordTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** What a repository reads: the whole row. */
type Row<T extends RecordTable> = T['$inferSelect'];
/** What a repository writes: every column but the ones the database fills in. */
type Values<T extends RecordTable> = Omit<T['$inferInsert'], 'id' | 'createdAt' | 'updatedAt'>;

/** The row of `table` that `where` names (the first one read, for a condition that names one row at most). */
export async function firstRow<T extends PgTable>(db: Executor, table: T, where: SQL | undefined): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/**
 * The four statements every such table has, for its repository: read one by id, insert (answering the row),
 * update by id (stamping `updatedAt`; undefined when there is no such row) and delete by id (false when none).
 */
export function recordQueries<T extends RecordTable>(table: T) {
  // Drizzle's builders do not follow a table given as a type parameter; the rows are typed by `T` above.
  const t = table as RecordTable;
  return {
    findById: (db: Executor, id: string): Promise<Row<T> | undefined> => firstRow(db, table, eq(t.id, id)),
    async insert(db: Executor, values: Values<T>): Promise<Row<T>> {
      const [row] = await db
        .insert(t)
        .values(values as never)
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row as Row<T>;
    },
    async update(db: Executor, id: string, values: Partial<Values<T>>): Promise<Row<T> | undefined> {
      const [row] = await db
        .update(t)
        .set({ ...values, updatedAt: new Date() } as never)
        .where(eq(t.id, id))
        .returning();
      return row as Row<T> | undefined;
    },
    async remove(db: Executor, id: string): Promise<boolean> {
      const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
