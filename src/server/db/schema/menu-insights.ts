import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { wineMenus } from './wine-menus.js';

/**
 * Public menu views, counted: one row per menu, hour, source and table with how many views it had. Nothing about
 * the guest is stored (no address, no user agent, no cookie): only these counts (docs/decisions/0058).
 * `table_no` 0 means no table (the key cannot hold NULL); `source` is 'qr' (the address carried ?mesa=N) or 'direct'.
 */
export const menuViewCounts = pgTable(
  'menu_view_counts',
  {
    menuId: uuid('menu_id')
      .notNull()
      .references(() => wineMenus.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    source: text('source').notNull(),
    tableNo: integer('table_no').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.hour, t.source, t.tableNo] })],
);
