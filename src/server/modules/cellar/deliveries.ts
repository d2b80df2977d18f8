import { cellarCeilingMessage, deliveredWines, MAX_CELLAR_COUNT } from '../../../shared/cellar.js';
import { centsToDecimal, toCents } from '../../../shared/money.js';
import { badRequest } from '../../core/app-error.js';
import type { Executor } from '../../db/client.js';
import * as repo from './repository.js';

export interface DeliveredOrder {
  id: string;
  establishmentId: string;
  supplierId: string;
  /** Who marked it delivered. */
  userId: string | null;
  /** When the bottles arrived, for sample data written after the fact; now otherwise. */
  at?: Date;
}

export interface DeliveredLine {
  /** The catalogue wine; null once it was deleted (the line keeps its name). */
  wineId: string | null;
  wineName: string;
  quantity: number;
  /** numeric(12, 2) as the database reads it: "89.90". */
  unitPrice: string;
}

interface WineDelivery {
  wineId: string | null;
  name: string;
  quantity: number;
  cents: number;
}

/** Lines of one wine are one delivery (an order may list a wine twice): one ledger row per item and order. */
function byWine(lines: readonly DeliveredLine[]): WineDelivery[] {
  const asRead = lines.map((line) => ({ wine_id: line.wineId, wine_name: line.wineName, quantity: line.quantity, line }));
  return deliveredWines(asRead).map((wine) => ({
    wineId: wine.wine_id,
    name: wine.name,
    quantity: wine.quantity,
    cents: wine.lines.reduce((sum, { line }) => sum + toCents(line.unitPrice) * line.quantity, 0),
  }));
}

/**
 * An order became `delivered`: its bottles go into the establishment's cellar, in the caller's transaction (the
 * one that changes the status, on the order's locked row: docs/decisions/0059). Each wine's item is created when
 * missing, with the order's unit price as its last cost (the average when a wine is on several lines), the
 * supplier as its last supplier, the bottles ordered as its par level and the house's menu wines of that catalogue
 * wine drawing from it (docs/decisions/0078). A wine the delivery would take past MAX_CELLAR_COUNT refuses the whole
 * delivery with a 400 naming it: the caller's transaction rolls back, status included. Returns the items that changed.
 */
export async function fillCellarFromDelivery(tx: Executor, order: DeliveredOrder, lines: readonly DeliveredLine[]): Promise<string[]> {
  const changed: string[] = [];
  for (const wine of byWine(lines)) {
    const unitCost = centsToDecimal(Math.round(wine.cents / wine.quantity));
    const item = await itemFor(tx, order.establishmentId, wine, unitCost);
    const after = await repo.receiveBottles(tx, {
      cellarItemId: item.id,
      quantity: wine.quantity,
      unitCost,
      supplierId: order.supplierId,
    });
    if (!after) throw overCeiling(item, wine.quantity);
    await repo.insertMovement(tx, {
      cellarItemId: item.id,
      establishmentId: order.establishmentId,
      userId: order.userId,
      reason: 'delivery',
      delta: wine.quantity,
      doseDelta: 0,
      bottleDoses: null,
      onHandAfter: after.onHand,
      openBottleDosesAfter: after.openBottleDoses,
      orderId: order.id,
      note: null,
      costCents: wine.cents,
      ...(order.at && { createdAt: order.at }),
    });
    changed.push(item.id);
  }
  return changed;
}

function overCeiling(item: repo.CellarItemRow, quantity: number) {
  const detail = cellarCeilingMessage(item.name, item.onHand, quantity);
  return badRequest(detail, { status: detail });
}

async function itemFor(tx: Executor, establishmentId: string, wine: WineDelivery, unitCost: string) {
  if (wine.wineId) {
    const existing = await repo.findItemByCatalogWine(tx, establishmentId, wine.wineId);
    if (existing) return existing;
    const facts = await repo.catalogWineFacts(tx, wine.wineId);
    const producer = facts?.producer ?? null;
    const vintage = facts?.vintage ?? null;
    const { row, created } = await repo.ensureItemForCatalogWine(tx, {
      establishmentId,
      catalogWineId: wine.wineId,
      name: wine.name,
      producer,
      vintage,
      parLevel: Math.min(wine.quantity, MAX_CELLAR_COUNT),
      lastUnitCost: unitCost,
    });
    if (created) {
      const name = facts?.name ?? wine.name;
      await repo.linkMenuWinesOfCatalogWine(tx, { establishmentId, cellarItemId: row.id, name, producer, vintage });
    }
    return row;
  }
  const byName = await repo.findUnlinkedItemByName(tx, establishmentId, wine.name);
  return (
    byName ??
    repo.insertItem(tx, { establishmentId, name: wine.name, parLevel: Math.min(wine.quantity, MAX_CELLAR_COUNT), lastUnitCost: unitCost })
  );
}
