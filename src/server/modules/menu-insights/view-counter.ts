/**
 * Menu views counted in memory and written in batches: a view costs a Map update on the request path, and every
 * FLUSH_INTERVAL_MS the counts go to `menu_view_counts` in one INSERT … ON CONFLICT that adds them up. A clean
 * shutdown writes what is pending (app.ts's onClose); a crash loses at most the last interval (docs/decisions/0058).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { menuViewCounts } from '../../db/schema/index.js';

export const FLUSH_INTERVAL_MS = 5_000;
const HOUR_MS = 3_600_000;

export type ViewSource = 'qr' | 'direct';

interface Pending {
  menuId: string;
  hour: Date;
  source: ViewSource;
  tableNo: number;
  views: number;
}

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
  let pending = new Map<string, Pending>();
  let writing: Promise<void> = Promise.resolve();

  const write = async (batch: Pending[]) => {
    try {
      await deps.db
        .insert(menuViewCounts)
        .values(batch)
        .onConflictDoUpdate({
          target: [menuViewCounts.menuId, menuViewCounts.hour, menuViewCounts.source, menuViewCounts.tableNo],
          set: { views: sql`${menuViewCounts.views} + excluded.views` },
        });
    } catch (err) {
      // A menu deleted since its view was counted fails the whole batch on its foreign key: write the others one by one.
      if (batch.length > 1) for (const row of batch) await write([row]);
      else deps.log.warn({ err }, 'menu view count not written');
    }
  };

  const flush = () => {
    if (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      writing = writing.then(() => write(batch));
    }
    return writing;
  };

  const timer = setInterval(() => void flush(), deps.intervalMs ?? FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    record(menuId, table) {
      const hour = Math.floor(now() / HOUR_MS) * HOUR_MS;
      const source: ViewSource = table === null ? 'direct' : 'qr';
      const tableNo = table ?? 0;
      const key = `${menuId}|${hour}|${source}|${tableNo}`;
      const entry = pending.get(key);
      if (entry) entry.views++;
      else pending.set(key, { menuId, hour: new Date(hour), source, tableNo, views: 1 });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    get pending() {
      return pending.size;
    },
  };
}
