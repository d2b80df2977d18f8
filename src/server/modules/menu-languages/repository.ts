import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { menuTranslations, menuWines, wineMenus } from '../../db/schema/index.js';

export type TranslationRow = typeof menuTranslations.$inferSelect;

export async function findMenu(db: Executor, id: string) {
  const [row] = await db.select().from(wineMenus).where(eq(wineMenus.id, id)).limit(1);
  return row;
}

export async function lockMenu(db: Executor, id: string) {
  const [row] = await db.select().from(wineMenus).where(eq(wineMenus.id, id)).for('update').limit(1);
  return row;
}

/** The menu's wines as the translations need them (all of them: a wine made available later must not break a language). */
export async function menuWineTexts(db: Executor, menuId: string) {
  return db
    .select({
      id: menuWines.id,
      name: menuWines.name,
      description: menuWines.description,
      category: menuWines.category,
      wine_style: menuWines.wineStyle,
      region: menuWines.region,
      country: menuWines.country,
      grape_variety: menuWines.grapeVariety,
    })
    .from(menuWines)
    .where(eq(menuWines.menuId, menuId))
    .orderBy(asc(menuWines.position), asc(menuWines.id));
}

export async function translations(db: Executor, menuId: string, langs?: readonly string[]): Promise<TranslationRow[]> {
  const where = langs
    ? and(eq(menuTranslations.menuId, menuId), inArray(menuTranslations.lang, langs as ('en' | 'es')[]))
    : eq(menuTranslations.menuId, menuId);
  return db.select().from(menuTranslations).where(where);
}

export async function setOffered(db: Executor, menuId: string, offered: ('en' | 'es')[]) {
  await db.update(wineMenus).set({ guestLanguages: offered, updatedAt: new Date() }).where(eq(wineMenus.id, menuId));
}

export async function upsertTranslation(
  db: Executor,
  row: { menuId: string; lang: 'en' | 'es'; kind: TranslationRow['kind']; ref: string; text: string; draft: boolean },
) {
  await db
    .insert(menuTranslations)
    .values(row)
    .onConflictDoUpdate({
      target: [menuTranslations.menuId, menuTranslations.lang, menuTranslations.kind, menuTranslations.ref],
      set: { text: row.text, draft: row.draft, updatedAt: new Date() },
    });
}

export async function deleteTranslation(
  db: Executor,
  key: { menuId: string; lang: 'en' | 'es'; kind: TranslationRow['kind']; ref: string },
) {
  await db
    .delete(menuTranslations)
    .where(
      and(
        eq(menuTranslations.menuId, key.menuId),
        eq(menuTranslations.lang, key.lang),
        eq(menuTranslations.kind, key.kind),
        eq(menuTranslations.ref, key.ref),
      ),
    );
}
