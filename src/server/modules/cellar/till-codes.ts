import { and, asc, eq } from 'drizzle-orm';
import { TILL_SALE_TEXTS, type TillProductCode } from '../../../shared/till-sales.js';
import { badRequest, notFound } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { cellarItems, tillProductCodes } from '../../db/schema/index.js';
import { recordWrite } from '../audit/index.js';
import { targetEstablishment } from './movement-steps.js';

/** The till's product codes of the establishment's wines (issue 31), by code. */
export async function listTillCodes(db: Executor, caller: Caller, establishmentId: string): Promise<TillProductCode[]> {
  await targetEstablishment(db, caller, establishmentId, 'read');
  const rows = await db
    .select({ code: tillProductCodes.code, cellar_item_id: tillProductCodes.cellarItemId, cellar_item_name: cellarItems.name })
    .from(tillProductCodes)
    .innerJoin(cellarItems, eq(cellarItems.id, tillProductCodes.cellarItemId))
    .where(eq(tillProductCodes.establishmentId, establishmentId))
    .orderBy(asc(tillProductCodes.code));
  return rows;
}

/** Links a till code to a wine of this cellar (a code linked before now points at the new wine). */
export async function saveTillCode(db: Db, caller: Caller, establishmentId: string, input: { code: string; cellar_item_id: string }) {
  await targetEstablishment(db, caller, establishmentId, 'update');
  const [item] = await db
    .select({ id: cellarItems.id, name: cellarItems.name })
    .from(cellarItems)
    .where(and(eq(cellarItems.id, input.cellar_item_id), eq(cellarItems.establishmentId, establishmentId)));
  if (!item) throw badRequest(TILL_SALE_TEXTS.codeItem, { cellar_item_id: TILL_SALE_TEXTS.codeItem });
  return db.transaction(async (tx) => {
    await tx
      .insert(tillProductCodes)
      .values({ establishmentId, code: input.code, cellarItemId: item.id })
      .onConflictDoUpdate({ target: [tillProductCodes.establishmentId, tillProductCodes.code], set: { cellarItemId: item.id } });
    await recordWrite(tx, caller, {
      kind: 'cellar_item',
      id: item.id,
      action: 'update',
      establishmentId,
      extra: [{ field: 'tillProductCode', new: input.code }],
    });
    return { code: input.code, cellar_item_id: item.id, cellar_item_name: item.name } satisfies TillProductCode;
  });
}

export async function deleteTillCode(db: Db, caller: Caller, establishmentId: string, code: string): Promise<void> {
  await targetEstablishment(db, caller, establishmentId, 'update');
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(tillProductCodes)
      .where(and(eq(tillProductCodes.establishmentId, establishmentId), eq(tillProductCodes.code, code)))
      .returning();
    if (!gone) throw notFound(TILL_SALE_TEXTS.codeNotFound);
    await recordWrite(tx, caller, {
      kind: 'cellar_item',
      id: gone.cellarItemId,
      action: 'update',
      establishmentId,
      extra: [{ field: 'tillProductCode', old: code, new: null }],
    });
  });
}
