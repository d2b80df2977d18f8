import type { ActionOf } from '../../../shared/access-policy.js';
import {
  CELLAR_MESSAGES,
  type CellarCount,
  type CellarItem,
  type CellarItemCreate,
  type CellarItemUpdate,
  type CellarMovement,
  type CellarMovementInput,
  type CellarMovementResult,
  type CellarStatus,
  cellarCeilingMessage,
  cellarStatus,
} from '../../../shared/cellar.js';
import { centsToDecimal, toCents } from '../../../shared/money.js';
import type { TillSalesBatch } from '../../../shared/till-sales.js';
import { badRequest, conflict, notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller, coversEstablishment } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { recordWrite } from '../audit/index.js';
import type { OnPublicChange } from '../establishments/index.js';
import type { WebhookOutbox } from '../webhooks/index.js';
import { openDiscrepancies, resolveDiscrepancies } from './discrepancies.js';
import { cellarFigures } from './figures.js';
import {
  announceStockChanges,
  glassesPerBottle,
  publicPagesChange,
  recordMovementEntry,
  sellGlass,
  targetEstablishment,
} from './movement-steps.js';
import { reorderSuggestion } from './reorder.js';
import * as repo from './repository.js';
import { deleteTillCode, listTillCodes, saveTillCode } from './till-codes.js';
import { recordTillSales, type WithinBatch } from './till-sales.js';

export interface CellarDeps {
  /** Drops the establishment's cached public pages (in every process): counts show on the public menu. */
  onPublicChange: OnPublicChange;
  /** Tells the establishment's webhooks of items at their par level or sold out (issue 31). */
  webhooks?: WebhookOutbox;
}

type Action = ActionOf<'cellar'>;
const DUPLICATE_WINE_INDEX = 'cellar_items_establishment_catalog_wine_key';

// ── DTOs ────────────────────────────────────────────────────────────────────

const money = (value: string | null) => (value === null ? null : centsToDecimal(toCents(value)));

export function toItemDto(row: repo.CellarItemListRow, linked: readonly repo.LinkedMenuWineRow[]): CellarItem {
  return {
    id: row.id,
    establishment_id: row.establishmentId,
    catalog_wine_id: row.catalogWineId,
    name: row.name,
    producer: row.producer,
    vintage: row.vintage,
    on_hand: row.onHand,
    open_bottle_doses: row.openBottleDoses,
    par_level: row.parLevel,
    case_size: row.caseSize === 6 || row.caseSize === 12 ? row.caseSize : null,
    last_unit_cost: money(row.lastUnitCost),
    last_supplier_id: row.lastSupplierId,
    last_supplier_name: row.lastSupplierName,
    status: statusOf(row),
    last_movement_at: row.lastMovementAt?.toISOString() ?? null,
    menu_wines: linked
      .filter((w) => w.cellarItemId === row.id)
      .map((w) => ({
        id: w.id,
        menu_id: w.menuId,
        menu_name: w.menuName,
        name: w.name,
        price: w.price,
        by_the_glass: w.byTheGlass,
        glass_doses: w.glassDoses,
      })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const statusOf = (row: { onHand: number; openBottleDoses: number; parLevel: number }): CellarStatus =>
  cellarStatus({ on_hand: row.onHand, open_bottle_doses: row.openBottleDoses, par_level: row.parLevel });

export function toMovementDto(row: repo.CellarMovementRow, userName: string | null): CellarMovement {
  return {
    id: row.id,
    cellar_item_id: row.cellarItemId,
    reason: row.reason,
    delta: row.delta,
    dose_delta: row.doseDelta,
    bottle_doses: row.bottleDoses,
    on_hand_after: row.onHandAfter,
    open_bottle_doses_after: row.openBottleDosesAfter,
    order_id: row.orderId,
    note: row.note,
    user_id: row.userId,
    user_name: userName,
    created_at: row.createdAt.toISOString(),
  };
}

// ── Access ──────────────────────────────────────────────────────────────────

/** The item, if the caller may see it (404 otherwise) and do `action` on it (403 otherwise). */
async function loadItem(db: Executor, caller: Caller, id: string, action: Action): Promise<repo.CellarItemListRow> {
  const item = await repo.findItem(db, id);
  if (!item || !coversEstablishment(caller, 'cellar', 'read', item.establishmentId)) throw notFound(CELLAR_MESSAGES.notFound);
  assertEstablishmentAccess(caller, 'cellar', action, item.establishmentId, CELLAR_MESSAGES.notFound);
  return item;
}

async function itemDto(db: Executor, id: string): Promise<CellarItem> {
  const row = await repo.findItem(db, id);
  if (!row) throw notFound(CELLAR_MESSAGES.notFound);
  return toItemDto(row, await repo.linkedMenuWines(db, [id]));
}

// ── Items ───────────────────────────────────────────────────────────────────

export async function listItems(db: Db, caller: Caller, establishmentId: string): Promise<CellarItem[]> {
  await targetEstablishment(db, caller, establishmentId, 'read');
  const rows = await repo.listItems(db, establishmentId);
  const linked = await repo.linkedMenuWines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toItemDto(row, linked));
}

async function checkCatalogWine(db: Executor, catalogWineId: string | null): Promise<void> {
  if (catalogWineId && !(await repo.catalogWineExists(db, catalogWineId))) {
    throw badRequest(CELLAR_MESSAGES.wineNotFound, { catalog_wine_id: CELLAR_MESSAGES.wineNotFound });
  }
}

/** The columns of an item its form sets (its count is set by movements). */
const itemValues = (input: CellarItemUpdate) => ({
  catalogWineId: input.catalog_wine_id,
  name: input.name,
  producer: input.producer,
  vintage: input.vintage,
  parLevel: input.par_level,
  caseSize: input.case_size,
  lastUnitCost: input.last_unit_cost === null ? null : String(input.last_unit_cost),
});

const duplicateWine = () => conflict(CELLAR_MESSAGES.duplicateWine, { catalog_wine_id: CELLAR_MESSAGES.duplicateWine });

/** A new item; a starting count above zero is its first ledger row (a `count`), like any other change of the count. */
export async function createItem(db: Db, caller: Caller, establishmentId: string, input: CellarItemCreate): Promise<CellarItem> {
  await targetEstablishment(db, caller, establishmentId, 'create');
  await checkCatalogWine(db, input.catalog_wine_id);
  try {
    const id = await db.transaction(async (tx) => {
      const row = await repo.insertItem(tx, { establishmentId, ...itemValues(input) });
      await recordWrite(tx, caller, {
        kind: 'cellar_item',
        id: row.id,
        action: 'create',
        establishmentId,
        after: { ...row, onHand: input.on_hand },
      });
      if (input.on_hand > 0) {
        await repo.setCountsAndRecord(tx, {
          cellarItemId: row.id,
          establishmentId,
          userId: caller.id,
          reason: 'count',
          delta: input.on_hand,
          doseDelta: 0,
          bottleDoses: null,
          onHandAfter: input.on_hand,
          openBottleDosesAfter: 0,
          orderId: null,
          note: null,
        });
      }
      return row.id;
    });
    return itemDto(db, id);
  } catch (err) {
    if (isUniqueViolation(err, DUPLICATE_WINE_INDEX)) throw duplicateWine();
    throw err;
  }
}

/** Name, par, case size, cost and catalogue link; the count is not here (movements change it). */
export async function updateItem(db: Db, caller: Caller, id: string, input: CellarItemUpdate): Promise<CellarItem> {
  await loadItem(db, caller, id, 'update');
  await checkCatalogWine(db, input.catalog_wine_id);
  try {
    const values = itemValues(input);
    const updated = await db.transaction(async (tx) => {
      const before = await repo.lockItem(tx, id);
      if (!before || !(await repo.updateItem(tx, id, values))) return undefined;
      await recordWrite(tx, caller, {
        kind: 'cellar_item',
        id,
        action: 'update',
        establishmentId: before.establishmentId,
        before,
        after: { ...before, ...values },
        only: Object.keys(values),
      });
      return true;
    });
    if (!updated) throw notFound(CELLAR_MESSAGES.notFound);
  } catch (err) {
    if (isUniqueViolation(err, DUPLICATE_WINE_INDEX)) throw duplicateWine();
    throw err;
  }
  return itemDto(db, id);
}

// ── Movements ───────────────────────────────────────────────────────────────

const insufficient = () => conflict(CELLAR_MESSAGES.insufficient);

/**
 * Records one movement and answers the new count (docs/decisions/0059). Bottles in or out: one conditional
 * statement. A recount or a glass sale reads the count it changes: under the item's row lock.
 */
export async function recordMovement(
  db: Db,
  caller: Caller,
  itemId: string,
  input: CellarMovementInput,
  deps: CellarDeps,
): Promise<CellarMovementResult> {
  const item = await repo.findItemRef(db, itemId);
  if (!item || !coversEstablishment(caller, 'cellar', 'read', item.establishmentId)) throw notFound(CELLAR_MESSAGES.notFound);
  assertEstablishmentAccess(caller, 'cellar', 'move', item.establishmentId, CELLAR_MESSAGES.notFound);
  const doses = input.reason === 'glass_sale' ? await glassesPerBottle(db, item.id, input.menu_wine_id ?? null) : 0;
  // The movement and its audit entry in one transaction (issue 29).
  const movement: repo.CellarMovementRow | repo.AddedBottles | undefined = await db.transaction(async (tx) => {
    const moved =
      input.reason === 'count'
        ? await recount(tx, caller, item.id, input.counted ?? 0, input.note)
        : input.reason === 'glass_sale'
          ? await sellGlass(tx, caller, item.id, doses, input.note)
          : await repo.addBottles(tx, {
              cellarItemId: item.id,
              userId: caller.id,
              reason: input.reason,
              delta: input.delta ?? 0,
              note: input.note,
            });
    if (moved) {
      await recordMovementEntry(tx, caller, moved);
      await announceStockChanges(tx, deps.webhooks, [moved]);
    }
    return moved;
  });
  if (!movement) {
    const now = await repo.findItem(db, item.id);
    if (!now) throw notFound(CELLAR_MESSAGES.notFound);
    const delta = input.delta ?? 0;
    if (delta > 0) {
      const detail = cellarCeilingMessage(now.name, now.onHand, delta);
      throw badRequest(detail, { delta: detail });
    }
    throw insufficient();
  }
  const known = 'threshold' in movement ? (movement as repo.AddedBottles) : undefined;
  const threshold = known ? known.threshold : await repo.maxLowStockThreshold(db, item.id);
  if (publicPagesChange(movement, threshold)) deps.onPublicChange(item.establishmentId);
  return {
    on_hand: movement.onHandAfter,
    open_bottle_doses: movement.openBottleDosesAfter,
    status: statusOf({ onHand: movement.onHandAfter, openBottleDoses: movement.openBottleDosesAfter, parLevel: item.parLevel }),
    movement: toMovementDto(movement, known ? known.userName : await repo.userNameOf(db, caller.id)),
  };
}

function recount(db: Executor, caller: Caller, itemId: string, counted: number, note: string | null) {
  return db.transaction(async (tx) => {
    const locked = await repo.lockItem(tx, itemId);
    if (!locked) return undefined;
    // A recount settles what the till sold beyond the count (till-sales.ts): the shelf is what it is now.
    const counts = await repo.setCountsAndRecord(tx, {
      cellarItemId: locked.id,
      establishmentId: locked.establishmentId,
      userId: caller.id,
      reason: 'count',
      delta: counted - locked.onHand,
      doseDelta: 0,
      bottleDoses: null,
      onHandAfter: counted,
      openBottleDosesAfter: locked.openBottleDoses,
      orderId: null,
      note,
    });
    await resolveDiscrepancies(tx, locked.id, counts.id);
    return counts;
  });
}

export async function listMovements(db: Db, caller: Caller, itemId: string): Promise<CellarMovement[]> {
  await loadItem(db, caller, itemId, 'read');
  const rows = await repo.listMovements(db, itemId);
  return rows.map((row) => toMovementDto(row, row.userName));
}

// ── Reads for other modules ─────────────────────────────────────────────────

/**
 * The counts of these cellar items, by id (for the public menu and the menu editor). No access check: the caller
 * passes ids it read from rows it may see (a menu's wines).
 */
export async function cellarCountsFor(db: Executor, itemIds: readonly string[]): Promise<Map<string, CellarCount>> {
  const rows = await repo.countsOf(db, [...new Set(itemIds)]);
  return new Map(rows.map((r) => [r.id, { id: r.id, on_hand: r.onHand, open_bottle_doses: r.openBottleDoses }]));
}

/** May the caller link menu wines to this item? True when it belongs to the establishment given. */
export async function cellarItemBelongsTo(db: Executor, itemId: string, establishmentId: string): Promise<boolean> {
  const item = await repo.findItem(db, itemId);
  return item?.establishmentId === establishmentId;
}

// ── Reorder and figures ─────────────────────────────────────────────────────

export async function reorder(db: Db, caller: Caller, establishmentId: string) {
  await targetEstablishment(db, caller, establishmentId, 'read');
  return reorderSuggestion(await repo.listItems(db, establishmentId));
}

export async function figures(db: Db, caller: Caller, establishmentId: string, days: number, now = new Date()) {
  await targetEstablishment(db, caller, establishmentId, 'read');
  const items = await repo.listItems(db, establishmentId);
  const [linked, movements] = await Promise.all([
    repo.linkedMenuWines(
      db,
      items.map((i) => i.id),
    ),
    repo.movementsSince(db, establishmentId, new Date(now.getTime() - days * 86_400_000)),
  ]);
  return cellarFigures({ items, linked, movements, days, now });
}

// ── The service ─────────────────────────────────────────────────────────────

export function createCellarService(deps: CellarDeps & { db: Db }) {
  const { db } = deps;
  return {
    listItems: (caller: Caller, establishmentId: string) => listItems(db, caller, establishmentId),
    createItem: (caller: Caller, establishmentId: string, input: CellarItemCreate) => createItem(db, caller, establishmentId, input),
    updateItem: (caller: Caller, id: string, input: CellarItemUpdate) => updateItem(db, caller, id, input),
    recordMovement: (caller: Caller, itemId: string, input: CellarMovementInput) => recordMovement(db, caller, itemId, input, deps),
    listMovements: (caller: Caller, itemId: string) => listMovements(db, caller, itemId),
    reorder: (caller: Caller, establishmentId: string) => reorder(db, caller, establishmentId),
    figures: (caller: Caller, establishmentId: string, days: number) => figures(db, caller, establishmentId, days),
    recordTillSales: (caller: Caller, establishmentId: string, batch: TillSalesBatch, within?: WithinBatch) =>
      recordTillSales(db, caller, establishmentId, batch, deps, within),
    tillCodes: (caller: Caller, establishmentId: string) => listTillCodes(db, caller, establishmentId),
    saveTillCode: (caller: Caller, establishmentId: string, input: { code: string; cellar_item_id: string }) =>
      saveTillCode(db, caller, establishmentId, input),
    deleteTillCode: (caller: Caller, establishmentId: string, code: string) => deleteTillCode(db, caller, establishmentId, code),
    async discrepancies(caller: Caller, establishmentId: string) {
      await targetEstablishment(db, caller, establishmentId, 'read');
      return openDiscrepancies(db, establishmentId);
    },
  };
}
export type CellarService = ReturnType<typeof createCellarService>;
