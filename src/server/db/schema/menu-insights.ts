import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns.js';
import { wineMenus } from './wine-menus.js';

/**
 * Public menu views, counted: one row per menu, hour, source and table with how many views it had. Nothing about
 * the guest is stored (no address, no user agent, no cookie): only these counts (docs/decisions/0058).
 * `table_no` 0 means no table (the key cannot hold NULL); `source` is 'qr' (the address carried ?mesa=N) or 'direct'.
 */
export const menuViewCounts = pgTable(
  'menu_view_counts',
  {
    menuId: belongsTo('menu_id', () => wineMenus.id, 'cascade'),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    source: text('source').notNull(),
    tableNo: integer('table_no').notNull(),
    /** The language the guest read the menu in ('pt-BR', 'en', 'es'; issue 28): the visit's first page's. */
    lang: text('lang').notNull().default('pt-BR'),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.hour, t.source, t.tableNo, t.lang] })],
);

/**
 * What guests do on a public menu, counted like the views (docs/decisions/0064): one row per menu, hour, kind, subject
 * and number of wines found, with how many times it happened. `kind` is 'search' (subject: the normalised words;
 * `found`: how many wines they found), 'filter' (subject: "pais=Chile", "uva=Malbec", "preco=ate-100") or 'open' (subject:
 * the id of the menu wine opened). `found` is 0 for filters and opens. Nothing about the guest is stored.
 */
export const menuEventCounts = pgTable(
  'menu_event_counts',
  {
    menuId: belongsTo('menu_id', () => wineMenus.id, 'cascade'),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    found: integer('found').notNull(),
    /** The language of the page the guest searched or filtered on, or opened the wine on (issue 28). */
    lang: text('lang').notNull().default('pt-BR'),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.hour, t.kind, t.subject, t.found, t.lang] })],
);

/**
 * Guests counted lately, so a visit is counted once (docs/decisions/0083): one row per visitor and menu with when its
 * visit was counted. `visitor` is an HMAC of the guest's address and user agent under a key that changes every day and
 * is derived in memory, never stored; rows older than the visit window are deleted within minutes. Shared by every
 * process on the database, so a guest whose requests reach different processes is still one visit.
 */
export const menuVisitors = pgTable(
  'menu_visitors',
  {
    visitor: text('visitor').notNull(),
    menuId: belongsTo('menu_id', () => wineMenus.id, 'cascade'),
    countedAt: timestamp('counted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitor, t.menuId] }), index('menu_visitors_counted_at_idx').on(t.countedAt)],
);
