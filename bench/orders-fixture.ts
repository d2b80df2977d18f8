import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.js';

/**
 * `count` orders over the last two years (5 items each on average) for 200 suppliers and 100 establishments, in
 * INSERT ... SELECT generate_series batches. Statuses look like a real marketplace: old orders delivered (some
 * cancelled, a few forgotten as pending), recent ones spread over every status. Money is exact: each total is the
 * sum of its items, the commission 10% of it. The analytics trigger is off during the load and the daily summary
 * rebuilt once after (analytics_supplier_daily_rebuild, migration 0006).
 */
const BATCH = 50_000;
export const BENCH_SUPPLIERS = 200;
export const BENCH_ESTABLISHMENTS = 100;

export async function insertOrders(db: Db, count: number): Promise<void> {
  // One transaction without the app's statement timeout: a batch on a busy server takes longer than a request may.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await load(tx as unknown as Db, count);
  });
  await db.execute(sql`analyze`);
}

async function load(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    insert into suppliers (name, company_name, email, phone, commission_rate, contract_start_date, contract_end_date)
    select 'Contato ' || g, 'Importadora Bench ' || lpad(g::text, 3, '0'), 'fornecedor' || g || '@bench.test', '+5511999990000', 10,
      current_date - 700, current_date + (g % 400)
    from generate_series(1, ${BENCH_SUPPLIERS}) g`);
  await db.execute(sql`
    insert into establishments (name, slug)
    select 'Restaurante Bench ' || g, 'restaurante-bench-' || g from generate_series(1, ${BENCH_ESTABLISHMENTS}) g`);
  await db.execute(sql`alter table orders disable trigger orders_analytics_sync`);
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await db.execute(sql`
      with s as (select array_agg(id order by company_name) as ids from suppliers where company_name like 'Importadora Bench %'),
      e as (select array_agg(id order by slug) as ids from establishments where slug like 'restaurante-bench-%'),
      src as (
        select g, now() - ((g::bigint * 7919) % 730) * interval '1 day' - ((g::bigint * 104729) % 86400) * interval '1 second' as at,
          1 + (g % 9) as items,
          (select sum((1 + (g + i) % 6) * (40.90 + ((g * 7 + i * 13) % 400))) from generate_series(1, 1 + g % 9) i) as total
        from generate_series(${from}::int, ${to}::int) g
      )
      insert into orders (id, establishment_id, supplier_id, status, order_date, total_amount, commission_rate, commission_amount)
      select md5('bench-order-' || g)::uuid, e.ids[1 + (g * 31) % ${BENCH_ESTABLISHMENTS}], s.ids[1 + (g * 17) % ${BENCH_SUPPLIERS}],
        case
          when at < now() - interval '30 days' then (case when g % 50 = 0 then 'cancelled' when g % 997 = 0 then 'pending' else 'delivered' end)
          else (array['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'])[1 + g % 5]
        end,
        at, total, 10, round(total * 0.10, 2)
      from src, s, e`);
    await db.execute(sql`
      insert into order_items (order_id, wine_name, quantity, unit_price, line_total)
      select md5('bench-order-' || g)::uuid, 'Vinho ' || ((g * 7 + i * 13) % 400), 1 + (g + i) % 6, 40.90 + ((g * 7 + i * 13) % 400),
        (1 + (g + i) % 6) * (40.90 + ((g * 7 + i * 13) % 400))
      from generate_series(${from}::int, ${to}::int) g, generate_series(1, 1 + g % 9) i`);
  }
  await db.execute(sql`alter table orders enable trigger orders_analytics_sync`);
  await db.execute(sql`select analytics_supplier_daily_rebuild()`);
}
