// The public menu against bare node:http, alternating (bare, app, bare, app…) so both see the same load on a shared
// machine: the sample menu (gzip) as a guest's phone asks for it from table 7 (a browser's user agent: counted, with
// the cellar's state on the page), served by the BUILT app (run `npm run build` first), NODE_ENV=production.
// Prints each pair's req/s and p99, and the ratio app/bare (aim >= 0.97, p99 within 2 ms of bare's), and the CPU time
// each server spent per answer (from /proc, all threads: the app's database worker included), a figure the other
// processes on a shared machine disturb far less than req/s.
// With English and Spanish published on the sample menu first (every text reviewed), each language's page is benched the
// same way and the ratios printed side by side (issue 28: >= 0.9 in every language).
// Knobs: BENCH_LANGS (default pt-BR,en,es), BENCH_DIST (another build's dist/ folder, to compare), BENCH_ROUNDS (pairs, default 3), BENCH_DURATION (s per run, default 8), BENCH_CONNECTIONS (default 50),
// BENCH_CPU_PROF=<folder>: the app's main thread is profiled while it serves, the profile written there when it stops.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { childProcesses, getRaw, startBareReplay, stop } from './child-processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGE = '/pedra-da-ilha/carta-de-vinhos?mesa=7';
/** The guest languages benched, each on its own page (BENCH_LANGS, default all three; "pt-BR" alone as before). */
const LANGS = (process.env.BENCH_LANGS ?? 'pt-BR,en,es').split(',').filter(Boolean);
const BROWSER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const HEADERS = { 'accept-encoding': 'gzip', 'user-agent': BROWSER_AGENT };
const { children, start } = childProcesses(root, { ...process.env, NODE_ENV: 'production' });
const out = (s) => process.stdout.write(s);
const fmt = (n, d = 0) => n.toFixed(d);

/** CPU milliseconds a process has used so far (Linux /proc; utime + stime in clock ticks of 10 ms). */
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};

/** A run of `url` against the process `pid`, with the CPU it used per answer (µs). */
async function measured(url, pid, headers = HEADERS) {
  const before = cpuMs(pid);
  const r = await load(url, DURATION, headers);
  r.cpuPerAnswerUs = ((cpuMs(pid) - before) * 1000) / r.requests.total;
  return r;
}

const load = (url, duration = DURATION, headers = HEADERS) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
/** The same page as a tool asks for it (no user agent): answered alike, not counted; the difference is counting's. */
const UNCOUNTED = { 'accept-encoding': 'gzip' };

/**
 * Offers English and Spanish on the sample menu, every text reviewed (the drafts taken as they are, the menu's name
 * typed): what a restaurant does before its guests may read it in those languages (issue 28).
 */
async function publishLanguages(base, token, langs) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const send = async (method, url, body) => {
    const res = await fetch(base + url, { method, headers, ...(body && { body: JSON.stringify(body) }) });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const [menu] = await send('GET', '/api/wine-menus');
  await send('PUT', `/api/wine-menus/${menu.id}/languages`, { offered: langs });
  for (const lang of langs) {
    const { texts } = await send('POST', `/api/wine-menus/${menu.id}/translations/${lang}/drafts`, {});
    const reviewed = texts.map((t) => ({
      kind: t.kind,
      ref: t.ref,
      text: t.translations[lang]?.text || (t.kind === 'menu_name' ? { en: 'Wine list', es: 'Carta de vinos' }[lang] : t.source),
      draft: false,
    }));
    await send('PUT', `/api/wine-menus/${menu.id}/translations/${lang}`, { texts: reviewed });
  }
}

/** The page in one language: app and bare alternating, ROUNDS pairs; returns the ratio. */
async function benchLanguage(app, lang) {
  const page = lang === 'pt-BR' ? PAGE : `${PAGE}&lang=${lang}`;
  const appUrl = `http://127.0.0.1:${app.port}${page}`;
  const res = await getRaw(appUrl, HEADERS);
  if (res.status !== 200) throw new Error(`GET ${page} answered ${res.status}`);
  if (!res.body.length) throw new Error(`GET ${page} answered no body`);
  const bare = await startBareReplay(start, res);
  const bareUrl = `http://127.0.0.1:${bare.port}${page}`;
  out(
    `public menu GET ${page} (gzip ${res.body.length} bytes, a phone's user agent: counted), ${CONNECTIONS} connections, ${DURATION} s per run\n`,
  );
  await load(appUrl, 3);
  await load(bareUrl, 3);
  const pairs = [];
  for (let i = 0; i < ROUNDS; i++) {
    const b = await measured(bareUrl, bare.child.pid);
    const a = await measured(appUrl, app.child.pid);
    const u = await measured(appUrl, app.child.pid, UNCOUNTED);
    pairs.push({ a, b, u });
    out(
      `  round ${i + 1}: bare ${fmt(b.requests.average)} req/s p99 ${b.latency.p99} ms | app ${fmt(a.requests.average)} req/s p99 ${a.latency.p99} ms (${a.non2xx + a.errors} errors) | ratio ${fmt(a.requests.average / b.requests.average, 2)} | CPU per answer: bare ${fmt(b.cpuPerAnswerUs)} µs, app ${fmt(a.cpuPerAnswerUs)} µs, app not counted ${fmt(u.cpuPerAnswerUs)} µs (${fmt(u.requests.average)} req/s)\n`,
    );
  }
  const sum = (k) => (list) => list.reduce((s, r) => s + r.requests[k], 0);
  const ratio = sum('average')(pairs.map((p) => p.a)) / sum('average')(pairs.map((p) => p.b));
  const p99 = (list) => list.map((r) => r.latency.p99).sort((x, y) => x - y)[Math.floor(list.length / 2)];
  const cpu = (list) => list.reduce((s, r) => s + r.cpuPerAnswerUs, 0) / list.length;
  out(
    `  overall: ratio app/bare ${fmt(ratio, 2)} (aim >= 0.97); median p99 app ${p99(pairs.map((p) => p.a))} ms vs bare ${p99(pairs.map((p) => p.b))} ms (aim: within 2 ms)\n` +
      `  CPU per answer: app ${fmt(cpu(pairs.map((p) => p.a)))} µs (not counted ${fmt(cpu(pairs.map((p) => p.u)))} µs), bare ${fmt(cpu(pairs.map((p) => p.b)))} µs: bare/app ${fmt(cpu(pairs.map((p) => p.b)) / cpu(pairs.map((p) => p.a)), 2)}\n`,
  );
  await stop(bare.child);
  bare.removeFiles();
  return ratio;
}

async function main() {
  const app = await start(['bench/serve-built-app.mjs'], 'app');
  const others = LANGS.filter((lang) => lang !== 'pt-BR');
  if (others.length > 0) await publishLanguages(`http://127.0.0.1:${app.port}`, app.token, others);
  const ratios = [];
  for (const lang of LANGS) ratios.push(`${lang} ${fmt(await benchLanguage(app, lang), 2)}`);
  if (LANGS.length > 1) out(`ratio app/bare per language: ${ratios.join(', ')} (issue 28's aim: >= 0.9 in every language)\n`);
  await stop(app.child);
}

main().then(
  () => process.exit(0),
  async (err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : err}\n`);
    await Promise.all(children.map(stop));
    process.exit(1);
  },
);
