import { centsToDecimal, toCents } from '../../../shared/money.js';
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
  const wines = new Map<string, WineDelivery>();
  for (const line of lines) {
    const key = line.wineId ?? `name:${line.wineName.trim().toLowerCase()}`;
    const wine = wines.get(key) ?? { wineId: line.wineId, name: line.wineName, quantity: 0, cents: 0 };
    wine.quantity += line.quantity;
    wine.cents += toCents(line.unitPrice) * line.quantity;
    wines.set(key, wine);
  }
  return [...wines.values()].filter((w) => w.quantity > 0);
}

/**
 * An order became `delivered`: its bottles go into the establishment's cellar, in the caller's transaction (the
 * one that changes the status, on the order's locked row: docs/decisions/0059). Each wine's item is created when
 * missing, with the order's unit price as its last cost (the average when a wine is on several lines) and the
 * supplier as its last supplier. Returns the items that changed.
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
    if (!after) throw new Error(`cellar item ${item.id} vanished during a delivery`);
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
      ...(order.at && { createdAt: order.at }),
    });
    changed.push(item.id);
  }
  return changed;
}

async function itemFor(tx: Executor, establishmentId: string, wine: WineDelivery, unitCost: string) {
  if (wine.wineId) {
    const existing = await repo.findItemByCatalogWine(tx, establishmentId, wine.wineId);
    if (existing) return existing;
    const facts = await repo.catalogWineFacts(tx, wine.wineId);
    return repo.ensureItemForCatalogWine(tx, {
      establishmentId,
      catalogWineId: wine.wineId,
      name: wine.name,
      producer: facts?.producer ?? null,
      vintage: facts?.vintage ?? null,
      lastUnitCost: unitCost,
    });
  }
  const byName = await repo.findUnlinkedItemByName(tx, establishmentId, wine.name);
  return byName ?? repo.insertItem(tx, { establishmentId, name: wine.name, lastUnitCost: unitCost });
}
