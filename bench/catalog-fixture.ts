import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.js';
import { foldSqlText } from '../src/server/db/fold-sql.js';
import { loadSampleData } from '../src/server/modules/seed/sample-data.js';

/**
 * `count` catalogue wines in one INSERT ... SELECT generate_series: combinations of the real sample wines'
 * names, producers, regions, grapes and styles, with search_text folded in SQL exactly as foldText() does
 * (catalogSearchText). Rows go in batches of 10,000 so 500,000 wines fit the memory of PGlite and a batch stays within the statement timeout on a busy machine.
 */
const BATCH = 10_000;

export async function insertCatalogue(db: Db, count: number) {
  const { catalog } = await loadSampleData();
  const pick = (f: (w: (typeof catalog)[number]) => string | null) => [...new Set(catalog.map(f).filter((v) => v !== null))];
  const names = pick((w) => w.name);
  const producers = pick((w) => w.producer);
  const regions = pick((w) => w.region);
  const grapes = pick((w) => w.grape_variety);
  const countries = pick((w) => w.country);
  const styles = pick((w) => w.wine_style);
  const arr = (values: string[]) =>
    sql`${`{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;
  for (let from = 1; from <= count; from += BATCH) {
    await db.execute(sql`
    with src as (
      select g,
        (${arr(names)})[1 + (g * 7) % ${names.length}] || ' ' || (1990 + g % 35)::text || ' #' || g::text as name,
        (${arr(producers)})[1 + (g * 13) % ${producers.length}] as producer,
        (${arr(regions)})[1 + (g * 17) % ${regions.length}] as region,
        (${arr(grapes)})[1 + (g * 19) % ${grapes.length}] as grape,
        (${arr(countries)})[1 + g % ${countries.length}] as country,
        (${arr(styles)})[1 + (g * 3) % ${styles.length}] as style
      from generate_series(${from}::int, ${Math.min(count, from + BATCH - 1)}::int) g
    )
    insert into catalog_wines (name, producer, region, grape_variety, country, wine_style, vintage, price_reference, volume, search_text)
    select name, producer, region, grape, country, style, 1990 + g % 35, round((50 + (g % 950))::numeric, 2), '750ml',
      ${sql.raw(foldSqlText("name || ' ' || producer || ' ' || region || ' ' || grape || ' ' || style"))}
    from src`);
  }
  // Vacuumed as well: on a PostgreSQL server autovacuum would otherwise visit the new rows while the benchmark measures.
  await db.execute(sql`vacuum analyze catalog_wines`);
}
