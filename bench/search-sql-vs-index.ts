/**
 * Decision 0037's measurement: the catalogue search in SQL (`like '%word%'` on the folded columns, name order, count
 * capped at 1,000; the fallback a process answers with while its index loads) without and with a trigram GIN index,
 * against the in-memory index, on BENCH_CATALOG_SIZE generated wines (default 50,000). The search alone, no HTTP:
 * each bench term alone and with a country filter, 25 wines a page, median of 3 per query; p50/p95 over the queries.
 * PGlite in a temporary directory, or a database of its own on BENCH_POSTGRES_URL (dropped after).
 * Usage: NODE_ENV=production node --import tsx bench/search-sql-vs-index.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { CatalogSearch, COUNT_CAP } from '../src/server/modules/catalog/catalog-search.js';
import { searchPage } from '../src/server/modules/catalog/repository.js';
import { foldText, searchTerms } from '../src/shared/text-search.js';
import { insertCatalogue } from './catalog-fixture.js';
import { createBenchDatabase } from './postgres-database.js';
import { SEARCH_TERMS } from './search-terms.mjs';

const size = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const dir = mkdtempSync(path.join(tmpdir(), 'adega-sql-vs-index-'));
const server = process.env.BENCH_POSTGRES_URL ? await createBenchDatabase(process.env.BENCH_POSTGRES_URL) : undefined;
const database = await openDatabase(server ? { databaseUrl: server.url } : { dataDir: dir });
const cases = SEARCH_TERMS.flatMap((q) => [
  { q, country: '' },
  { q, country: 'Brasil' },
]);

async function series(label: string, run: (c: (typeof cases)[number]) => Promise<unknown>) {
  const medians: number[] = [];
  for (const c of cases) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await run(c);
      times.push(performance.now() - t0);
    }
    medians.push(times.sort((a, b) => a - b)[1] as number);
  }
  medians.sort((a, b) => a - b);
  const at = (p: number) => medians[Math.min(medians.length - 1, Math.ceil((p / 100) * medians.length) - 1)] as number;
  process.stdout.write(
    `  ${label.padEnd(34)} p50 ${at(50).toFixed(1).padStart(7)} ms   p95 ${at(95).toFixed(1).padStart(7)} ms   max ${at(100).toFixed(1).padStart(7)} ms\n`,
  );
}

try {
  await insertCatalogue(database.db, size);
  process.stdout.write(`catalogue search alone, ${size} wines on ${database.kind}, ${cases.length} queries (25 wines a page):\n`);
  const sqlSearch = (c: (typeof cases)[number]) =>
    searchPage(database.db, { words: searchTerms(c.q), country: foldText(c.country), grape: '', style: '' }, 0, 25, COUNT_CAP);
  await series('SQL, no trigram index', sqlSearch);
  let t0 = performance.now();
  // Longer than the pool's timeouts at 500,000 wines: a connection of its own, without them.
  const createIndex = 'create index bench_trgm on catalog_wines using gin (search_text gin_trgm_ops)';
  if (server) {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(createIndex).finally(() => client.end());
  } else await database.db.execute(sql.raw(createIndex));
  await database.db.execute(sql`analyze catalog_wines`);
  process.stdout.write(`  (trigram GIN index built in ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  await series('SQL with a trigram GIN index', sqlSearch);
  const search = new CatalogSearch(database.db);
  t0 = performance.now();
  await search.whenLoaded();
  process.stdout.write(`  (in-memory index loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  await series('in-memory index + the page in SQL', (c) => search.search({ q: c.q, country: c.country, limit: 25, offset: 0 }));
} finally {
  await database.close();
  await server?.drop();
  rmSync(dir, { recursive: true, force: true });
}
