/** Menu views counted in memory and written in batches to `menu_view_counts` (docs/decisions/0058). */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { menuViewCounts } from '../../db/schema/index.js';
import { addCountsTo, counterOver, createBatchedCounts, hourStart } from './batched-counts.js';

export { FLUSH_INTERVAL_MS, HOUR_MS } from './batched-counts.js';

export type ViewSource = 'qr' | 'direct';

export interface MenuViewCounter {
  /** Counts one view of a menu; `table` from `?mesa=N` (then the source is the QR code). */
  record(menuId: string, table: number | null): void;
  /** Writes the pending counts now. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending. */
  close(): Promise<void>;
  readonly pending: number;
}

export function createMenuViewCounter(deps: { db: Db; log: FastifyBaseLogger; intervalMs?: number; now?: () => number }): MenuViewCounter {
  const now = deps.now ?? Date.now;
  const counts = createBatchedCounts<{ menuId: string; hour: Date; source: ViewSource; tableNo: number }>({
    what: 'menu view count',
    log: deps.log,
    intervalMs: deps.intervalMs,
    write: addCountsTo(
      deps.db,
      menuViewCounts,
      [menuViewCounts.menuId, menuViewCounts.hour, menuViewCounts.source, menuViewCounts.tableNo],
      'views',
    ),
  });

  return counterOver(counts, {
    record(menuId: string, table: number | null) {
      const hour = hourStart(now());
      const source: ViewSource = table === null ? 'direct' : 'qr';
      const tableNo = table ?? 0;
      counts.add(`${menuId}|${hour}|${source}|${tableNo}`, () => ({ menuId, hour: new Date(hour), source, tableNo }));
    },
  });
}
