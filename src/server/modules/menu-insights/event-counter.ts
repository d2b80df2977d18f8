/**
 * What guests do on a public menu (searches, filters, wines opened), counted in memory and written in batches to
 * `menu_event_counts`, with the same flush and shutdown rules as the views (docs/decisions/0064).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { GuestLanguage } from '../../../shared/guest-i18n/catalogue.js';
import type { Db } from '../../db/client.js';
import { menuEventCounts } from '../../db/schema/index.js';
import { addCountsTo, counterOver, createBatchedCounts, hourStart } from './batched-counts.js';

export type MenuEventKind = 'search' | 'filter' | 'open';

/** Each counts under the language of the page it happened on (issue 28). */
export interface MenuEventCounter {
  /** A search: its normalised words and how many wines they found. */
  search(menuId: string, words: string, found: number, lang: GuestLanguage): void;
  /** A filter applied: "pais=Chile", "uva=Malbec", "preco=ate-100". */
  filter(menuId: string, filter: string, lang: GuestLanguage): void;
  /** A wine of the menu opened by a guest (the page's beacon). */
  open(menuId: string, wineId: string, lang: GuestLanguage): void;
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
  lang: GuestLanguage;
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
      [
        menuEventCounts.menuId,
        menuEventCounts.hour,
        menuEventCounts.kind,
        menuEventCounts.subject,
        menuEventCounts.found,
        menuEventCounts.lang,
      ],
      'count',
    ),
  });

  const record = (menuId: string, kind: MenuEventKind, subject: string, found: number, lang: GuestLanguage) => {
    const hour = hourStart(now());
    counts.add(`${menuId}|${hour}|${kind}|${found}|${lang}|${subject}`, () => ({
      menuId,
      hour: new Date(hour),
      kind,
      subject,
      found,
      lang,
    }));
  };

  return counterOver(counts, {
    search: (menuId: string, words: string, found: number, lang: GuestLanguage) => record(menuId, 'search', words, found, lang),
    filter: (menuId: string, filter: string, lang: GuestLanguage) => record(menuId, 'filter', filter, 0, lang),
    open: (menuId: string, wineId: string, lang: GuestLanguage) => record(menuId, 'open', wineId, 0, lang),
  });
}
