import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { auditEntries } from '../../db/schema/index.js';
import { openTestDatabase } from '../../test-support/test-database.js';
import { recordAuditEvent } from './record.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const entriesOf = (recordId: string) => database.db.select().from(auditEntries).where(eq(auditEntries.recordId, recordId));

describe('audit entries', () => {
  it('are recorded with the actor and the changes, and refused any update, delete or truncate by the database', async () => {
    const recordId = randomUUID();
    await recordAuditEvent(database.db, {
      actor: { id: randomUUID(), role: 'sommelier' },
      recordKind: 'cellar_item',
      recordId,
      action: 'update',
      changes: [{ field: 'parLevel', old: 2, new: 6 }],
    });
    const [entry] = await entriesOf(recordId);
    expect(entry).toMatchObject({ actorRole: 'sommelier', action: 'update', changes: [{ field: 'parLevel', old: 2, new: 6 }] });

    await expect(database.db.update(auditEntries).set({ action: 'delete' }).where(eq(auditEntries.id, entry!.id))).rejects.toThrow();
    await expect(database.db.delete(auditEntries).where(eq(auditEntries.id, entry!.id))).rejects.toThrow();
    await expect(database.db.execute('truncate audit_entries')).rejects.toThrow();
    expect(await entriesOf(recordId)).toEqual([entry]);
  });

  it('leave none when the write they belong to is rolled back', async () => {
    const recordId = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await recordAuditEvent(tx, { actor: 'sistema', recordKind: 'order', recordId, action: 'status_change' });
        throw new Error('the write fails after its entry');
      }),
    ).rejects.toThrow('the write fails');
    expect(await entriesOf(recordId)).toEqual([]);
  });
});
