import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { type CellarMovementReason, MAX_CELLAR_COUNT } from '../../../shared/cellar.js';
import { toCents } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import { firstRow } from '../../db/records.js';
import {
  catalogWines,
  cellarItems,
  cellarMovements,
  establishments,
  menuWines,
  suppliers,
  users,
  wineMenus,
} from '../../db/schema/index.js';

export type CellarItemRow = typeof cellarItems.$inferSelect;
export type CellarItemValues = Omit<typeof cellarItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type CellarMovementRow = typeof cellarMovements.$inferSelect;

export interface CellarItemListRow extends CellarItemRow {
  lastSupplierName: string | null;
  lastMovementAt: Date | null;
}

export interface LinkedMenuWineRow {
  id: string;
  cellarItemId: string;
  menuId: string;
  menuName: string;
  name: string;
  price: number;
  byTheGlass: boolean;
  glassDoses: number;
}

/** Far more wines than any cellar holds; a list is bounded all the same. */
export const LIST_LIMIT = 5000;
export const MOVEMENT_LIST_LIMIT = 500;

const lastMovementAt =
  sql<Date | null>`(select max(m.created_at) from ${cellarMovements} m where m.cellar_item_id = "cellar_items"."id")`.mapWith((v) =>
    v === null ? null : new Date(v as string),
  );

function itemQuery(db: Executor) {
  return db
    .select({ item: cellarItems, lastSupplierName: suppliers.companyName, lastMovementAt })
    .from(cellarItems)
    .leftJoin(suppliers, eq(suppliers.id, cellarItems.lastSupplierId));
}

const toListRow = (r: { item: CellarItemRow; lastSupplierName: string | null; lastMovementAt: Date | null }): CellarItemListRow => ({
  ...r.item,
  lastSupplierName: r.lastSupplierName,
  lastMovementAt: r.lastMovementAt,
});

export async function listItems(db: Executor, establishmentId: string): Promise<CellarItemListRow[]> {
  const rows = await itemQuery(db)
    .where(eq(cellarItems.establishmentId, establishmentId))
    .orderBy(asc(cellarItems.name), asc(cellarItems.id))
    .limit(LIST_LIMIT);
  return rows.map(toListRow);
}

export async function findItem(db: Executor, id: string): Promise<CellarItemListRow | undefined> {
  const [row] = await itemQuery(db).where(eq(cellarItems.id, id)).limit(1);
  return row && toListRow(row);
}

/** What a movement needs to know of the item before it writes: whose it is and its par (and its name, for webhooks). */
export async function findItemRef(db: Executor, id: string) {
  const [row] = await db
    .select({ id: cellarItems.id, establishmentId: cellarItems.establishmentId, name: cellarItems.name, parLevel: cellarItems.parLevel })
    .from(cellarItems)
    .where(eq(cellarItems.id, id))
    .limit(1);
  return row;
}

/** Locks the item until the transaction ends: recounts and glass sales read the count they change. */
export async function lockItem(tx: Executor, id: string): Promise<CellarItemRow | undefined> {
  const [row] = await tx.select().from(cellarItems).where(eq(cellarItems.id, id)).for('update');
  return row;
}

export async function findItemByCatalogWine(db: Executor, establishmentId: string, catalogWineId: string) {
  return firstRow(db, cellarItems, and(eq(cellarItems.establishmentId, establishmentId), eq(cellarItems.catalogWineId, catalogWineId)));
}

/** An item with no catalogue wine, by name (case and spacing aside): where a delivery of a deleted catalogue wine goes. */
export async function findUnlinkedItemByName(db: Executor, establishmentId: string, name: string) {
  const [row] = await db
    .select()
    .from(cellarItems)
    .where(
      and(
        eq(cellarItems.establishmentId, establishmentId),
        isNull(cellarItems.catalogWineId),
        sql`lower(btrim(${cellarItems.name})) = lower(btrim(${name}))`,
      ),
    )
    .orderBy(asc(cellarItems.createdAt))
    .limit(1);
  return row;
}

export async function insertItem(db: Executor, values: CellarItemValues): Promise<CellarItemRow> {
  const [row] = await db.insert(cellarItems).values(values).returning();
  if (!row) throw new Error('cellar item not created');
  return row;
}

/**
 * The establishment's item for a catalogue wine, created when missing (`created`: this call inserted it). Two
 * deliveries of the same new wine at once both reach the unique index: the loser does nothing and reads the winner's
 * row.
 */
export async function ensureItemForCatalogWine(
  db: Executor,
  values: CellarItemValues & { catalogWineId: string },
): Promise<{ row: CellarItemRow; created: boolean }> {
  const [inserted] = await db
    .insert(cellarItems)
    .values(values)
    .onConflictDoNothing({
      target: [cellarItems.establishmentId, cellarItems.catalogWineId],
      where: sql`${cellarItems.catalogWineId} IS NOT NULL`,
    })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const row = await findItemByCatalogWine(db, values.establishmentId, values.catalogWineId);
  if (!row) throw new Error('cellar item for catalogue wine not found after insert');
  return { row, created: false };
}

/**
 * Links the establishment's menu wines that are this catalogue wine (same name, producer and vintage, case and
 * spacing aside: what "Importar do catálogo" copies) and draw from no cellar item yet to this item.
 */
export async function linkMenuWinesOfCatalogWine(
  db: Executor,
  m: { establishmentId: string; cellarItemId: string; name: string; producer: string | null; vintage: number | null },
): Promise<number> {
  const same = (column: typeof menuWines.name | typeof menuWines.producer, value: string | null) =>
    sql`lower(btrim(coalesce(${column}, ''))) = lower(btrim(coalesce(${value}::text, '')))`;
  const rows = await db
    .update(menuWines)
    .set({ cellarItemId: m.cellarItemId, updatedAt: sql`now()` })
    .where(
      and(
        isNull(menuWines.cellarItemId),
        inArray(menuWines.menuId, db.select({ id: wineMenus.id }).from(wineMenus).where(eq(wineMenus.establishmentId, m.establishmentId))),
        same(menuWines.name, m.name),
        same(menuWines.producer, m.producer),
        sql`${menuWines.vintage} is not distinct from ${m.vintage}::integer`,
      ),
    )
    .returning({ id: menuWines.id });
  return rows.length;
}

export async function updateItem(
  db: Executor,
  id: string,
  values: Partial<Omit<CellarItemValues, 'establishmentId' | 'onHand' | 'openBottleDoses'>>,
): Promise<boolean> {
  const rows = await db
    .update(cellarItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cellarItems.id, id))
    .returning({ id: cellarItems.id });
  return rows.length > 0;
}

export interface MovementValues {
  cellarItemId: string;
  establishmentId: string;
  userId: string | null;
  reason: CellarMovementReason;
  delta: number;
  doseDelta: number;
  bottleDoses: number | null;
  onHandAfter: number;
  openBottleDosesAfter: number;
  orderId: string | null;
  note: string | null;
  /** What the movement cost in centavos (a delivery's price paid); absent: at the item's average (costAtAverage). */
  costCents?: number | null;
  createdAt?: Date;
}

export interface AddedBottles extends CellarMovementRow {
  /** maxLowStockThreshold() of the item, read in the same statement. */
  threshold: number | null;
  /** userNameOf() the writer, read in the same statement. */
  userName: string | null;
}

/**
 * Adds `delta` bottles and writes its ledger row in one statement: the UPDATE only matches while the count stays at
 * or above zero, and PostgreSQL re-checks that condition on the newest row after waiting for a concurrent writer's
 * lock, so twenty concurrent −1 on five bottles make exactly five rows. The same statement reads what the answer and
 * the page cache need (the writer's name, the menus' threshold): one round trip for the service's busiest write.
 * Undefined: the item is missing, or the count would go below zero or above MAX_CELLAR_COUNT (the caller tells
 * which).
 */
export async function addBottles(
  db: Executor,
  m: { cellarItemId: string; userId: string | null; reason: CellarMovementReason; delta: number; note: string | null },
): Promise<AddedBottles | undefined> {
  const result = await db.execute(sql`
    with moved as (
      update ${cellarItems} set on_hand = on_hand + ${m.delta}, updated_at = now()
      where id = ${m.cellarItemId} and on_hand + ${m.delta} between 0 and ${MAX_CELLAR_COUNT}
      returning id, establishment_id, on_hand, open_bottle_doses, ${unitCostCents} as unit_cost
    ), recorded as (
      insert into ${cellarMovements}
        (cellar_item_id, establishment_id, user_id, reason, delta, dose_delta, on_hand_after, open_bottle_doses_after, note,
          cost_cents, created_at)
      select id, establishment_id, ${m.userId}::uuid, ${m.reason}, ${m.delta}, 0, on_hand, open_bottle_doses, ${m.note}::text,
        case when ${m.reason} = 'count' then null else unit_cost * ${Math.abs(m.delta)} end, clock_timestamp()
      from moved
      returning id, created_at, on_hand_after, open_bottle_doses_after, establishment_id, cost_cents
    )
    select r.id, (extract(epoch from r.created_at) * 1000)::float8 as created_ms, r.on_hand_after, r.cost_cents,
      r.open_bottle_doses_after, r.establishment_id,
      (select max(wm.low_stock_threshold) from ${menuWines} mw join ${wineMenus} wm on wm.id = mw.menu_id
        where mw.cellar_item_id = ${m.cellarItemId}) as threshold,
      (select coalesce(nullif(u.name, ''), u.email) from ${users} u where u.id = ${m.userId}::uuid) as user_name
    from recorded r`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return undefined;
  return {
    id: String(row.id),
    cellarItemId: m.cellarItemId,
    establishmentId: String(row.establishment_id),
    userId: m.userId,
    reason: m.reason,
    delta: m.delta,
    doseDelta: 0,
    bottleDoses: null,
    onHandAfter: Number(row.on_hand_after),
    openBottleDosesAfter: Number(row.open_bottle_doses_after),
    orderId: null,
    note: m.note,
    costCents: row.cost_cents === null || row.cost_cents === undefined ? null : Number(row.cost_cents),
    createdAt: new Date(Number(row.created_ms)),
    threshold: row.threshold === null || row.threshold === undefined ? null : Number(row.threshold),
    userName: row.user_name === null || row.user_name === undefined ? null : String(row.user_name),
  };
}

/** Sets the item's counts (its row must be locked by this transaction) and writes the ledger row. */
export async function setCountsAndRecord(db: Executor, m: MovementValues): Promise<CellarMovementRow> {
  await db
    .update(cellarItems)
    .set({ onHand: m.onHandAfter, openBottleDoses: m.openBottleDosesAfter, updatedAt: sql`now()` })
    .where(eq(cellarItems.id, m.cellarItemId));
  return insertMovement(db, m);
}

/** A bottle's cost now (issue 32): the weighted average over deliveries, the last unit cost before the first one. */
export const unitCostCents = sql<number | null>`coalesce(${cellarItems.avgCostCents}, round(${cellarItems.lastUnitCost} * 100)::integer)`;

/**
 * What a movement out of the cellar cost, at the item's average then (a glass: its share of the bottle); a recount
 * moves no money. A delivery says what it paid itself.
 */
function costAtAverage(m: MovementValues) {
  if (m.reason === 'count') return null;
  const unit = sql`(select ${unitCostCents} from ${cellarItems} where ${cellarItems.id} = ${m.cellarItemId})`;
  if (m.reason === 'glass_sale') return sql`round(${unit}::numeric / ${Math.max(1, m.bottleDoses ?? 1)})::integer`;
  return sql`${unit} * ${Math.abs(m.delta)}`;
}

/**
 * The ledger's order is the order writers held the item's row lock: stamped with the clock at the insert (under
 * that lock), not now(), which is when each transaction began and may be earlier for one that waited.
 */
export async function insertMovement(db: Executor, m: MovementValues): Promise<CellarMovementRow> {
  const [row] = await db
    .insert(cellarMovements)
    .values({
      ...m,
      costCents: m.costCents !== undefined ? m.costCents : costAtAverage(m),
      createdAt: m.createdAt ?? sql`clock_timestamp()`,
    })
    .returning();
  if (!row) throw new Error('cellar movement not recorded');
  return row;
}

export async function findMovement(db: Executor, id: string): Promise<CellarMovementRow | undefined> {
  const [row] = await db.select().from(cellarMovements).where(eq(cellarMovements.id, id));
  return row;
}

export interface MovementListRow extends CellarMovementRow {
  userName: string | null;
}

export async function listMovements(db: Executor, cellarItemId: string): Promise<MovementListRow[]> {
  const rows = await db
    .select({ movement: cellarMovements, userName: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(cellarMovements)
    .leftJoin(users, eq(users.id, cellarMovements.userId))
    .where(eq(cellarMovements.cellarItemId, cellarItemId))
    .orderBy(desc(cellarMovements.createdAt), desc(cellarMovements.id))
    .limit(MOVEMENT_LIST_LIMIT);
  return rows.map((r) => ({ ...r.movement, userName: r.userName }));
}

/** The menu wines drawing from these items, with their menu's name. */
export async function linkedMenuWines(db: Executor, itemIds: readonly string[]): Promise<LinkedMenuWineRow[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .select({
      id: menuWines.id,
      cellarItemId: menuWines.cellarItemId,
      menuId: menuWines.menuId,
      menuName: wineMenus.name,
      name: menuWines.name,
      price: menuWines.price,
      byTheGlass: menuWines.byTheGlass,
      glassDoses: menuWines.glassDoses,
    })
    .from(menuWines)
    .innerJoin(wineMenus, eq(wineMenus.id, menuWines.menuId))
    .where(inArray(menuWines.cellarItemId, [...itemIds]))
    .orderBy(asc(wineMenus.name), asc(menuWines.position), asc(menuWines.id));
  return rows.map((r) => ({ ...r, cellarItemId: r.cellarItemId as string }));
}

/** The counts of these items (any establishment: the caller has scoped the ids). */
export async function countsOf(db: Executor, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({ id: cellarItems.id, onHand: cellarItems.onHand, openBottleDoses: cellarItems.openBottleDoses })
    .from(cellarItems)
    .where(inArray(cellarItems.id, [...itemIds]));
}

/** An establishment's movements since a moment, for the period figures. */
export async function movementsSince(db: Executor, establishmentId: string, since: Date) {
  return db
    .select({
      cellarItemId: cellarMovements.cellarItemId,
      reason: cellarMovements.reason,
      delta: cellarMovements.delta,
      doseDelta: cellarMovements.doseDelta,
      bottleDoses: cellarMovements.bottleDoses,
      createdAt: cellarMovements.createdAt,
    })
    .from(cellarMovements)
    .where(and(eq(cellarMovements.establishmentId, establishmentId), gte(cellarMovements.createdAt, since)));
}

export async function establishmentExists(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: establishments.id }).from(establishments).where(eq(establishments.id, id)).limit(1);
  return rows.length > 0;
}

export async function catalogWineExists(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: catalogWines.id }).from(catalogWines).where(eq(catalogWines.id, id)).limit(1);
  return rows.length > 0;
}

/** How the ledger names a person: the name, else the e-mail. */
export async function userNameOf(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(users)
    .where(eq(users.id, id));
  return row?.name ?? null;
}

/**
 * A delivery's bottles arrive: the count goes up and the item remembers the price and who delivered it. Undefined:
 * the item is missing or the count would pass MAX_CELLAR_COUNT.
 */
export async function receiveBottles(
  db: Executor,
  m: { cellarItemId: string; quantity: number; unitCost: string; supplierId: string },
): Promise<CellarItemRow | undefined> {
  const unitCents = toCents(m.unitCost);
  const [row] = await db
    .update(cellarItems)
    .set({
      onHand: sql`${cellarItems.onHand} + ${m.quantity}`,
      // The weighted average over what is on hand and what arrives (set expressions read the row before the update).
      avgCostCents: sql`case when ${cellarItems.onHand} <= 0 or ${unitCostCents} is null then ${unitCents}::integer
        else round((${cellarItems.onHand}::numeric * ${unitCostCents} + ${m.quantity * unitCents}) / (${cellarItems.onHand} + ${m.quantity}))::integer end`,
      lastUnitCost: m.unitCost,
      lastSupplierId: m.supplierId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(cellarItems.id, m.cellarItemId), sql`${cellarItems.onHand} + ${m.quantity} <= ${MAX_CELLAR_COUNT}`))
    .returning();
  return row;
}

export async function catalogWineFacts(db: Executor, id: string) {
  const [row] = await db
    .select({ name: catalogWines.name, producer: catalogWines.producer, vintage: catalogWines.vintage })
    .from(catalogWines)
    .where(eq(catalogWines.id, id));
  return row;
}

/** The highest "last bottles" threshold among the menus showing this item; null when no menu wine draws from it. */
export async function maxLowStockThreshold(db: Executor, cellarItemId: string): Promise<number | null> {
  const [row] = await db
    .select({ threshold: sql<number | null>`max(${wineMenus.lowStockThreshold})` })
    .from(menuWines)
    .innerJoin(wineMenus, eq(wineMenus.id, menuWines.menuId))
    .where(eq(menuWines.cellarItemId, cellarItemId));
  return row?.threshold ?? null;
}
