/**
 * Catalogue search without HTTP, for tuning: migrates a fresh database (PGlite in a temp dir, or a new database on
 * the PostgreSQL server of BENCH_POSTGRES_URL, dropped after), inserts BENCH_CATALOG_SIZE wines and times
 * CatalogSearch (decisions 0030, 0036) once its index is loaded for every bench term, alone and with a country filter (median of 5).
 * Usage: node --import tsx bench/search-terms-timing.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.js';
import { CatalogSearch } from '../src/server/modules/catalog/catalog-search.js';
import { insertCatalogue } from './catalog-fixture.js';
import { createBenchDatabase } from './postgres-database.js';
import { SEARCH_TERMS } from './search-terms.mjs';

const size = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const dir = mkdtempSync(path.join(tmpdir(), 'adega-plans-'));
const server = process.env.BENCH_POSTGRES_URL ? await createBenchDatabase(process.env.BENCH_POSTGRES_URL) : undefined;
const database = await openDatabase(server ? { databaseUrl: server.url } : { dataDir: dir });
try {
  let t0 = performance.now();
  await insertCatalogue(database.db, size);
  process.stdout.write(`${size} wines in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.kind}\n`);
  const searcher = new CatalogSearch(database.db);
  await searcher.whenLoaded();
  const search = (_db: unknown, c: Parameters<CatalogSearch['search']>[0]) => searcher.search(c);
  const cases = SEARCH_TERMS.flatMap((q) => [
    { q, limit: 50, offset: 0 },
    { q, country: 'Brasil', limit: 50, offset: 0 },
  ]);
  cases.push({ q: '', limit: 50, offset: 0 }, { q: 'gran', limit: 50, offset: 950 });
  for (const c of cases) {
    const times: number[] = [];
    let result: Awaited<ReturnType<CatalogSearch['search']>> | undefined;
    for (let i = 0; i < 5; i++) {
      t0 = performance.now();
      result = await search(database.db, c);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const label = `${c.q}${'country' in c ? ' +country' : ''}${c.offset ? ` @${c.offset}` : ''}`;
    process.stdout.write(
      `${label.padEnd(32)} ${times[2]?.toFixed(1).padStart(7)} ms  ${result?.rows.length} rows, total ${result?.total}${result?.capped ? '+' : ''}\n`,
    );
  }
} finally {
  await database.close();
  await server?.drop();
  rmSync(dir, { recursive: true, force: true });
}
