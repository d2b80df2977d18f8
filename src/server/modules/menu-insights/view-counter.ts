/**
 * Menu visits: a guest's page views of one menu count once per 30 minutes (docs/decisions/0083). Kept in memory and
 * written in batches like every count (decision 0058); the database decides what is a new visit, so a guest whose
 * requests reach different processes is still counted once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GuestLanguage } from '../../../shared/guest-i18n/catalogue.js';
import type { Db } from '../../db/client.js';
import { menuViewCounts, menuVisitors } from '../../db/schema/index.js';
import { counterOver, createBatchedCounts, hourStart } from './batched-counts.js';

export { FLUSH_INTERVAL_MS, HOUR_MS } from './batched-counts.js';

/** A visit: every page a guest loads from one menu within this long of the view that counted is the same visit. */
export const VISIT_WINDOW_MS = 30 * 60_000;
/** Visitors rows outlive their window by this much before they are deleted (clocks of processes differ a little). */
const PRUNE_MARGIN_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/** What one process remembers of the visits it counted, at most: past it, the database alone tells. */
const MAX_REMEMBERED = 100_000;

export type ViewSource = 'qr' | 'direct';

export interface MenuViewCounter {
  /** Whether a view of the menu by this visitor could be a new visit (not counted nor pending in this process). */
  isNew(menuId: string, visitor: string): boolean;
  /**
   * A guest's view of a menu: counted as a visit unless the visitor's last counted visit of the menu is less than
   * VISIT_WINDOW_MS old. `table` from `?mesa=N`: the visit goes to the first table it was seen with; `lang`, the
   * language its first page was shown in (issue 28), is the visit's.
   */
  record(menuId: string, table: number | null, visitor: string, lang: GuestLanguage): void;
  /** Writes the pending visits now. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending. */
  close(): Promise<void>;
  readonly pending: number;
}

interface VisitRow {
  visitor: string;
  menuId: string;
  tableNo: number;
  lang: GuestLanguage;
  at: number;
}

type Rows<T> = { rows: T[] };

export function createMenuViewCounter(deps: { db: Db; log: FastifyBaseLogger; intervalMs?: number; now?: () => number }): MenuViewCounter {
  const now = deps.now ?? Date.now;
  /** Visits this process counted, by `menu|visitor`, with when: the next views within the window cost nothing. */
  const counted = new Map<string, number>();
  let lastPrune = 0;

  const forgetOld = async (at: number) => {
    for (const [key, when] of counted) if (at - when >= VISIT_WINDOW_MS) counted.delete(key);
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    try {
      await deps.db
        .delete(menuVisitors)
        .where(sql`${menuVisitors.countedAt} < ${new Date(at - VISIT_WINDOW_MS - PRUNE_MARGIN_MS).toISOString()}::timestamptz`);
    } catch (err) {
      // Tried again a minute later; the visits were written.
      deps.log.warn({ err }, 'old menu visitors not deleted');
    }
  };

  const write = async (batch: { row: VisitRow }[]) => {
    const rows = batch.map(({ row }) => ({
      visitor: row.visitor,
      menu_id: row.menuId,
      table_no: row.tableNo,
      lang: row.lang,
      at: new Date(row.at).toISOString(),
      hour: new Date(hourStart(row.at)).toISOString(),
    }));
    // One statement: the visitor's row, inserted or renewed only when its window is over, is what makes a visit; the
    // views of the visits made are added to their hour. ON CONFLICT's row lock orders processes counting at once.
    const result = (await deps.db.execute(sql`
      with batch as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as b(visitor text, menu_id uuid, table_no int, lang text, at timestamptz, hour timestamptz)
      ),
      visits as (
        insert into ${menuVisitors} (visitor, menu_id, counted_at)
        select visitor, menu_id, at from batch
        on conflict (visitor, menu_id) do update set counted_at = excluded.counted_at
          where ${menuVisitors}.counted_at <= excluded.counted_at - ${VISIT_WINDOW_MS} * interval '1 millisecond'
        returning visitor, menu_id
      ),
      added as (
        insert into ${menuViewCounts} (menu_id, hour, source, table_no, lang, views)
        select b.menu_id, b.hour, case when b.table_no = 0 then 'direct' else 'qr' end, b.table_no, b.lang, count(*)::int
        from visits v join batch b on b.visitor = v.visitor and b.menu_id = v.menu_id
        group by 1, 2, 3, 4, 5
        on conflict (menu_id, hour, source, table_no, lang) do update set views = ${menuViewCounts}.views + excluded.views
      )
      select visitor, menu_id::text as "menuId" from visits`)) as unknown as Rows<{ visitor: string; menuId: string }>;
    const at = new Map(batch.map(({ row }) => [`${row.menuId}|${row.visitor}`, row.at]));
    for (const visit of result.rows) {
      const key = `${visit.menuId}|${visit.visitor}`;
      if (counted.size < MAX_REMEMBERED) counted.set(key, at.get(key) ?? now());
    }
    await forgetOld(now());
  };

  const counts = createBatchedCounts<VisitRow>({ what: 'menu visit', log: deps.log, intervalMs: deps.intervalMs, write });
  const isNew = (key: string, at: number) => {
    const when = counted.get(key);
    return (when === undefined || at - when >= VISIT_WINDOW_MS) && !counts.has(key);
  };

  return counterOver(counts, {
    isNew: (menuId: string, visitor: string) => isNew(`${menuId}|${visitor}`, now()),
    record(menuId: string, table: number | null, visitor: string, lang: GuestLanguage) {
      const key = `${menuId}|${visitor}`;
      const at = now();
      const when = counted.get(key);
      if (when !== undefined && at - when < VISIT_WINDOW_MS) return;
      const row = counts.add(key, () => ({ visitor, menuId, tableNo: table ?? 0, lang, at }));
      if (row.tableNo === 0 && table !== null) row.tableNo = table;
    },
  });
}
