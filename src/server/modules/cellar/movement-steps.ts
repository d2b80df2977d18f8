import type { ActionOf } from '../../../shared/access-policy.js';
import { CELLAR_MESSAGES, cellarStatus, DEFAULT_GLASS_DOSES, publicStockKey } from '../../../shared/cellar.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { badRequest, notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller } from '../../core/caller.js';
import type { Executor } from '../../db/client.js';
import { recordWrite } from '../audit/index.js';
import type { WebhookOutbox } from '../webhooks/index.js';
import * as repo from './repository.js';

// The steps a movement is made of, shared by a person's movement (service.ts) and the till's batches (till-sales.ts).

type Action = ActionOf<'cellar'>;

/** An establishment the caller may `action` in the cellar of: 404 outside what it reads, 403 when it may only read. */
export async function targetEstablishment(db: Executor, caller: Caller, establishmentId: string, action: Action): Promise<void> {
  assertEstablishmentAccess(caller, 'cellar', action, establishmentId, ESTABLISHMENT_NOT_FOUND);
  if (!(await repo.establishmentExists(db, establishmentId))) throw notFound(ESTABLISHMENT_NOT_FOUND);
}

/** A movement as the audit trail keeps it: the reason and the count before → after. */
export function recordMovementEntry(tx: Executor, caller: Caller, m: repo.CellarMovementRow): Promise<void> {
  return recordWrite(tx, caller, {
    kind: 'cellar_item',
    id: m.cellarItemId,
    action: 'move',
    establishmentId: m.establishmentId,
    extra: [
      { field: 'reason', new: m.reason },
      { field: 'onHand', old: m.onHandAfter - m.delta, new: m.onHandAfter },
      ...(m.doseDelta !== 0 ? [{ field: 'openBottleDoses', old: m.openBottleDosesAfter - m.doseDelta, new: m.openBottleDosesAfter }] : []),
    ],
  });
}

/** The glasses in one bottle: the menu wine sold (it must draw from this item), else the first linked wine sold by the glass. */
export async function glassesPerBottle(db: Executor, itemId: string, menuWineId: string | null): Promise<number> {
  const linked = await repo.linkedMenuWines(db, [itemId]);
  if (menuWineId) {
    const wine = linked.find((w) => w.id === menuWineId);
    if (!wine) throw badRequest(CELLAR_MESSAGES.menuWineNotLinked, { menu_wine_id: CELLAR_MESSAGES.menuWineNotLinked });
    return wine.glassDoses;
  }
  return linked.find((w) => w.byTheGlass)?.glassDoses ?? DEFAULT_GLASS_DOSES;
}

/** One glass from the open bottle; with none open, a bottle leaves on_hand and its other glasses stay open. */
export function sellGlass(db: Executor, caller: Caller, itemId: string, doses: number, note: string | null) {
  return db.transaction(async (tx) => {
    const locked = await repo.lockItem(tx, itemId);
    if (!locked) return undefined;
    const opens = locked.openBottleDoses === 0;
    if (opens && locked.onHand < 1) return undefined;
    return repo.setCountsAndRecord(tx, {
      cellarItemId: locked.id,
      establishmentId: locked.establishmentId,
      userId: caller.id,
      reason: 'glass_sale',
      delta: opens ? -1 : 0,
      doseDelta: opens ? doses - 1 : -1,
      bottleDoses: doses,
      onHandAfter: opens ? locked.onHand - 1 : locked.onHand,
      openBottleDosesAfter: opens ? doses - 1 : locked.openBottleDoses - 1,
      orderId: null,
      note,
    });
  });
}

/**
 * Does this movement change what a public page shows? Only when the count, as the menus showing the item see it
 * (publicStockKey at their highest threshold), differs before and after: a sale of the 30th bottle leaves every page
 * as it was, and its cached copies keep serving (decision 0059). An item no menu shows changes no page.
 */
export function publicPagesChange(m: repo.CellarMovementRow, threshold: number | null): boolean {
  if (threshold === null) return false;
  const before = publicStockKey(m.onHandAfter - m.delta, m.openBottleDosesAfter - m.doseDelta, threshold);
  return before !== publicStockKey(m.onHandAfter, m.openBottleDosesAfter, threshold);
}

/** What a movement tells the establishment's webhooks: the item fell to its par level, or its last bottle went. */
function stockEvent(m: repo.CellarMovementRow, parLevel: number): 'cellar.low' | 'cellar.sold_out' | undefined {
  const before = cellarStatus({
    on_hand: m.onHandAfter - m.delta,
    open_bottle_doses: m.openBottleDosesAfter - m.doseDelta,
    par_level: parLevel,
  });
  const after = cellarStatus({ on_hand: m.onHandAfter, open_bottle_doses: m.openBottleDosesAfter, par_level: parLevel });
  if (after === 'sold_out' && before !== 'sold_out') return 'cellar.sold_out';
  if (after === 'low' && before === 'ok') return 'cellar.low';
  return undefined;
}

/**
 * Movements that take an item to its par level or sell its last bottle become `cellar.low` and `cellar.sold_out`
 * events (issue 31), in the movements' transaction: a batch that rolls back tells nobody.
 */
export async function announceStockChanges(
  tx: Executor,
  webhooks: WebhookOutbox | undefined,
  movements: readonly repo.CellarMovementRow[],
): Promise<void> {
  if (!webhooks) return;
  const items = new Map<string, Awaited<ReturnType<typeof repo.findItemRef>>>();
  for (const m of movements) {
    if (!items.has(m.cellarItemId)) items.set(m.cellarItemId, await repo.findItemRef(tx, m.cellarItemId));
    const item = items.get(m.cellarItemId);
    const event = item && stockEvent(m, item.parLevel);
    if (!item || !event) continue;
    await webhooks.record(tx, {
      establishmentId: m.establishmentId,
      event,
      recordKey: `cellar_item:${m.cellarItemId}`,
      data: {
        item: { id: item.id, name: item.name, on_hand: m.onHandAfter, open_bottle_doses: m.openBottleDosesAfter, par_level: item.parLevel },
        movement: { id: m.id, reason: m.reason, delta: m.delta, note: m.note },
      },
    });
  }
}
