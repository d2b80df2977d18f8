import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import type { Scope } from '../../../shared/access-policy.js';
import { scopeWhere } from '../../core/scope.js';
import type { Executor } from '../../db/client.js';
import { firstRow, recordQueries } from '../../db/records.js';
import { cellarItems, establishments, menuWines, wineMenus } from '../../db/schema/index.js';

export type WineMenuRow = typeof wineMenus.$inferSelect;
export type MenuWineRow = typeof menuWines.$inferSelect;
export type MenuWineValues = Omit<typeof menuWines.$inferInsert, 'id' | 'menuId' | 'position' | 'createdAt' | 'updatedAt'>;
export type EstablishmentRow = typeof establishments.$inferSelect;

/** The count of the cellar item a menu wine draws from, read with the wine. */
export interface LinkedCellar {
  id: string;
  name: string;
  onHand: number;
  openBottleDoses: number;
}
export type MenuWineWithCellar = MenuWineRow & { cellar: LinkedCellar | null };

/** The menu's cellar settings, as insert and update take them (absent: the column default, or the stored value). */
export interface MenuCellarSettings {
  soldOutDisplay?: WineMenuRow['soldOutDisplay'];
  lowStockThreshold?: number;
}

export interface MenuWithEstablishment extends WineMenuRow {
  establishment: EstablishmentRow;
  wineCount: number;
}

/** Lists are bounded: far more menus than any screen shows. */
export const LIST_LIMIT = 1000;

// Spelled out: Drizzle may leave column names unqualified, which would bind to the subquery's table.
const wineCount = sql<number>`(select count(*)::int from ${menuWines} w where w.menu_id = "wine_menus"."id")`;

/** The menus within the caller's scope; `onlyEstablishmentId`: the ?establishment_id= filter. */
export async function listMenus(db: Executor, scope: Scope, onlyEstablishmentId?: string): Promise<MenuWithEstablishment[]> {
  const rows = await db
    .select({ menu: wineMenus, establishment: establishments, wineCount })
    .from(wineMenus)
    .innerJoin(establishments, eq(establishments.id, wineMenus.establishmentId))
    .where(
      and(
        scopeWhere(scope, { establishmentId: wineMenus.establishmentId }),
        onlyEstablishmentId ? eq(wineMenus.establishmentId, onlyEstablishmentId) : undefined,
      ),
    )
    .orderBy(asc(establishments.name), asc(wineMenus.name), asc(wineMenus.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({ ...r.menu, establishment: r.establishment, wineCount: r.wineCount }));
}

export async function findMenu(db: Executor, id: string): Promise<MenuWithEstablishment | undefined> {
  const [row] = await db
    .select({ menu: wineMenus, establishment: establishments, wineCount })
    .from(wineMenus)
    .innerJoin(establishments, eq(establishments.id, wineMenus.establishmentId))
    .where(eq(wineMenus.id, id))
    .limit(1);
  return row && { ...row.menu, establishment: row.establishment, wineCount: row.wineCount };
}

/** Locks the menu row until the transaction ends: position changes of one menu happen one at a time. */
export async function lockMenu(tx: Executor, id: string): Promise<WineMenuRow | undefined> {
  const [row] = await tx.select().from(wineMenus).where(eq(wineMenus.id, id)).for('update');
  return row;
}

export async function findMenuBySlug(db: Executor, establishmentId: string, slug: string): Promise<WineMenuRow | undefined> {
  return firstRow(db, wineMenus, and(eq(wineMenus.establishmentId, establishmentId), eq(wineMenus.slug, slug)));
}

export async function menuSlugsStartingWith(db: Executor, establishmentId: string, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: wineMenus.slug })
    .from(wineMenus)
    .where(and(eq(wineMenus.establishmentId, establishmentId), or(eq(wineMenus.slug, prefix), like(wineMenus.slug, `${prefix}%`))));
  return new Set(rows.map((r) => r.slug));
}

export const { insert: insertMenu, update: updateMenu, remove: deleteMenu } = recordQueries(wineMenus);

/** In menu order; `onlyAvailable`: what guests see. */
export async function listWines(db: Executor, menuId: string, onlyAvailable = false): Promise<MenuWineRow[]> {
  return db
    .select()
    .from(menuWines)
    .where(onlyAvailable ? and(eq(menuWines.menuId, menuId), eq(menuWines.available, true)) : eq(menuWines.menuId, menuId))
    .orderBy(asc(menuWines.position), asc(menuWines.createdAt), asc(menuWines.id));
}

const linkedCellar = {
  id: cellarItems.id,
  name: cellarItems.name,
  onHand: cellarItems.onHand,
  openBottleDoses: cellarItems.openBottleDoses,
};

/** listWines() with each wine's cellar count (null for a wine without a cellar item), in one statement. */
export async function listWinesWithCellar(db: Executor, menuId: string, onlyAvailable = false): Promise<MenuWineWithCellar[]> {
  const rows = await db
    .select({ wine: menuWines, cellar: linkedCellar })
    .from(menuWines)
    .leftJoin(cellarItems, eq(cellarItems.id, menuWines.cellarItemId))
    .where(onlyAvailable ? and(eq(menuWines.menuId, menuId), eq(menuWines.available, true)) : eq(menuWines.menuId, menuId))
    .orderBy(asc(menuWines.position), asc(menuWines.createdAt), asc(menuWines.id));
  return rows.map((r) => ({ ...r.wine, cellar: r.cellar }));
}

/** The cellar count of one item, for a wine write's answer. */
export async function cellarCount(db: Executor, itemId: string): Promise<LinkedCellar | null> {
  const [row] = await db.select(linkedCellar).from(cellarItems).where(eq(cellarItems.id, itemId)).limit(1);
  return row ?? null;
}

/**
 * The establishment of a cellar item, its row share-locked until the transaction ends: the item cannot be deleted
 * between this check and the wine write that links it.
 */
export async function lockCellarItemEstablishment(tx: Executor, itemId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ establishmentId: cellarItems.establishmentId })
    .from(cellarItems)
    .where(eq(cellarItems.id, itemId))
    .for('share');
  return row?.establishmentId;
}

/** A menu moving to another establishment leaves its wines' cellar items behind (they are the old house's). */
export async function unlinkCellarItems(tx: Executor, menuId: string): Promise<void> {
  await tx
    .update(menuWines)
    .set({ cellarItemId: null, updatedAt: new Date() })
    .where(and(eq(menuWines.menuId, menuId), sql`${menuWines.cellarItemId} is not null`));
}

export async function wineIds(db: Executor, menuId: string): Promise<string[]> {
  const rows = await db.select({ id: menuWines.id }).from(menuWines).where(eq(menuWines.menuId, menuId));
  return rows.map((r) => r.id);
}

export async function positionStats(db: Executor, menuId: string): Promise<{ count: number; max: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, max: sql<number>`coalesce(max(${menuWines.position}), -1)::int` })
    .from(menuWines)
    .where(eq(menuWines.menuId, menuId));
  return { count: row?.count ?? 0, max: row?.max ?? -1 };
}

export async function insertWines(db: Executor, menuId: string, firstPosition: number, values: MenuWineValues[]): Promise<MenuWineRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(menuWines)
    .values(values.map((v, i) => ({ ...v, menuId, position: firstPosition + i })))
    .returning();
}

export async function updateWine(db: Executor, menuId: string, wineId: string, values: MenuWineValues): Promise<MenuWineRow | undefined> {
  const [row] = await db
    .update(menuWines)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(menuWines.menuId, menuId), eq(menuWines.id, wineId)))
    .returning();
  return row;
}

/** A wine's bottle price, alone (the menu engineering's price changes). */
export async function setWinePrice(db: Executor, menuId: string, wineId: string, price: string): Promise<MenuWineRow | undefined> {
  const [row] = await db
    .update(menuWines)
    .set({ price: Number(price), updatedAt: new Date() })
    .where(and(eq(menuWines.menuId, menuId), eq(menuWines.id, wineId)))
    .returning();
  return row;
}

/** A wine of the menu, locked until the transaction ends (its values before a write, for the audit trail). */
export async function lockWine(tx: Executor, menuId: string, wineId: string): Promise<MenuWineRow | undefined> {
  const [row] = await tx
    .select()
    .from(menuWines)
    .where(and(eq(menuWines.menuId, menuId), eq(menuWines.id, wineId)))
    .for('update');
  return row;
}

export async function deleteWine(db: Executor, menuId: string, wineId: string): Promise<boolean> {
  const rows = await db
    .delete(menuWines)
    .where(and(eq(menuWines.menuId, menuId), eq(menuWines.id, wineId)))
    .returning({ id: menuWines.id });
  return rows.length > 0;
}

/** One statement: wine ids[i] gets position i. */
export async function applyOrder(db: Executor, menuId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const order = JSON.stringify(ids.map((id, position) => ({ id, position })));
  await db.execute(sql`
    update ${menuWines} set position = v.position, updated_at = now()
    from jsonb_to_recordset(${order}::jsonb) as v(id uuid, position int)
    where ${menuWines.id} = v.id and ${menuWines.menuId} = ${menuId}`);
}
