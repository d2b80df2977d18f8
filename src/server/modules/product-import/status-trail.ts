/**
 * The import job's own status changes (finished, failed, handed back, resumed after its process died) are the
 * system's writes: each leaves a 'sistema' entry in the audit trail in the same transaction (issue 29).
 */
import type { Db, Executor } from '../../db/client.js';
import type { IMPORT_STATUSES } from '../../db/schema/index.js';
import { recordWrite } from '../audit/index.js';
import * as repo from './repository.js';

type ImportStatus = (typeof IMPORT_STATUSES)[number];
type Finish = Parameters<typeof repo.finishImport>[3] & { status: ImportStatus };

export function recordImportStatus(tx: Executor, importId: string, from: ImportStatus, to: ImportStatus, reason?: string | null) {
  return recordWrite(tx, 'sistema', {
    kind: 'product_import',
    id: importId,
    action: 'status_change',
    extra: [{ field: 'status', old: from, new: to }, ...(reason ? [{ field: 'failureReason', new: reason }] : [])],
  });
}

/** finishImport and its entry; false (and no entry) when the lease is gone. */
export function finishImportRecorded(db: Db, importId: string, lease: Date, values: Finish): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await repo.finishImport(tx, importId, lease, values))) return false;
    await recordImportStatus(tx, importId, 'processing', values.status, values.failureReason);
    return true;
  });
}

/** releaseStaleImports and an entry for each import it gave back; their ids. */
export function releaseStaleImportsRecorded(db: Db, staleMs: number, exceptIds: readonly string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids = await repo.releaseStaleImports(tx, staleMs, exceptIds);
    for (const id of ids) await recordImportStatus(tx, id, 'processing', 'pending');
    return ids;
  });
}
