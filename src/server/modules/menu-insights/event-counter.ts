/**
 * What guests do on a public menu (searches, filters, wines opened), counted in memory and written in batches to
 * `menu_event_counts`, with the same flush and shutdown rules as the views (docs/decisions/0064).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { menuEventCounts } from '../../db/schema/index.js';
import { addCountsTo, counterOver, createBatchedCounts, hourStart } from './batched-counts.js';

export type MenuEventKind = 'search' | 'filter' | 'open';

export interface MenuEventCounter {
  /** A search: its normalised words and how many wines they found. */
  search(menuId: string, words: string, found: number): void;
  /** A filter applied: "pais=Chile", "uva=Malbec", "preco=ate-100". */
  filter(menuId: string, filter: string): void;
  /** A wine of the menu opened by a guest (the page's beacon). */
  open(menuId: string, wineId: string): void;
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly pending: number;
}

interface EventRow {
  menuId: string;
  hour: Date;
  kind: MenuEventKind;
  subject: string;
  found: number;
}

export function createMenuEventCounter(deps: {
  db: Db;
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => number;
}): MenuEventCounter {
  const now = deps.now ?? Date.now;
  const counts = createBatchedCounts<EventRow>({
    what: 'menu event count',
    log: deps.log,
    intervalMs: deps.intervalMs,
    write: addCountsTo(
      deps.db,
      menuEventCounts,
      [menuEventCounts.menuId, menuEventCounts.hour, menuEventCounts.kind, menuEventCounts.subject, menuEventCounts.found],
      'count',
    ),
  });

  const record = (menuId: string, kind: MenuEventKind, subject: string, found: number) => {
    const hour = hourStart(now());
    counts.add(`${menuId}|${hour}|${kind}|${found}|${subject}`, () => ({ menuId, hour: new Date(hour), kind, subject, found }));
  };

  return counterOver(counts, {
    search: (menuId: string, words: string, found: number) => record(menuId, 'search', words, found),
    filter: (menuId: string, filter: string) => record(menuId, 'filter', filter, 0),
    open: (menuId: string, wineId: string) => record(menuId, 'open', wineId, 0),
  });
}
