import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { CellarDiscrepancy, TillSaleUnit } from '../../../shared/till-sales.js';
import type { Executor } from '../../db/client.js';
import { cellarDiscrepancies, cellarItems } from '../../db/schema/index.js';

/** What the till sold beyond the count of an item, waiting for its next recount. */
export async function recordDiscrepancy(
  tx: Executor,
  d: { establishmentId: string; cellarItemId: string; tillSaleId: string; unit: TillSaleUnit; missing: number },
): Promise<string> {
  // The statement's time, not the transaction's: a batch's discrepancies list in the order the till sold them.
  const [row] = await tx
    .insert(cellarDiscrepancies)
    .values({ ...d, createdAt: sql`clock_timestamp()` })
    .returning({ id: cellarDiscrepancies.id });
  if (!row) throw new Error('discrepancy not inserted');
  return row.id;
}

/** A recount settles the item's open discrepancies: the shelf is what it is now. */
export async function resolveDiscrepancies(tx: Executor, cellarItemId: string, movementId: string): Promise<void> {
  await tx
    .update(cellarDiscrepancies)
    .set({ resolvedAt: new Date(), resolvedByMovementId: movementId })
    .where(and(eq(cellarDiscrepancies.cellarItemId, cellarItemId), isNull(cellarDiscrepancies.resolvedAt)));
}

/** The establishment's open discrepancies, oldest first, with the wine's name. */
export async function openDiscrepancies(db: Executor, establishmentId: string, ids?: readonly string[]): Promise<CellarDiscrepancy[]> {
  const rows = await db
    .select({ d: cellarDiscrepancies, name: cellarItems.name })
    .from(cellarDiscrepancies)
    .innerJoin(cellarItems, eq(cellarItems.id, cellarDiscrepancies.cellarItemId))
    .where(and(eq(cellarDiscrepancies.establishmentId, establishmentId), isNull(cellarDiscrepancies.resolvedAt)))
    .orderBy(asc(cellarDiscrepancies.createdAt), asc(cellarDiscrepancies.id));
  return rows
    .filter(({ d }) => !ids || ids.includes(d.id))
    .map(({ d, name }) => ({
      id: d.id,
      cellar_item_id: d.cellarItemId,
      cellar_item_name: name,
      till_sale_id: d.tillSaleId,
      unit: d.unit,
      missing: d.missing,
      created_at: d.createdAt.toISOString(),
    }));
}
