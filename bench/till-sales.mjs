// Part (k), issue 31: sales from the till. (1) Till sales per second on one hot wine: WRITERS tills each posting a
// one-sale batch (one bottle, a new till sale id each) with an API key, back to back; (2) the public menu's req/s while
// the tills send FLOW sales per second, against bare node:http sending the same bytes under the same flow.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { childProcesses, getRaw, startBareReplay, stop } from './child-processes.mjs';
import { percentile } from './percentile.mjs';
import { writers } from './writers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WRITERS = Number(process.env.BENCH_TILL_WRITERS ?? 16);
const FLOW = Number(process.env.BENCH_TILL_FLOW ?? 20);
const PAGE = '/pedra-da-ilha/carta-de-vinhos';
// The key's own rate limit is not what is measured here: high enough never to answer 429.
const env = {
  ...process.env,
  NODE_ENV: 'production',
  BENCH_CATALOG_SIZE: process.env.BENCH_CATALOG_SIZE ?? '1000',
  API_KEY_RATE_LIMIT: '1000000',
};
const { children, start } = childProcesses(root, env);
const out = (s) => process.stdout.write(s);
const fmt = (n, d = 1) => n.toFixed(d);

async function call(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() };
}

async function main() {
  out(`\n(k) sales from the till (issue 31): starting the app with the Pedra da Ilha sample cellar...\n`);
  const app = await start(['--import', 'tsx', 'bench/serve-app.ts'], 'app');
  const base = `http://127.0.0.1:${app.port}`;
  const establishments = (await call(base, app.token, 'GET', '/api/establishments')).json;
  const pedra = establishments.find((e) => e.slug === 'pedra-da-ilha');
  if (!pedra) throw new Error('Pedra da Ilha not seeded');
  const items = (await call(base, app.token, 'GET', `/api/establishments/${pedra.id}/cellar`)).json;
  const hot = items.find((i) => i.menu_wines.length > 0);
  if (!hot) throw new Error('no cellar item on the menu: seed the sample cellar first');
  const START = 100_000; // MAX_CELLAR_COUNT
  await call(base, app.token, 'POST', `/api/cellar/${hot.id}/movements`, { reason: 'count', counted: START });
  const created = await call(base, app.token, 'POST', `/api/establishments/${pedra.id}/api-keys`, {
    name: 'PDV (bench)',
    scopes: ['cellar:sales'],
  });
  if (created.status !== 201) throw new Error(`key not created: ${created.status}`);
  const key = created.json.key;
  let saleNumber = 0;
  const sellOne = async () => {
    const sale = {
      till_sale_id: `bench-${++saleNumber}`,
      sold_at: new Date().toISOString(),
      lines: [{ menu_wine_id: hot.menu_wines[0].id, quantity: 1 }],
    };
    return (await call(base, key, 'POST', `/api/establishments/${pedra.id}/cellar/sales`, { sales: [sale] })).status;
  };

  const contention = writers(sellOne, WRITERS);
  await new Promise((resolve) => setTimeout(resolve, DURATION * 1000));
  const c = await contention.stop();
  const after = (await call(base, app.token, 'GET', `/api/establishments/${pedra.id}/cellar`)).json.find((i) => i.id === hot.id);
  const sorted = c.timings.sort((a, b) => a - b);
  out(`  1. till sales on one hot wine: ${WRITERS} tills posting one-sale batches with an API key, back to back, ${DURATION} s
     ${fmt(c.ok / c.seconds, 0)} sales/s (${c.ok} recorded, ${c.other} refused or failed); latency p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms
     ledger check: ${START} − ${c.ok} = ${START - c.ok}, the wine shows ${after.on_hand} ${after.on_hand === START - c.ok ? '(adds up)' : '(DOES NOT ADD UP)'}
`);
  if (after.on_hand !== START - c.ok) process.exitCode = 1;

  const headers = { 'accept-encoding': 'gzip' };
  const page = await getRaw(base + PAGE, headers);
  if (page.status !== 200) throw new Error(`GET ${PAGE} answered ${page.status}`);
  const bare = await startBareReplay(start, page);
  const load = (url, duration) =>
    new Promise((resolve, reject) =>
      autocannon({ url, connections: CONNECTIONS, duration, headers }, (e, r) => (e ? reject(e) : resolve(r))),
    );
  const whileSelling = async (url) => {
    const tills = writers(sellOne, 4, FLOW);
    await load(url, 2);
    const run = await load(url, DURATION);
    const s = await tills.stop();
    return { run, salesPerSecond: s.ok / s.seconds };
  };
  const appRun = await whileSelling(base + PAGE);
  const bareRun = await whileSelling(`http://127.0.0.1:${bare.port}${PAGE}`);
  await stop(bare.child);
  await stop(app.child);
  bare.removeFiles();
  const row = (label, { run, salesPerSecond }) =>
    `     ${label.padEnd(36)} ${fmt(run.requests.average, 0).padStart(8)} ${String(run.latency.p50).padStart(7)} ${String(run.latency.p99).padStart(7)} ${String(run.non2xx + run.errors).padStart(7)} ${fmt(salesPerSecond, 0).padStart(8)}`;
  out(`  2. public menu GET ${PAGE} (gzip, ${CONNECTIONS} connections, ${DURATION} s) while 4 tills send ${FLOW} sales/s
     ${'server'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'sales/s'.padStart(8)}
${row('Adega app', appRun)}
${row('bare node:http, same bytes', bareRun)}
     ratio app/bare (req/s): ${fmt(appRun.run.requests.average / bareRun.run.requests.average, 2)} while the till's sales flow
`);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (err) => {
    process.stderr.write(`till sales bench failed: ${err instanceof Error ? err.stack : err}\n`);
    await Promise.all(children.map(stop));
    process.exit(1);
  },
);
