import { eq, sql } from 'drizzle-orm';
import { DEAD_STOCK_DAYS, type Pricing } from '../../../shared/menu-engineering.js';
import type { Executor } from '../../db/client.js';
import { menuEngineeringSettings, wineMenus } from '../../db/schema/index.js';

/** The instants a period covers: from its first São Paulo midnight to the one after its last day. */
export interface Span {
  from: Date;
  to: Date;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const cents = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100));

const pricingOf = (r: Record<string, unknown>): Pricing => ({
  price_cents: cents(r.price) ?? 0,
  by_the_glass: Boolean(r.by_the_glass),
  glass_price_cents: cents(r.glass_price),
  glass_doses: Number(r.glass_doses),
  glass_markup_percent: num(r.glass_markup_percent),
});

export async function findMenu(db: Executor, id: string) {
  const [row] = await db
    .select({ id: wineMenus.id, name: wineMenus.name, establishmentId: wineMenus.establishmentId })
    .from(wineMenus)
    .where(eq(wineMenus.id, id));
  return row;
}

export interface MenuWineNow {
  id: string;
  name: string;
  category: string;
  cellarItemId: string | null;
  pricing: Pricing;
  onHand: number;
  unitCostCents: number | null;
}

/** The menu's wines in their order, priced as today, with their cellar item's count and cost. */
export async function menuWinesNow(db: Executor, menuId: string): Promise<MenuWineNow[]> {
  const result = await db.execute(sql`
    select mw.id, mw.name, mw.category, mw.cellar_item_id, mw.price, mw.by_the_glass, mw.glass_price, mw.glass_doses,
      mw.glass_markup_percent, coalesce(ci.on_hand, 0) as on_hand,
      coalesce(ci.avg_cost_cents, round(ci.last_unit_cost * 100)::integer) as unit_cost
    from menu_wines mw left join cellar_items ci on ci.id = mw.cellar_item_id
    where mw.menu_id = ${menuId}
    order by mw.position, mw.id`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    name: String(r.name),
    category: String(r.category),
    cellarItemId: r.cellar_item_id ? String(r.cellar_item_id) : null,
    pricing: pricingOf(r),
    onHand: Number(r.on_hand),
    unitCostCents: num(r.unit_cost),
  }));
}

export interface SoldAtPrice {
  menuWineId: string;
  pricing: Pricing;
  bottles: number;
  glasses: number;
  bottleCost: number | null;
  glassCost: number | null;
  /** Sales of this span whose cost was not known. */
  withoutCost: number;
}

/**
 * What each menu wine's cellar item sold in the period, per price it had: the price history's spans (the first one
 * reaching back to any earlier sale, whose price was not kept) clipped to the period, each summed over its São Paulo
 * days (decision 0103): the whole days a span covers from cellar_sales_days (a row an item a day), the hours of a day
 * it covers in part (a price changed that day) from the ledger's movements; then given the span's prices.
 * The period's bounds are repeated on each side for the planner, which the spans' own bounds do not tell that only
 * the period's rows of the establishments' days and movements are wanted.
 */
export async function salesByPrice(db: Executor, menuId: string, span: Span): Promise<SoldAtPrice[]> {
  const from = span.from.toISOString();
  const to = span.to.toISOString();
  const result = await db.execute(sql`
    with prices as (
      select p.menu_wine_id, p.valid_from, mw.cellar_item_id,
        row_number() over (partition by p.menu_wine_id order by p.valid_from) as n,
        lead(p.valid_from) over (partition by p.menu_wine_id order by p.valid_from) as valid_to
      from menu_wine_prices p join menu_wines mw on mw.id = p.menu_wine_id
      where mw.menu_id = ${menuId} and mw.cellar_item_id is not null
    ), clipped as (
      select menu_wine_id, valid_from, cellar_item_id,
        greatest(case when n = 1 then '-infinity'::timestamptz else valid_from end, ${from}::timestamptz) as span_from,
        least(coalesce(valid_to, 'infinity'::timestamptz), ${to}::timestamptz) as span_to
      from prices
    ), local as (
      select *, (span_from at time zone 'America/Sao_Paulo') as local_from, (span_to at time zone 'America/Sao_Paulo')::date as end_day
      from clipped where span_from < span_to
    ), spans as (
      -- Whole days: from the first midnight at or after the span's start to the last at or before its end.
      select menu_wine_id, valid_from, cellar_item_id, span_from, span_to,
        local_from::date + case when local_from::time = time '00:00' then 0 else 1 end as first_day, end_day
      from local
    ), bounded as (
      select *, first_day::timestamp at time zone 'America/Sao_Paulo' as first_midnight,
        end_day::timestamp at time zone 'America/Sao_Paulo' as last_midnight
      from spans
    ), whole_days as (
      select s.menu_wine_id, s.valid_from, sum(d.bottles) as bottles, sum(d.glasses) as glasses,
        sum(d.bottle_cost_cents) as bottle_cost, sum(d.glass_cost_cents) as glass_cost, sum(d.without_cost) as without_cost
      from bounded s
      join cellar_sales_days d on d.cellar_item_id = s.cellar_item_id and d.day >= s.first_day and d.day < s.end_day
      where s.first_day < s.end_day
        and d.establishment_id = any(array(
          select distinct ci.establishment_id from cellar_items ci join menu_wines mw on mw.cellar_item_id = ci.id
          where mw.menu_id = ${menuId}))
        and d.day >= (${from}::timestamptz at time zone 'America/Sao_Paulo')::date
        and d.day < (${to}::timestamptz at time zone 'America/Sao_Paulo')::date
      group by s.menu_wine_id, s.valid_from
    ), part_hours as (
      -- Before the span's first midnight, and from its last midnight (never before the first) to its end: two ranges
      -- apart, so each is read from the item's index on created_at.
      select menu_wine_id, valid_from, cellar_item_id, span_from as part_from, least(first_midnight, span_to) as part_to
      from bounded where span_from < first_midnight
      union all
      select menu_wine_id, valid_from, cellar_item_id, greatest(last_midnight, first_midnight), span_to
      from bounded where greatest(last_midnight, first_midnight) < span_to
    ), part_days as (
      -- Lateral: a few index reads a range (the planner, not knowing how short the ranges are, would scan the ledger).
      select s.menu_wine_id, s.valid_from, sum(p.bottles) as bottles, sum(p.glasses) as glasses,
        sum(p.bottle_cost) as bottle_cost, sum(p.glass_cost) as glass_cost, sum(p.without_cost) as without_cost
      from part_hours s
      cross join lateral (
        select coalesce(sum(-m.delta) filter (where m.reason = 'sale'), 0) as bottles,
          count(*) filter (where m.reason = 'glass_sale') as glasses,
          coalesce(sum(m.cost_cents) filter (where m.reason = 'sale'), 0) as bottle_cost,
          coalesce(sum(m.cost_cents) filter (where m.reason = 'glass_sale'), 0) as glass_cost,
          count(*) filter (where m.cost_cents is null) as without_cost
        from cellar_movements m
        where m.cellar_item_id = s.cellar_item_id and m.created_at >= s.part_from and m.created_at < s.part_to
          and m.reason in ('sale', 'glass_sale')
      ) p
      where s.part_from < s.part_to
      group by s.menu_wine_id, s.valid_from
    ), sold as (
      select menu_wine_id, valid_from, sum(bottles) as bottles, sum(glasses) as glasses, sum(bottle_cost) as bottle_cost,
        sum(glass_cost) as glass_cost, sum(without_cost) as without_cost
      from (select * from whole_days union all select * from part_days) parts
      group by menu_wine_id, valid_from
    )
    select p.menu_wine_id, p.valid_from, p.price, p.by_the_glass, p.glass_price, p.glass_doses, p.glass_markup_percent,
      sold.bottles, sold.glasses, sold.bottle_cost, sold.glass_cost, sold.without_cost
    from sold join menu_wine_prices p on p.menu_wine_id = sold.menu_wine_id and p.valid_from = sold.valid_from`);
  return rowsOf(result).map((r) => ({
    menuWineId: String(r.menu_wine_id),
    pricing: pricingOf(r),
    bottles: Number(r.bottles),
    glasses: Number(r.glasses),
    bottleCost: num(r.bottle_cost),
    glassCost: num(r.glass_cost),
    withoutCost: Number(r.without_cost),
  }));
}

/** Guests who opened each of the menu's wines in the period (the insights' counts). */
export async function opensByWine(db: Executor, menuId: string, span: Span): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select subject, sum(count)::integer as opens from menu_event_counts
    where menu_id = ${menuId} and kind = 'open' and hour >= ${span.from.toISOString()}::timestamptz
      and hour < ${span.to.toISOString()}::timestamptz
    group by subject`);
  return new Map(rowsOf(result).map((r) => [String(r.subject), Number(r.opens)]));
}

/** Per cellar item: the bottles it had as the period began plus those that came in during it. */
export async function availableBottles(db: Executor, itemIds: readonly string[], span: Span): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select ci.id,
      coalesce((select m.on_hand_after from cellar_movements m where m.cellar_item_id = ci.id
        and m.created_at < ${span.from.toISOString()}::timestamptz order by m.created_at desc limit 1), 0)
      + coalesce((select sum(m.delta) from cellar_movements m where m.cellar_item_id = ci.id and m.delta > 0
        and m.created_at >= ${span.from.toISOString()}::timestamptz and m.created_at < ${span.to.toISOString()}::timestamptz), 0)
        as available
    from cellar_items ci where ci.id in ${itemIds}`);
  return new Map(rowsOf(result).map((r) => [String(r.id), Number(r.available)]));
}

export interface DeadStockRow {
  id: string;
  name: string;
  onHand: number;
  unitCostCents: number | null;
  lastSaleAt: Date | null;
}

/** The establishment's wines with bottles on hand and no sale for DEAD_STOCK_DAYS (nor since they came in). */
export async function deadStock(db: Executor, establishmentId: string): Promise<DeadStockRow[]> {
  const result = await db.execute(sql`
    select ci.id, ci.name, ci.on_hand, coalesce(ci.avg_cost_cents, round(ci.last_unit_cost * 100)::integer) as unit_cost,
      last_sale.at as last_sale_at
    from cellar_items ci
    left join lateral (select m.created_at as at from cellar_movements m where m.cellar_item_id = ci.id
      and m.reason in ('sale', 'glass_sale') order by m.created_at desc limit 1) last_sale on true
    where ci.establishment_id = ${establishmentId} and ci.on_hand > 0
      and coalesce(last_sale.at, ci.created_at) < now() - make_interval(days => ${DEAD_STOCK_DAYS})
    order by ci.on_hand * coalesce(ci.avg_cost_cents, round(ci.last_unit_cost * 100)::integer, 0) desc, ci.name`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    name: String(r.name),
    onHand: Number(r.on_hand),
    unitCostCents: num(r.unit_cost),
    lastSaleAt: r.last_sale_at instanceof Date ? r.last_sale_at : r.last_sale_at ? new Date(String(r.last_sale_at)) : null,
  }));
}

export async function targetMargin(db: Executor, establishmentId: string): Promise<number | null> {
  const [row] = await db
    .select({ target: menuEngineeringSettings.targetMarginPercent })
    .from(menuEngineeringSettings)
    .where(eq(menuEngineeringSettings.establishmentId, establishmentId));
  return row?.target ?? null;
}

export async function setTargetMargin(db: Executor, establishmentId: string, target: number | null): Promise<number | null> {
  const before = await targetMargin(db, establishmentId);
  if (target === null) {
    await db.delete(menuEngineeringSettings).where(eq(menuEngineeringSettings.establishmentId, establishmentId));
  } else {
    await db
      .insert(menuEngineeringSettings)
      .values({ establishmentId, targetMarginPercent: target })
      .onConflictDoUpdate({
        target: menuEngineeringSettings.establishmentId,
        set: { targetMarginPercent: target, updatedAt: sql`now()` },
      });
  }
  return before;
}
