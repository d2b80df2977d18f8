import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, id, timestamps } from './columns.js';
import { wineMenus } from './wine-menus.js';

/**
 * The restaurant's own texts of a menu in a guest language (issue 28): the menu's name and description, a wine's
 * description (ref: the menu wine's id) or a custom category's name (ref: the category as stored). A draft (assembled
 * by the system from the wine's fields) counts as missing until a person reviews it.
 */
export const menuTranslations = pgTable(
  'menu_translations',
  {
    id: id(),
    menuId: belongsTo('menu_id', () => wineMenus.id, 'cascade'),
    lang: text('lang', { enum: ['en', 'es'] }).notNull(),
    kind: text('kind', { enum: ['menu_name', 'menu_description', 'wine_description', 'category'] }).notNull(),
    ref: text('ref').notNull().default(''),
    text: text('text').notNull(),
    draft: boolean('draft').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('menu_translations_menu_lang_kind_ref_key').on(t.menuId, t.lang, t.kind, t.ref),
    check('menu_translations_lang', sql`${t.lang} IN ('en', 'es')`),
    check('menu_translations_kind', sql`${t.kind} IN ('menu_name', 'menu_description', 'wine_description', 'category')`),
  ],
);
