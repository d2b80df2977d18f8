import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { TILL_SALE_TEXTS, type TillSalesBatch, type TillSalesResult, type TillSaleUnit } from '../../../shared/till-sales.js';
import { badRequest } from '../../core/app-error.js';
import type { Caller } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { cellarItems, menuWines, tillProductCodes, tillSales, wineMenus } from '../../db/schema/index.js';
import { markNothingChanged } from '../audit/index.js';
import { openDiscrepancies, recordDiscrepancy } from './discrepancies.js';
import {
  announceStockChanges,
  glassesPerBottle,
  publicPagesChange,
  recordMovementEntry,
  sellGlass,
  targetEstablishment,
} from './movement-steps.js';
import * as repo from './repository.js';
import type { CellarDeps } from './service.js';

type Line = TillSalesBatch['sales'][number]['lines'][number];
interface Target {
  itemId: string;
  /** Glasses in a bottle of this wine, for lines sold by the glass. */
  doses: number;
}

/** The distinct values `pick` finds on the lines, looked up in one query (none when no line has one). */
async function itemsBy(
  lines: readonly Line[],
  pick: (line: Line) => string | undefined,
  query: (keys: string[]) => Promise<{ key: string | null; itemId: string | null }[]>,
): Promise<Map<string, string>> {
  const keys = [...new Set(lines.flatMap((line) => pick(line) ?? []))];
  if (keys.length === 0) return new Map();
  return new Map((await query(keys)).flatMap(({ key, itemId }) => (key && itemId ? [[key, itemId] as const] : [])));
}

/** Each line's cellar item, found before anything is written: a line naming no wine of this cellar refuses the batch. */
async function resolveTargets(db: Executor, establishmentId: string, batch: TillSalesBatch): Promise<Map<Line, Target>> {
  const lines = batch.sales.flatMap((sale) => sale.lines);
  const byMenuWine = await itemsBy(
    lines,
    (l) => l.menu_wine_id,
    (ids) =>
      db
        .select({ key: menuWines.id, itemId: menuWines.cellarItemId })
        .from(menuWines)
        .innerJoin(wineMenus, eq(wineMenus.id, menuWines.menuId))
        .where(and(inArray(menuWines.id, ids), eq(wineMenus.establishmentId, establishmentId), isNotNull(menuWines.cellarItemId))),
  );
  const byCatalogWine = await itemsBy(
    lines,
    (l) => l.catalog_wine_id,
    (ids) =>
      db
        .select({ key: cellarItems.catalogWineId, itemId: cellarItems.id })
        .from(cellarItems)
        .where(and(eq(cellarItems.establishmentId, establishmentId), inArray(cellarItems.catalogWineId, ids))),
  );
  const byCode = await itemsBy(
    lines,
    (l) => l.product_code,
    (codes) =>
      db
        .select({ key: tillProductCodes.code, itemId: tillProductCodes.cellarItemId })
        .from(tillProductCodes)
        .where(and(eq(tillProductCodes.establishmentId, establishmentId), inArray(tillProductCodes.code, codes))),
  );
  // Glasses per bottle, read once per wine sold by the glass however many lines sell it.
  const doses = new Map<string, Promise<number>>();
  const dosesOf = (itemId: string, menuWineId: string | null) => {
    const key = `${itemId} ${menuWineId ?? ''}`;
    if (!doses.has(key)) doses.set(key, glassesPerBottle(db, itemId, menuWineId));
    return doses.get(key) as Promise<number>;
  };
  const targets = new Map<Line, Target>();
  for (const [s, sale] of batch.sales.entries()) {
    for (const [l, line] of sale.lines.entries()) {
      const itemId = line.menu_wine_id
        ? byMenuWine.get(line.menu_wine_id)
        : line.product_code
          ? byCode.get(line.product_code)
          : byCatalogWine.get(line.catalog_wine_id ?? '');
      if (!itemId) {
        const field = line.menu_wine_id ? 'menu_wine_id' : line.product_code ? 'product_code' : 'catalog_wine_id';
        const message = line.product_code
          ? TILL_SALE_TEXTS.unknownCode(sale.till_sale_id, l + 1, line.product_code)
          : TILL_SALE_TEXTS.unknownWine(sale.till_sale_id, l + 1);
        throw badRequest(message, { [`sales.${s}.lines.${l}.${field}`]: message });
      }
      targets.set(line, { itemId, doses: line.unit === 'glass' ? await dosesOf(itemId, line.menu_wine_id ?? null) : 0 });
    }
  }
  return targets;
}

/** What a batch did, as its transaction ends: the sales recorded now or before, and the lines short of bottles. */
export interface TillBatchOutcome {
  recorded: string[];
  alreadyRecorded: string[];
  shortLines: { tillSaleId: string; lineIndex: number; cellarItemId: string; unit: TillSaleUnit; missing: number }[];
}

/** Written in the batch's own transaction (the spreadsheet import's checkpoint): the batch and it commit together. */
export type WithinBatch = (tx: Executor, outcome: TillBatchOutcome) => Promise<void>;

/**
 * A batch of the till's sales (issue 31), in one transaction: each sale once per its till id (a batch sent again, or
 * two at once, record it once), each line a `sale` or `glass_sale` movement. A line that would take the count below
 * zero takes it to zero and records the rest as a discrepancy for the next recount, instead of refusing the batch.
 */
export async function recordTillSales(
  db: Db,
  caller: Caller,
  establishmentId: string,
  batch: TillSalesBatch,
  deps: CellarDeps,
  within?: WithinBatch,
): Promise<TillSalesResult> {
  await targetEstablishment(db, caller, establishmentId, 'move');
  const targets = await resolveTargets(db, establishmentId, batch);
  const result = await db.transaction(async (tx) => {
    // Every item of the batch locked up front, in one order: two batches at once never wait on each other in a circle.
    const itemIds = [...new Set([...targets.values()].map((t) => t.itemId))].sort();
    await tx
      .select({ id: cellarItems.id })
      .from(cellarItems)
      .where(inArray(cellarItems.id, itemIds))
      .orderBy(asc(cellarItems.id))
      .for('update');
    const recorded: string[] = [];
    const alreadyRecorded: string[] = [];
    const discrepancyIds: string[] = [];
    const shortLines: TillBatchOutcome['shortLines'] = [];
    const moved: repo.CellarMovementRow[] = [];
    for (const sale of batch.sales) {
      const [fresh] = await tx
        .insert(tillSales)
        .values({ establishmentId, tillSaleId: sale.till_sale_id, soldAt: new Date(sale.sold_at) })
        .onConflictDoNothing()
        .returning({ id: tillSales.tillSaleId });
      if (!fresh) {
        alreadyRecorded.push(sale.till_sale_id);
        continue;
      }
      recorded.push(sale.till_sale_id);
      const note = `PDV: venda ${sale.till_sale_id}`;
      for (const [lineIndex, line] of sale.lines.entries()) {
        const target = targets.get(line) as Target;
        const movements =
          line.unit === 'bottle'
            ? await sellBottles(tx, caller, target, line.quantity, note)
            : await sellGlasses(tx, caller, target, line.quantity, note);
        moved.push(...movements);
        // A bottle line is one movement of its bottles; a glass line one movement per glass.
        const sold = line.unit === 'bottle' ? -(movements[0]?.delta ?? 0) : movements.length;
        if (sold < line.quantity) {
          shortLines.push({
            tillSaleId: sale.till_sale_id,
            lineIndex,
            cellarItemId: target.itemId,
            unit: line.unit,
            missing: line.quantity - sold,
          });
          discrepancyIds.push(
            await recordDiscrepancy(tx, {
              establishmentId,
              cellarItemId: target.itemId,
              tillSaleId: sale.till_sale_id,
              unit: line.unit,
              missing: line.quantity - sold,
            }),
          );
        }
      }
    }
    await announceStockChanges(tx, deps.webhooks, moved);
    await within?.(tx, { recorded, alreadyRecorded, shortLines });
    return { recorded, alreadyRecorded, discrepancyIds, moved };
  });
  if (await pagesChange(db, result.moved)) deps.onPublicChange(establishmentId);
  // A batch sent again changes nothing, and owes the audit trail nothing.
  if (result.recorded.length === 0) markNothingChanged();
  return {
    recorded: result.recorded,
    already_recorded: result.alreadyRecorded,
    discrepancies: result.discrepancyIds.length ? await openDiscrepancies(db, establishmentId, result.discrepancyIds) : [],
  };
}

/**
 * Does any of the batch's movements change what a public page shows? As for one movement (publicPagesChange): a till
 * selling the 30th bottle twenty times a second must not drop the cached menu twenty times a second.
 */
async function pagesChange(db: Executor, movements: readonly repo.CellarMovementRow[]): Promise<boolean> {
  const thresholds = new Map<string, number | null>();
  for (const m of movements) {
    if (!thresholds.has(m.cellarItemId)) thresholds.set(m.cellarItemId, await repo.maxLowStockThreshold(db, m.cellarItemId));
    if (publicPagesChange(m, thresholds.get(m.cellarItemId) ?? null)) return true;
  }
  return false;
}

/** Up to `quantity` bottles off the shelf (as many as it has), as one movement. */
async function sellBottles(
  tx: Executor,
  caller: Caller,
  target: Target,
  quantity: number,
  note: string,
): Promise<repo.CellarMovementRow[]> {
  const item = await repo.lockItem(tx, target.itemId);
  const sold = Math.min(quantity, item?.onHand ?? 0);
  if (!item || sold === 0) return [];
  const movement = await repo.setCountsAndRecord(tx, {
    cellarItemId: item.id,
    establishmentId: item.establishmentId,
    userId: caller.id,
    reason: 'sale',
    delta: -sold,
    doseDelta: 0,
    bottleDoses: null,
    onHandAfter: item.onHand - sold,
    openBottleDosesAfter: item.openBottleDoses,
    orderId: null,
    note,
  });
  await recordMovementEntry(tx, caller, movement);
  return [movement];
}

/** Up to `quantity` glasses, one movement each (opening bottles as they empty). */
async function sellGlasses(
  tx: Executor,
  caller: Caller,
  target: Target,
  quantity: number,
  note: string,
): Promise<repo.CellarMovementRow[]> {
  const poured: repo.CellarMovementRow[] = [];
  while (poured.length < quantity) {
    const movement = await sellGlass(tx, caller, target.itemId, target.doses, note);
    if (!movement) break;
    await recordMovementEntry(tx, caller, movement);
    poured.push(movement);
  }
  return poured;
}
