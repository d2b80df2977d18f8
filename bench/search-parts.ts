/**
 * Where a catalogue search's time goes (decision 0069): the in-memory index's part (`find`) and the page's read in SQL
 * (`findPage`) timed apart, and a search right after a write split into its change-log read and the rest, over
 * BENCH_CATALOG_SIZE generated wines (default 50,000) on PGlite (in its worker thread, as the server runs it) or, with
 * BENCH_POSTGRES_URL, a database of its own on that server. Besides wall time it prints this thread's CPU time per
 * query: on a shared machine the wall time is mostly waiting for a core, the CPU time is what the code costs.
 * Usage: NODE_ENV=production node --import tsx bench/search-parts.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { CatalogSearch, COUNT_CAP } from '../src/server/modules/catalog/catalog-search.js';
import { changesSince, findPage } from '../src/server/modules/catalog/repository.js';
import { foldText, searchTerms } from '../src/shared/text-search.js';
import { insertCatalogue } from './catalog-fixture.js';
import { createBenchDatabase } from './postgres-database.js';
import { SEARCH_TERMS } from './search-terms.mjs';

const size = Number(process.env.BENCH_CATALOG_SIZE ?? 50_000);
const dir = mkdtempSync(path.join(tmpdir(), 'adega-search-parts-'));
const server = process.env.BENCH_POSTGRES_URL ? await createBenchDatabase(process.env.BENCH_POSTGRES_URL) : undefined;
const database = await openDatabase(server ? { databaseUrl: server.url } : { dataDir: dir });
const cases = SEARCH_TERMS.flatMap((q) => [
  { q, country: '' },
  { q, country: 'Brasil' },
]);
const criteria = (c: (typeof cases)[number]) => ({ words: searchTerms(c.q), country: foldText(c.country), grape: '', style: '' });

/** Runs every case `rounds` times; prints p50/p95 of wall time and the mean CPU time of this thread per run. */
async function series(label: string, run: (c: (typeof cases)[number], i: number) => Promise<unknown> | unknown, rounds = 3) {
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of cases.entries()) {
      const t0 = performance.now();
      const timed = await run(c, r * cases.length + i);
      times.push(typeof timed === 'number' ? timed : performance.now() - t0);
    }
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] as number;
  process.stdout.write(
    `  ${label.padEnd(40)} p50 ${at(50).toFixed(2).padStart(7)} ms   p95 ${at(95).toFixed(2).padStart(7)} ms   max ${at(100).toFixed(1).padStart(7)} ms   cpu ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(2).padStart(6)} ms/query\n`,
  );
}

try {
  let t0 = performance.now();
  await insertCatalogue(database.db, size);
  process.stdout.write(
    `catalogue search by parts, ${size} wines on ${database.kind} (inserted in ${((performance.now() - t0) / 1000).toFixed(0)} s)\n`,
  );
  const search = new CatalogSearch(database.db);
  t0 = performance.now();
  await search.whenLoaded();
  const index = (search as unknown as { index: import('../src/server/modules/catalog/search-index.js').CatalogSearchIndex }).index;
  process.stdout.write(`  (index loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  const pages = new Map<string, string[]>();
  await series('index.find, 25 a page', (c): undefined => {
    const { ids } = index.find(criteria(c), 0, 25, COUNT_CAP);
    pages.set(`${c.q}|${c.country}`, ids);
  });
  await series('findPage (25 ids, in SQL)', (c) => findPage(database.db, pages.get(`${c.q}|${c.country}`) ?? []));
  await series('the whole search', (c) => search.search({ q: c.q, country: c.country, limit: 25, offset: 0 }));
  const { rows: ids } = (await database.db.execute(sql`select id from catalog_wines order by id limit 50`)) as unknown as {
    rows: { id: string }[];
  };
  const rename = (i: number) =>
    database.db.execute(sql`update catalog_wines set name = ${`Bench Escrito ${i}`} where id = ${ids[i % ids.length]?.id ?? ''}::uuid`);
  await series(
    'changesSince after a write (write untimed)',
    async (_c, i) => {
      await rename(i);
      const r0 = performance.now();
      await changesSince(database.db, index.revision, 2_000);
      return performance.now() - r0;
    },
    1,
  );
  await series(
    'the search after a write (write untimed)',
    async (c, i) => {
      await rename(1000 + i);
      const r0 = performance.now();
      await search.search({ q: c.q, country: c.country, limit: 25, offset: 0 });
      return performance.now() - r0;
    },
    1,
  );
} finally {
  await database.close();
  await server?.drop();
  rmSync(dir, { recursive: true, force: true });
}
