import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cellarItems, establishments, menuWines, wineMenus } from '../../db/schema/index.js';

export type EstablishmentRow = typeof establishments.$inferSelect;
export type MenuRow = typeof wineMenus.$inferSelect;

export async function establishmentBySlug(db: Executor, slug: string): Promise<EstablishmentRow | undefined> {
  const [row] = await db.select().from(establishments).where(eq(establishments.slug, slug)).limit(1);
  return row;
}

export async function establishmentById(db: Executor, id: string): Promise<EstablishmentRow | undefined> {
  const [row] = await db.select().from(establishments).where(eq(establishments.id, id)).limit(1);
  return row;
}

export async function menuById(db: Executor, id: string): Promise<MenuRow | undefined> {
  const [row] = await db.select().from(wineMenus).where(eq(wineMenus.id, id)).limit(1);
  return row;
}

/** A slug may be shared by menus of several establishments: the oldest wins, deterministically. */
export async function firstMenuBySlug(db: Executor, slug: string): Promise<MenuRow | undefined> {
  const [row] = await db
    .select()
    .from(wineMenus)
    .where(eq(wineMenus.slug, slug))
    .orderBy(asc(wineMenus.createdAt), asc(wineMenus.id))
    .limit(1);
  return row;
}

/**
 * A sold-out wine of a menu that hides them (issue 18): linked to a cellar item with no bottle, and no glass left for
 * a wine sold by the glass. The rule of wine-menus' publicStock(), for the count of the establishment page.
 */
const hiddenAsSoldOut = sql`(${wineMenus.soldOutDisplay} = 'hide' and ${cellarItems.onHand} = 0
  and (not ${menuWines.byTheGlass} or ${cellarItems.openBottleDoses} = 0))`;

/** Menus with at least one wine on the page (available, and not hidden as sold out), oldest first, with how many. */
export async function activeMenus(db: Executor, establishmentId: string): Promise<(MenuRow & { wineCount: number })[]> {
  const rows = await db
    .select({ menu: wineMenus, wineCount: sql<number>`count(${menuWines.id})`.mapWith(Number) })
    .from(wineMenus)
    .innerJoin(menuWines, and(eq(menuWines.menuId, wineMenus.id), eq(menuWines.available, true)))
    .leftJoin(cellarItems, eq(cellarItems.id, menuWines.cellarItemId))
    .where(and(eq(wineMenus.establishmentId, establishmentId), sql`not coalesce(${hiddenAsSoldOut}, false)`))
    .groupBy(wineMenus.id)
    .orderBy(asc(wineMenus.createdAt), asc(wineMenus.id));
  return rows.map((r) => ({ ...r.menu, wineCount: r.wineCount }));
}
