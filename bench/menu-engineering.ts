/**
 * npm run bench, part (l) (alone with BENCH_ONLY=menu-engineering; BENCH_SKIP_MENU_ENGINEERING=1 leaves it out): issue
 * 32's menu engineering at volume. One establishment whose menu has BENCH_ENGINEERING_WINES (500) wines, each linked to
 * a cellar item with a cost and sold over two years: 2,000 cellar movements per item (1,000,000 in all; a delivery of
 * 25 bottles every 25 movements, otherwise bottle sales, a glass sale every third movement of every fifth wine (sold by
 * the glass), now and then a breakage; every movement with its cost_cents, the unit cost rising 12 % over the two years;
 * ten wines stop selling 130 days ago: dead stock), four prices per wine over the two years (menu_wine_prices rows
 * written directly, the last one the wine's price today), and BENCH_ENGINEERING_OPENS (200,000) guest opens of the
 * menu's wines as menu_event_counts rows (kind 'open', hourly): the opens sum to 200,000, in about as many rows (two
 * opens of one wine in one hour and language share a row). All of it in SQL generate_series, the Pedra da Ilha sample
 * beside it. The app runs in a child process (this file with `serve`), as production runs it: the built app (dist/,
 * which scripts/bench.mjs builds first), or the sources when there is no build.
 * Figures, on PGlite and, when BENCH_POSTGRES_URL or TEST_DATABASE_URL names a server, on PostgreSQL (a database of its
 * own there, dropped after); BENCH_TARGETS=pglite|postgres picks one:
 * 1. GET /api/wine-menus/:id/engineering: the first request after the start (days=30, the screen's default), then
 *    BENCH_ENGINEERING_REQUESTS (200) sequential requests mixing days=7, 30, 90 and a custom range (a quarter a year
 *    ago), p50/p95 per period and overall (aims: p95 <= 150 ms on PostgreSQL, <= 300 ms on PGlite); then 40 requests
 *    of the longest range the screen allows (366 days), apart.
 * 2. The 500-wine menu's public page, req/s (50 connections, BENCH_DURATION s, gzip) against bare node:http sending
 *    the same bytes, first with no engineering request, then while they flow (BENCH_ENGINEERING_FLOW a second, default
 *    1: a manager changing the period every second, from 2 clients, the same mix; bare node:http under the same flow),
 *    each in runs ordered app, bare, bare, app; aim: ratio >= 0.9.
 * Prints figures, asserts nothing; on a shared machine they are measured under whatever else runs.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/server/db/client.js';
import { addDays, calendarDay } from '../src/shared/time.js';
import { benchConfig } from './bench-config.js';
import { childProcesses, getRaw, type Started, startBareReplay, stop } from './child-processes.mjs';
import { percentile } from './percentile.mjs';
import { createBenchDatabase } from './postgres-database.js';
import { writers } from './writers.mjs';

type Target = 'pglite' | 'postgres';

const WINES = Number(process.env.BENCH_ENGINEERING_WINES ?? 500);
const MOVEMENTS_PER_WINE = 2_000;
const OPENS = Number(process.env.BENCH_ENGINEERING_OPENS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_ENGINEERING_REQUESTS ?? 200);
const FLOW = Number(process.env.BENCH_ENGINEERING_FLOW ?? 1);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const AIM_MS: Record<Target, number> = { postgres: 150, pglite: 300 };
const EST_SLUG = 'bistro-bench-engenharia';
const OWN_PAGE = `/${EST_SLUG}/carta-de-vinhos`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (s: string) => process.stdout.write(s);
const fmt = (n: number, d = 1) => n.toFixed(d);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ── The app with the data (the child process) ─────────

/**
 * The establishment, its menu, cellar, ledger, price history and opens, in one transaction without the statement
 * timeout. Ids are md5 of a name, so the statements join without looking anything up.
 */
async function generate(db: Db): Promise<{ menuId: string; movements: number; opens: number; openRows: number; priceRows: number }> {
  const item = (i: string) => sql.raw(`md5('bench-item-' || ${i})::uuid`);
  const wine = (i: string) => sql.raw(`md5('bench-wine-' || ${i})::uuid`);
  // What a bottle of item i cost at its k-th movement, in centavos: R$ 30 to R$ 179, 12 % more by the end.
  const unit = sql.raw(`(3000 + (i * 37) % 150 * 100) * (1 + 0.12 * k / ${MOVEMENTS_PER_WINE}.0)`);
  const unitNowText = 'round((3000 + (i * 37) % 150 * 100) * 1.12)';
  const unitNow = sql.raw(unitNowText);
  // Today's bottle price in reais: 2.4x to 3.3x the cost, ending in ,90.
  const priceNow = sql.raw(`(round(${unitNowText} * (2.4 + (i % 7) * 0.15) / 100) + 0.90)`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const [est] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into establishments (name, slug) values ('Bistrô Bench Engenharia', ${EST_SLUG}) returning id`),
    );
    if (!est) throw new Error('establishment not created');
    const [menu] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into wine_menus (establishment_id, name, slug) values (${est.id}, 'Carta de vinhos', 'carta-de-vinhos') returning id`),
    );
    if (!menu) throw new Error('menu not created');
    await tx.execute(sql`
      insert into cellar_items (id, establishment_id, name, producer, vintage, last_unit_cost, avg_cost_cents, created_at, updated_at)
      select ${item('i')}, ${est.id}, 'Vinho Bench ' || lpad(i::text, 3, '0'), 'Produtor ' || (i % 40), 2012 + i % 10,
        ${unitNow} / 100, ${unitNow}, now() - interval '731 days', now()
      from generate_series(1, ${WINES}) i`);
    // Every fifth wine by the glass (five glasses a bottle): half with a typed glass price, half from a 20 % markup.
    await tx.execute(sql`
      insert into menu_wines (id, menu_id, position, name, price, category, country, producer, vintage, grape_variety,
        cellar_item_id, by_the_glass, glass_price, glass_doses, glass_markup_percent, created_at, updated_at)
      select ${wine('i')}, ${menu.id}, i, 'Vinho Bench ' || lpad(i::text, 3, '0'), ${priceNow},
        (array['Tintos', 'Brancos', 'Espumantes', 'Rosés', 'Sobremesa'])[1 + (i / 3) % 5],
        (array['Brasil', 'Chile', 'Argentina', 'Portugal', 'França', 'Itália'])[1 + i % 6], 'Produtor ' || (i % 40), 2012 + i % 10,
        (array['Malbec', 'Cabernet Sauvignon', 'Chardonnay', 'Merlot', 'Touriga Nacional', 'Sauvignon Blanc'])[1 + i % 6],
        ${item('i')}, i % 5 = 0, case when i % 10 = 5 then round(${priceNow} / 4) + 0.90 end, 5,
        case when i % 10 = 0 then 20 end, now() - interval '731 days', now()
      from generate_series(1, ${WINES}) i`);
    // The trigger kept today's prices as of now; the history instead: four prices, 85 %, 90 %, 95 % and 100 % of
    // today's, from two years ago and about every six months after (each wine's change at an hour of its own).
    await tx.execute(sql`delete from menu_wine_prices where menu_wine_id in (select id from menu_wines where menu_id = ${menu.id})`);
    await tx.execute(sql`
      insert into menu_wine_prices (menu_wine_id, valid_from, price, by_the_glass, glass_price, glass_doses, glass_markup_percent)
      select mw.id, mw.created_at + j * interval '182 days' + (mw.position % 24) * interval '1 hour',
        case when j = 3 then mw.price else round(mw.price * (0.85 + 0.05 * j)) + 0.90 end,
        mw.by_the_glass, case when j = 3 then mw.glass_price else round(mw.glass_price * (0.85 + 0.05 * j)) + 0.90 end,
        mw.glass_doses, mw.glass_markup_percent
      from menu_wines mw, generate_series(0, 3) j
      where mw.menu_id = ${menu.id}`);
    // The ledger: each item's k-th movement at its k-th 2000th of the two years (of 600 days for the dead stock, every
    // fiftieth wine), with the count and open bottle it left; written in time order, the items' rows interleaved as a
    // real ledger's are.
    await tx.execute(sql`
      insert into cellar_movements (cellar_item_id, establishment_id, reason, delta, dose_delta, bottle_doses, on_hand_after,
        open_bottle_doses_after, cost_cents, created_at)
      select ${item('i')}, ${est.id}, reason, delta, dose_delta, case when reason = 'glass_sale' then 5 end,
        sum(delta) over w, coalesce(4 - (max(glass_no) over w) % 5, 0), cost, at
      from (
        select i, k, reason, glass_no, at,
          case reason when 'delivery' then 25 when 'glass_sale' then (case when glass_no % 5 = 0 then -1 else 0 end) else -1 end as delta,
          case when reason <> 'glass_sale' then 0 when glass_no % 5 = 0 then 4 else -1 end as dose_delta,
          (case reason when 'delivery' then 25 * round(unit) when 'glass_sale' then round(unit / 5) else round(unit) end)::integer as cost
        from (
          select i, k, reason, unit, at,
            case when reason = 'glass_sale' then row_number() over (partition by i, reason order by k) - 1 end as glass_no
          from (
            select i, k, ${unit} as unit,
              case when k % 25 = 0 then 'delivery'
                when k % 25 = 24 and (k / 25) % 4 = 3 then 'breakage'
                when i % 5 = 0 and k % 3 = 0 then 'glass_sale'
                else 'sale' end as reason,
              now() - interval '730 days'
                + (k + ((i * 7919 + k * 104729) % 1000) / 1000.0) * (case when i % 50 = 7 then 600 else 730 end)
                  / ${MOVEMENTS_PER_WINE}::numeric * interval '1 day' as at
            from generate_series(1, ${WINES}) i, generate_series(0, ${MOVEMENTS_PER_WINE - 1}) k
          ) t
        ) n
      ) m
      window w as (partition by i order by k)
      order by at`);
    await tx.execute(sql`
      update cellar_items ci set on_hand = last.on_hand_after, open_bottle_doses = last.open_bottle_doses_after
      from (select distinct on (cellar_item_id) cellar_item_id, on_hand_after, open_bottle_doses_after from cellar_movements
        where establishment_id = ${est.id} order by cellar_item_id, created_at desc) last
      where ci.id = last.cellar_item_id`);
    // Opens over the two years before today at service hours (11:00 to 23:00 in São Paulo), the first wines the most opened, one in ten
    // in English; written hour after hour, as the counter writes them.
    await tx.execute(sql`
      insert into menu_event_counts (menu_id, hour, kind, subject, found, lang, count)
      select ${menu.id}, hour, 'open', subject, 0, lang, count(*)
      from (
        select date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo'
            - (1 + (g::bigint * 7919) % 730) * interval '1 day' + (11 + (g::bigint * 104729) % 12) * interval '1 hour' as hour,
          md5('bench-wine-' || (1 + floor(${WINES} * power(((g::bigint * 2654435761) % 1000003) / 1000003.0, 2)))::int)::uuid::text
            as subject,
          case when g % 10 = 0 then 'en' else 'pt-BR' end as lang
        from generate_series(1, ${OPENS}) g
      ) o
      group by hour, subject, lang
      order by hour`);
    const [counts] = rowsOf<{ movements: number; opens: number; open_rows: number; price_rows: number }>(
      await tx.execute(sql`
        select (select count(*) from cellar_movements where establishment_id = ${est.id})::int as movements,
          (select coalesce(sum(count), 0) from menu_event_counts where menu_id = ${menu.id})::int as opens,
          (select count(*) from menu_event_counts where menu_id = ${menu.id})::int as open_rows,
          (select count(*) from menu_wine_prices p join menu_wines mw on mw.id = p.menu_wine_id where mw.menu_id = ${menu.id})::int as price_rows`),
    );
    if (!counts) throw new Error('nothing counted');
    return { menuId: menu.id, movements: counts.movements, opens: counts.opens, openRows: counts.open_rows, priceRows: counts.price_rows };
  });
}

/** The built server's module when dist/ holds it, else the source's (the same module, run through tsx). */
async function serverModule<T>(source: string): Promise<T> {
  const built = path.join(root, 'dist/node/server', `${source}.js`);
  return (await import(existsSync(built) ? built : `../src/server/${source}.js`)) as T;
}

/** The child: the app with the Pedra da Ilha sample and the generated house; prints one JSON line when listening. */
async function serve(target: Target, serverUrl: string | undefined) {
  const { buildApp } = await serverModule<typeof import('../src/server/app.js')>('app');
  const { users } = await serverModule<typeof import('../src/server/db/schema/index.js')>('db/schema/index');
  const { startSession } = await serverModule<typeof import('../src/server/modules/auth/sessions.js')>('modules/auth/sessions');
  const { createTokenSigner } = await serverModule<typeof import('../src/server/modules/auth/tokens.js')>('modules/auth/tokens');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-engineering-'));
  const benchDatabase = target === 'postgres' && serverUrl ? await createBenchDatabase(serverUrl) : undefined;
  const config = benchConfig(dataDir, benchDatabase?.url);
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    await benchDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const quit = () => close().then(() => process.exit(0));
  process.on('SIGTERM', quit);
  process.on('SIGINT', quit);
  try {
    const db = app.database.db;
    const [admin] = await db.insert(users).values({ email: 'bench-engineering@adega.test', passwordHash: 'x', role: 'admin' }).returning();
    if (!admin) throw new Error('admin not created');
    const token = await startSession(db, createTokenSigner(config.jwtSecret), admin.id);
    const seeded = await app.inject({ method: 'POST', url: '/api/seed/pedra-da-ilha', headers: { authorization: `Bearer ${token}` } });
    if (seeded.statusCode >= 300) throw new Error(`seed answered ${seeded.statusCode}`);
    const started = performance.now();
    // On PostgreSQL the load goes through a pool of its own: the app's pool times out statements meant for requests.
    const loader = benchDatabase ? new pg.Pool({ connectionString: benchDatabase.url, max: 1 }) : undefined;
    try {
      const loadDb = loader ? (drizzle(loader) as unknown as Db) : db;
      const generated = await generate(loadDb);
      await loadDb.execute(sql`analyze`);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const server = existsSync(path.join(root, 'dist/node/server/app.js')) ? 'the built app (dist/)' : 'the sources (tsx)';
      out(`${JSON.stringify({ port, token, server, generateSeconds: (performance.now() - started) / 1000, ...generated })}\n`);
    } finally {
      await loader?.end();
    }
  } catch (err) {
    await close();
    throw err;
  }
}

// ── The measurements (the parent) ─────────

interface Served extends Started {
  port: number;
  token: string;
  menuId: string;
  server: string;
  generateSeconds: number;
  movements: number;
  opens: number;
  openRows: number;
  priceRows: number;
}

const PERIODS = ['7 days', '30 days', '90 days', 'a quarter a year ago'] as const;

/** The i-th query of the mix: 7, 30, 90 days and a custom quarter a year ago (its days shifting with i). */
function mixed(i: number): { period: string; query: string } {
  const period = PERIODS[i % PERIODS.length] ?? '30 days';
  if (period !== 'a quarter a year ago') return { period, query: `days=${period.split(' ')[0]}` };
  const from = addDays(calendarDay(), -365 - (i % 30));
  return { period, query: `from=${from}&to=${addDays(from, 89)}` };
}

/** The longest range the screen allows: 366 days, ending some days back. */
function longest(i: number): string {
  const to = addDays(calendarDay(), -(i % 30));
  return `from=${addDays(to, -365)}&to=${to}`;
}

async function engineering(base: string, app: Served, query: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/wine-menus/${app.menuId}/engineering?${query}`, {
    headers: { authorization: `Bearer ${app.token}` },
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

const figures = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return `p50 ${fmt(percentile(sorted, 50)).padStart(7)} ms   p95 ${fmt(percentile(sorted, 95)).padStart(7)} ms   max ${fmt(sorted.at(-1) ?? 0).padStart(7)} ms`;
};

async function latency(base: string, app: Served, target: Target) {
  const cold = await engineering(base, app, 'days=30');
  if (cold.status !== 200) throw new Error(`the engineering API answered ${cold.status}`);
  const byPeriod = new Map<string, number[]>(PERIODS.map((p) => [p, []]));
  const all: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const { period, query } = mixed(i);
    const { ms, status } = await engineering(base, app, query);
    if (status !== 200) throw new Error(`engineering?${query} answered ${status}`);
    byPeriod.get(period)?.push(ms);
    all.push(ms);
  }
  const year: number[] = [];
  for (let i = 0; i < 40; i++) {
    const { ms, status } = await engineering(base, app, longest(i));
    if (status !== 200) throw new Error(`engineering?${longest(i)} answered ${status}`);
    year.push(ms);
  }
  out(`  1. GET /api/wine-menus/:id/engineering, sequential, one connection (aim p95 <= ${AIM_MS[target]} ms)
     first request after the start (days=30): ${fmt(cold.ms)} ms
${[...byPeriod].map(([period, timings]) => `     ${period.padEnd(22)} ${String(timings.length).padStart(4)} requests   ${figures(timings)}`).join('\n')}
     ${'all of the mix'.padEnd(22)} ${String(all.length).padStart(4)} requests   ${figures(all)}
     ${'366 days (the longest)'.padEnd(22)} ${String(year.length).padStart(4)} requests   ${figures(year)}
`);
}

const load = (url: string, duration: number) =>
  new Promise<Result>((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration, headers: { 'accept-encoding': 'gzip' } }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/**
 * The public page's req/s against bare node:http sending its bytes: first with no engineering request (how this
 * machine serves the app beside bare node:http right now), then while they flow, both servers under the same flow.
 * Each in two runs, app, bare, bare, app, so a drift of the machine's load counts against neither.
 */
async function ratio(base: string, app: Served, page: string, start: (args: string[], label: string) => Promise<Started>) {
  const res = await getRaw(base + page, { 'accept-encoding': 'gzip' });
  if (res.status !== 200) throw new Error(`GET ${page} answered ${res.status}`);
  const bare = await startBareReplay(start, res);
  const bareUrl = `http://127.0.0.1:${bare.port}${page}`;
  interface Run {
    requests: number;
    p99: number;
    errors: number;
    flow?: { perSecond: number; timings: number[] };
  }
  const measure = async (url: string, flowing: boolean): Promise<Run> => {
    const flow = flowing ? writers(async (i) => (await engineering(base, app, mixed(i).query)).status, 2, FLOW) : undefined;
    await load(url, 2);
    const run = await load(url, DURATION);
    const f = await flow?.stop();
    return {
      requests: run.requests.average,
      p99: run.latency.p99,
      errors: run.non2xx + run.errors + (f?.other ?? 0),
      flow: f && { perSecond: f.ok / f.seconds, timings: f.timings },
    };
  };
  /** Two runs of one server: mean req/s, worst p99, errors (the flow's too), the flow's rate and p50. */
  const side = (runs: Run[], flowing: boolean) => {
    const timings = runs.flatMap((r) => r.flow?.timings ?? []).sort((x, y) => x - y);
    const perSecond = runs.reduce((n, r) => n + (r.flow?.perSecond ?? 0), 0) / runs.length;
    return {
      perRun: runs.map((r) => fmt(r.requests, 0)).join(' + '),
      requests: runs.reduce((n, r) => n + r.requests, 0) / runs.length,
      p99: Math.max(...runs.map((r) => r.p99)),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      flow: flowing ? `${fmt(perSecond, 2)}/s, p50 ${fmt(percentile(timings, 50), 0)} ms` : 'none',
    };
  };
  const abba = async (flowing: boolean) => {
    const app1 = await measure(base + page, flowing);
    const bare1 = await measure(bareUrl, flowing);
    const bare2 = await measure(bareUrl, flowing);
    const app2 = await measure(base + page, flowing);
    return { app: side([app1, app2], flowing), bare: side([bare1, bare2], flowing) };
  };
  try {
    const quiet = await abba(false);
    const flowing = await abba(true);
    const row = (label: string, r: typeof quiet.app) =>
      `       ${label.padEnd(40)} ${fmt(r.requests, 0).padStart(8)} ${r.perRun.padStart(14)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${r.flow.padStart(24)}`;
    out(`     GET ${page}: ${fmt(res.body.length / 1024)} KB gzipped; runs of ${DURATION} s in the order app, bare, bare, app
       ${'server'.padEnd(40)} ${'req/s'.padStart(8)} ${'(each run)'.padStart(14)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'engineering requests'.padStart(24)}
${row('Adega app, no engineering request', quiet.app)}
${row('bare node:http, same bytes', quiet.bare)}
${row('Adega app, engineering requests flowing', flowing.app)}
${row('bare node:http, same bytes, same flow', flowing.bare)}
       ratio app/bare (req/s): ${fmt(quiet.app.requests / quiet.bare.requests, 2)} with no engineering request, ${fmt(flowing.app.requests / flowing.bare.requests, 2)} while they flow (aim >= 0.9)
`);
  } finally {
    await stop(bare.child);
    bare.removeFiles();
  }
}

async function run(target: Target, serverUrl: string | undefined) {
  const env = { ...process.env, NODE_ENV: 'production' };
  const { children, start } = childProcesses(root, env);
  const label = target === 'pglite' ? 'PGlite' : 'PostgreSQL';
  out(
    `\n(l) menu engineering (issue 32) on ${label}: ${WINES} wines, ${(WINES * MOVEMENTS_PER_WINE).toLocaleString('en')} movements, ${OPENS.toLocaleString('en')} opens over two years; generating...\n`,
  );
  const args = ['--import', 'tsx', 'bench/menu-engineering.ts', 'serve', target, ...(serverUrl ? [serverUrl] : [])];
  const app = (await start(args, `app on ${label}`)) as Served;
  try {
    const base = `http://127.0.0.1:${app.port}`;
    out(
      `  ${app.server}; generated in ${fmt(app.generateSeconds)} s: ${app.movements.toLocaleString('en')} movements, ${app.priceRows.toLocaleString('en')} prices, ${app.opens.toLocaleString('en')} opens in ${app.openRows.toLocaleString('en')} hourly rows\n`,
    );
    await latency(base, app, target);
    out(
      `  2. the menu's public page (gzip, ${CONNECTIONS} connections), with no engineering request, then while 2 clients ask for it ${FLOW} time(s) a second in all (the same mix)\n`,
    );
    await ratio(base, app, OWN_PAGE, start);
  } finally {
    await Promise.all(children.map(stop));
  }
}

async function main() {
  const serverUrl = process.env.BENCH_POSTGRES_URL || process.env.TEST_DATABASE_URL;
  const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  out('(l) figures taken under whatever else runs on this machine\n');
  if (targets.includes('pglite')) await run('pglite', undefined);
  if (targets.includes('postgres')) {
    if (serverUrl) await run('postgres', serverUrl);
    else out('\n(l) menu engineering on PostgreSQL: skipped (set BENCH_POSTGRES_URL or TEST_DATABASE_URL)\n');
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3] === 'postgres' ? 'postgres' : 'pglite', process.argv[4]);
else
  await main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`menu engineering bench failed: ${err instanceof Error ? err.stack : err}\n`);
      process.exit(1);
    },
  );
