import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { childProcesses, getRaw, startBareReplay, stop } from './child-processes.mjs';
import { percentile } from './percentile.mjs';
import { writers } from './writers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WRITERS = Number(process.env.BENCH_CELLAR_WRITERS ?? 16);
const FLOW = Number(process.env.BENCH_CELLAR_FLOW ?? 20);
const PAGE = '/pedra-da-ilha/carta-de-vinhos';
const env = { ...process.env, NODE_ENV: 'production', BENCH_CATALOG_SIZE: process.env.BENCH_CATALOG_SIZE ?? '1000' };
const { children, start } = childProcesses(root, env);
const out = (s) => process.stdout.write(s);
const fmt = (n, d = 1) => n.toFixed(d);

const load = (url, headers, duration = DURATION) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });

function api(base, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    get: async (url) => (await fetch(base + url, { headers })).json(),
    move: async (itemId, body) => {
      const r = await fetch(`${base}/api/cellar/${itemId}/movements`, { method: 'POST', headers, body: JSON.stringify(body) });
      await r.arrayBuffer();
      return r.status;
    },
  };
}

/** Writers posting cellar movements to one item: `next(i)` is the body of a writer's i-th movement. */
const movementWriters = (client, itemId, count, next, perSecond) => writers((i) => client.move(itemId, next(i)), count, perSecond);

async function main() {
  out(`\n(f) house cellar (issue 18): starting the app with the Pedra da Ilha sample cellar...\n`);
  const app = await start(['--import', 'tsx', 'bench/serve-app.ts'], 'app');
  const base = `http://127.0.0.1:${app.port}`;
  const client = api(base, app.token);
  const establishments = await client.get('/api/establishments');
  const pedra = establishments.find((e) => e.slug === 'pedra-da-ilha');
  if (!pedra) throw new Error('Pedra da Ilha not seeded');
  const items = await client.get(`/api/establishments/${pedra.id}/cellar`);
  const linked = items.filter((i) => i.menu_wines.length > 0);
  if (linked.length < 2) throw new Error(`the sample cellar has ${items.length} items, ${linked.length} linked: seed it first`);
  const [hot, edge] = linked;

  // 1. One hot item, WRITERS clients selling from it at once.
  const START = 100_000;
  if ((await client.move(hot.id, { reason: 'count', counted: START })) !== 201) throw new Error('recount refused');
  const contention = movementWriters(client, hot.id, WRITERS, () => ({ reason: 'sale', delta: -1 }));
  await new Promise((resolve) => setTimeout(resolve, DURATION * 1000));
  const c = await contention.stop();
  const after = (await client.get(`/api/establishments/${pedra.id}/cellar`)).find((i) => i.id === hot.id);
  const sorted = c.timings.sort((a, b) => a - b);
  out(`  1. movements on one hot item: ${WRITERS} clients posting "−1 garrafa" back to back for ${DURATION} s
     ${fmt(c.ok / c.seconds, 0)} movements/s (${c.ok} recorded, ${c.refused} refused, ${c.other} failed); latency p50 ${fmt(percentile(sorted, 50), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms
     ledger check: ${START} − ${c.ok} = ${START - c.ok}, the item shows ${after.on_hand} ${after.on_hand === START - c.ok ? '(adds up)' : '(DOES NOT ADD UP)'}
`);
  if (after.on_hand !== START - c.ok) process.exitCode = 1;

  // 2 and 3. The public menu while movements flow, against bare node:http with the same bytes under the same writers.
  const reqHeaders = { 'accept-encoding': 'gzip' };
  const res = await getRaw(base + PAGE, reqHeaders);
  if (res.status !== 200) throw new Error(`GET ${PAGE} answered ${res.status}`);
  const bare = await startBareReplay(start, res);
  const bareUrl = `http://127.0.0.1:${bare.port}${PAGE}`;

  const underWriters = async (url, itemId, next) => {
    const w = movementWriters(client, itemId, 4, next, FLOW);
    await load(url, reqHeaders, 2);
    const run = await load(url, reqHeaders);
    const s = await w.stop();
    return { run, movementsPerSecond: s.ok / s.seconds, failed: s.other };
  };
  const sale = () => ({ reason: 'sale', delta: -1 });
  // The edge wine sits at the threshold: 1 -> 0 -> 1 -> 0..., each movement a change of "Última garrafa"/"Esgotado".
  await client.move(edge.id, { reason: 'count', counted: 1 });
  const flip = (i) => (i % 2 === 0 ? { reason: 'sale', delta: -1 } : { reason: 'delivery', delta: 1 });

  const appTypical = await underWriters(base + PAGE, hot.id, sale);
  const bareTypical = await underWriters(bareUrl, hot.id, sale);
  const appWorst = await underWriters(base + PAGE, edge.id, flip);
  await stop(bare.child);
  await stop(app.child);
  bare.removeFiles();

  const row = (label, { run, movementsPerSecond }) =>
    `     ${label.padEnd(44)} ${fmt(run.requests.average, 0).padStart(8)} ${String(run.latency.p50).padStart(7)} ${String(run.latency.p99).padStart(7)} ${String(run.non2xx + run.errors).padStart(7)} ${fmt(movementsPerSecond, 0).padStart(12)}`;
  out(`  2. public menu GET ${PAGE} (gzip, ${CONNECTIONS} connections, ${DURATION} s) while 4 clients record ${FLOW} movements/s
     ${'server'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'movements/s'.padStart(12)}
${row('Adega app, sales of a wine with plenty left', appTypical)}
${row('bare node:http, same bytes, same writers', bareTypical)}
${row('Adega app, every movement changes the page', appWorst)}
     ratio app/bare (req/s): ${fmt(appTypical.run.requests.average / bareTypical.run.requests.average, 2)} while movements flow (aim >= 0.9)
  3. worst case (each movement drops the cached page): ratio ${fmt(appWorst.run.requests.average / bareTypical.run.requests.average, 2)}
`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (err) => {
    process.stderr.write(`cellar bench failed: ${err instanceof Error ? err.stack : err}\n`);
    await Promise.all(children.map(stop));
    process.exit(1);
  },
);
