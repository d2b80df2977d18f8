/**
 * Benchmark target: the real app (buildApp) on a temporary DATA_DIR (PGlite), seeded with the Pedra da Ilha
 * sample and 50,000 catalogue wines. Started by scripts/bench.mjs as a child process; prints one JSON line
 * {port, token, seed, catalogWines} on stdout when ready, then serves until killed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Db } from '../src/server/db/client.js';
import { toColumns } from '../src/server/db/row-mapping.js';
import { establishments, menuWines, users, wineMenus } from '../src/server/db/schema/index.js';
import { createTokenSigner } from '../src/server/modules/auth/tokens.js';
import { loadSampleData } from '../src/server/modules/seed/sample-data.js';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
});
const app = await buildApp(config);
const db = app.database.db;

const [admin] = await db
  .insert(users)
  .values({ email: `bench-${Date.now()}@adega.test`, passwordHash: 'x', role: 'admin' })
  .returning();
if (!admin) throw new Error('admin not created');
const token = await createTokenSigner(config.jwtSecret).sign(admin);

// The sample data through its own endpoint when it exists; otherwise the same data inserted here.
let seed = 'POST /api/seed/pedra-da-ilha';
const seeded = await app.inject({ method: 'POST', url: '/api/seed/pedra-da-ilha', headers: { authorization: `Bearer ${token}` } });
if (seeded.statusCode >= 300) {
  seed = `direct insert (seed endpoint answered ${seeded.statusCode})`;
  await insertSample(db);
}
await insertCatalogue(db, CATALOG_SIZE);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`catalog_wines`);
process.stdout.write(`${JSON.stringify({ port, token, seed, catalogWines: n })}\n`);

const stop = async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

async function insertSample(db: Db) {
  const sample = await loadSampleData();
  const [est] = await db.insert(establishments).values(toColumns(sample.establishment)).returning();
  if (!est) throw new Error('establishment not created');
  const [menu] = await db
    .insert(wineMenus)
    .values({ ...sample.menu, establishmentId: est.id })
    .returning();
  if (!menu) throw new Error('menu not created');
  await db.insert(menuWines).values(sample.wines.map((w, position) => ({ menuId: menu.id, position, ...toColumns(w) })));
}

/**
 * `count` catalogue wines in one INSERT ... SELECT generate_series: combinations of the real sample wines'
 * names, producers, regions and grapes, with search_text folded in SQL exactly as foldText() does for these letters.
 */
async function insertCatalogue(db: Db, count: number) {
  const { catalog } = await loadSampleData();
  const pick = (f: (w: (typeof catalog)[number]) => string | null) => [...new Set(catalog.map(f).filter((v) => v !== null))];
  const names = pick((w) => w.name);
  const producers = pick((w) => w.producer);
  const regions = pick((w) => w.region);
  const grapes = pick((w) => w.grape_variety);
  const countries = pick((w) => w.country);
  const styles = pick((w) => w.wine_style);
  const fold = (expr: ReturnType<typeof sql>) =>
    sql`lower(translate(${expr}, 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy'))`;
  const arr = (values: string[]) =>
    sql`${`{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;
  await db.execute(sql`
    with src as (
      select g,
        (${arr(names)})[1 + (g * 7) % ${names.length}] || ' ' || (1990 + g % 35)::text || ' #' || g::text as name,
        (${arr(producers)})[1 + (g * 13) % ${producers.length}] as producer,
        (${arr(regions)})[1 + (g * 17) % ${regions.length}] as region,
        (${arr(grapes)})[1 + (g * 19) % ${grapes.length}] as grape,
        (${arr(countries)})[1 + g % ${countries.length}] as country,
        (${arr(styles)})[1 + (g * 3) % ${styles.length}] as style
      from generate_series(1, ${count}) g
    )
    insert into catalog_wines (name, producer, region, grape_variety, country, wine_style, vintage, price_reference, volume, search_text)
    select name, producer, region, grape, country, style, 1990 + g % 35, round((50 + (g % 950))::numeric, 2), '750ml',
      ${fold(sql`name || ' ' || producer || ' ' || region || ' ' || grape`)}
    from src`);
  await db.execute(sql`analyze catalog_wines`);
}
