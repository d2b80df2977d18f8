/** The insights' SQL: counts of one establishment's menus between two instants, summed per what the screen shows. */
import { type SQL, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../shared/time.js';
import type { Executor } from '../../db/client.js';
import { establishments, menuEventCounts, menuViewCounts, menuWines, wineMenus } from '../../db/schema/index.js';

const TZ = sql.raw(`'${TIME_ZONE}'`);

/** Calendar days (America/Sao_Paulo) of the previous period's start, the current period's start and end. */
export interface Bounds {
  previousStart: string;
  start: string;
  end: string;
}

const rowsOf = async <Row>(db: Executor, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const dayStart = (day: string) => sql`((${day}::date)::timestamp at time zone ${TZ})`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${TZ})`;
/** Sums of `column` in the current period and in the previous one. */
const periods = (column: SQL, hour: SQL, b: Bounds) =>
  sql`coalesce(sum(${column}) filter (where ${hour} >= ${dayStart(b.start)}), 0)::int as current,
    coalesce(sum(${column}) filter (where ${hour} < ${dayStart(b.start)}), 0)::int as previous`;

function views(establishmentId: string, b: Bounds, select: SQL, tail: SQL) {
  return sql`select ${select}
    from ${menuViewCounts} v join ${wineMenus} m on m.id = v.menu_id
    where m.establishment_id = ${establishmentId}::uuid and v.hour >= ${dayStart(b.previousStart)} and v.hour < ${dayEnd(b.end)}
    ${tail}`;
}

export interface DayViews {
  day: string;
  views: number;
  fromTables: number;
}

/** Views per calendar day of both periods. */
export function viewsPerDay(db: Executor, establishmentId: string, b: Bounds): Promise<DayViews[]> {
  return rowsOf<DayViews>(
    db,
    views(
      establishmentId,
      b,
      sql`(v.hour at time zone ${TZ})::date::text as "day", sum(v.views)::int as "views",
        coalesce(sum(v.views) filter (where v.source = 'qr'), 0)::int as "fromTables"`,
      sql`group by 1`,
    ),
  );
}

/** Views per hour of the day (America/Sao_Paulo) in the current period. */
export function viewsPerHour(db: Executor, establishmentId: string, b: Bounds): Promise<{ hour: number; views: number }[]> {
  return rowsOf(
    db,
    views(
      establishmentId,
      b,
      sql`extract(hour from v.hour at time zone ${TZ})::int as "hour", sum(v.views)::int as "views"`,
      sql`and v.hour >= ${dayStart(b.start)} group by 1`,
    ),
  );
}

export interface Compared {
  current: number;
  previous: number;
}

/** Views per table (QR codes with `?mesa=N`), in both periods. */
export function viewsPerTable(db: Executor, establishmentId: string, b: Bounds): Promise<({ table: number } & Compared)[]> {
  return rowsOf(
    db,
    views(establishmentId, b, sql`v.table_no as "table", ${periods(sql`v.views`, sql`v.hour`, b)}`, sql`and v.table_no > 0 group by 1`),
  );
}

function events(establishmentId: string, b: Bounds, kind: string, select: SQL, join: SQL, tail: SQL) {
  return sql`select ${select}
    from ${menuEventCounts} e join ${wineMenus} m on m.id = e.menu_id ${join}
    where m.establishment_id = ${establishmentId}::uuid and e.kind = ${kind}
      and e.hour >= ${dayStart(b.previousStart)} and e.hour < ${dayEnd(b.end)}
    ${tail}`;
}

export interface OpenedWine extends Compared {
  wineId: string;
  name: string;
  menuName: string;
  available: boolean;
  cellarItemId: string | null;
}

/** The wines opened most in the current period (wines deleted since are left out). */
export function openedWines(db: Executor, establishmentId: string, b: Bounds, limit: number): Promise<OpenedWine[]> {
  return rowsOf(
    db,
    events(
      establishmentId,
      b,
      'open',
      sql`w.id::text as "wineId", w.name, m.name as "menuName", w.available, w.cellar_item_id::text as "cellarItemId", ${periods(sql`e.count`, sql`e.hour`, b)}`,
      sql`join ${menuWines} w on w.id::text = e.subject and w.menu_id = e.menu_id`,
      sql`group by w.id, w.name, m.name, w.available, w.cellar_item_id having sum(e.count) filter (where e.hour >= ${dayStart(b.start)}) > 0
        order by current desc, w.name limit ${limit}`,
    ),
  );
}

export interface SearchedWords extends Compared {
  words: string;
  found: number;
}

/** The words searched most in the current period, with the wines they found in the latest hour they were searched. */
export function searches(db: Executor, establishmentId: string, b: Bounds, limit: number, onlyNotFound: boolean): Promise<SearchedWords[]> {
  return rowsOf(
    db,
    events(
      establishmentId,
      b,
      'search',
      sql`e.subject as "words", ${periods(sql`e.count`, sql`e.hour`, b)},
        (array_agg(e.found order by e.hour desc, e.found))[1]::int as "found"`,
      sql``,
      // Searches older than 90 days are counted without their words (search-words-retention.ts).
      sql`and e.subject <> '' ${onlyNotFound ? sql`and e.found = 0` : sql``}
        group by e.subject having sum(e.count) filter (where e.hour >= ${dayStart(b.start)}) > 0
        order by current desc, e.subject limit ${limit}`,
    ),
  );
}

/** All searches of both periods, counted. */
export async function searchTotals(db: Executor, establishmentId: string, b: Bounds): Promise<Compared> {
  const [row] = await rowsOf<Compared>(db, events(establishmentId, b, 'search', periods(sql`e.count`, sql`e.hour`, b), sql``, sql``));
  return row ?? { current: 0, previous: 0 };
}

/** The filters used most in the current period ("pais=Chile"). */
export function filters(db: Executor, establishmentId: string, b: Bounds, limit: number): Promise<({ subject: string } & Compared)[]> {
  return rowsOf(
    db,
    events(
      establishmentId,
      b,
      'filter',
      sql`e.subject as "subject", ${periods(sql`e.count`, sql`e.hour`, b)}`,
      sql``,
      sql`group by e.subject having sum(e.count) filter (where e.hour >= ${dayStart(b.start)}) > 0
        order by current desc, e.subject limit ${limit}`,
    ),
  );
}

export interface LanguageCounts {
  lang: string;
  visits: number;
  searches: number;
  filters: number;
}

/** Visits, searches and filters of the current period per language the guests read the menus in (issue 28). */
export function perLanguage(db: Executor, establishmentId: string, b: Bounds): Promise<LanguageCounts[]> {
  const from = dayStart(b.start);
  const to = dayEnd(b.end);
  return rowsOf(
    db,
    sql`with mine as (select id from ${wineMenus} where establishment_id = ${establishmentId}::uuid),
      visits as (
        select v.lang, sum(v.views)::int as n from ${menuViewCounts} v
        where v.menu_id in (select id from mine) and v.hour >= ${from} and v.hour < ${to} group by v.lang
      ),
      done as (
        select e.lang, coalesce(sum(e.count) filter (where e.kind = 'search'), 0)::int as searches,
          coalesce(sum(e.count) filter (where e.kind = 'filter'), 0)::int as filters
        from ${menuEventCounts} e
        where e.menu_id in (select id from mine) and e.kind in ('search', 'filter') and e.hour >= ${from} and e.hour < ${to}
        group by e.lang
      )
      select coalesce(v.lang, d.lang) as "lang", coalesce(v.n, 0)::int as "visits", coalesce(d.searches, 0)::int as "searches",
        coalesce(d.filters, 0)::int as "filters"
      from visits v full join done d on d.lang = v.lang`,
  );
}

export async function establishmentExists(db: Executor, establishmentId: string): Promise<boolean> {
  const rows = await rowsOf(db, sql`select 1 from ${establishments} where id = ${establishmentId}::uuid`);
  return rows.length > 0;
}
