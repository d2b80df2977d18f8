/**
 * BENCH_ONLY=crm npm run bench: the CRM at volume on PGlite and (with BENCH_POSTGRES_URL) on PostgreSQL.
 * Generates BENCH_CRM_LEADS (100,000) leads, BENCH_CRM_OPPORTUNITIES (50,000) opportunities and BENCH_CRM_ACTIVITIES
 * (300,000) activities with SQL generate_series over the last two years, then prints p50/p95 of GET /api/crm/dashboard
 * over 90 days and of a filtered search on each list, through app.inject (BENCH_CRM_RUNS each, default 40). Asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/client.js';
import { createUser } from '../src/server/test-support/factories.js';
import { testConfig } from '../src/server/test-support/test-app.js';
import { addDays, calendarDay } from '../src/shared/time.js';
import { createBenchDatabase } from './postgres-database.js';

const LEADS = Number(process.env.BENCH_CRM_LEADS ?? 100_000);
const OPPS = Number(process.env.BENCH_CRM_OPPORTUNITIES ?? 50_000);
const ACTS = Number(process.env.BENCH_CRM_ACTIVITIES ?? 300_000);
const RUNS = Number(process.env.BENCH_CRM_RUNS ?? 40);
const out = (s: string) => process.stdout.write(s);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function run(kind: 'PGlite' | 'PostgreSQL', serverUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-crm-'));
  const bench = serverUrl ? await createBenchDatabase(serverUrl) : undefined;
  const database = await openDatabase(bench ? { databaseUrl: bench.url } : { dataDir });
  const app = await buildApp(testConfig(dataDir), { database, logger: false });
  await app.ready();
  try {
    const { db } = database;
    const admin = await createUser(db, 'admin');
    const started = performance.now();
    const owners = sql.raw(`(array['${admin.id}'::uuid, null])`);
    await db.execute(sql`
      insert into leads (name, email, company, status, source, lead_score, owner_id, created_at)
      select 'Lead ' || g, 'lead' || g || '@bench.com.br', 'Restaurante ' || (array['Mar','Serra','Vinho','Pérola','Açaí'])[1 + g % 5] || ' ' || g,
        (array['new','contacted','qualified','unqualified','converted'])[1 + g % 5],
        (array['website','referral','social_media','email_marketing','cold_call','event','other'])[1 + g % 7],
        g % 101, ${owners}[1 + g % 2], now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(1, ${LEADS}) g`);
    await db.execute(sql`
      insert into opportunities (lead_id, title, description, value, stage, probability, owner_id, created_at)
      select l.id, 'Oportunidade ' || l.g, case when l.g % 3 = 0 then 'Carta digital para o salão ' || l.g end, (l.g % 20000) + 0.5,
        (array['prospecting','qualification','proposal','negotiation','closed_won','closed_lost'])[1 + l.g % 6], l.g % 101,
        l.owner_id, l.created_at + interval '1 day'
      from (select id, owner_id, created_at, row_number() over (order by id) as g from leads) l where l.g <= ${OPPS}`);
    await db.execute(sql`
      insert into activities (lead_id, type, title, status, scheduled_at, owner_id, created_at)
      select (select id from leads where email = 'lead' || (1 + g % ${LEADS}) || '@bench.com.br'),
        (array['call','email','meeting','task','follow_up','demo','proposal','other'])[1 + g % 8], 'Atividade ' || g,
        (array['pending','in_progress','completed','cancelled'])[1 + g % 4],
        now() + ((g % 120) - 60) * interval '1 day', ${owners}[1 + g % 2], now() - (g % 730) * interval '1 day'
      from generate_series(1, ${ACTS}) g`);
    for (const table of ['leads', 'opportunities', 'activities']) await db.execute(sql.raw(`analyze ${table}`));
    out(
      `  ${kind}: generated ${LEADS} leads, ${OPPS} opportunities, ${ACTS} activities in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );

    const end = calendarDay(new Date());
    const cases: [string, string][] = [
      ['dashboard, 90 days', `/api/crm/dashboard?start_date=${addDays(end, -90)}&end_date=${end}`],
      ['leads: status + search', '/api/crm/leads?status=qualified&search=perola'],
      ['leads: source', '/api/crm/leads?source=event'],
      ['opportunities: stage + search', '/api/crm/opportunities?stage=proposal&search=salao'],
      ['activities: type + status + search', '/api/crm/activities?type=call&status=pending&search=atividade%2012'],
    ];
    for (const [label, url] of cases) {
      const timings: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
        timings.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      }
      timings.sort((a, b) => a - b);
      out(
        `  ${kind.padEnd(10)} ${label.padEnd(36)} p50 ${pct(timings, 50).toFixed(1).padStart(7)} ms   p95 ${pct(timings, 95).toFixed(1).padStart(7)} ms\n`,
      );
    }
  } finally {
    await app.close();
    await bench?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

out(`CRM benchmark (NODE_ENV=${process.env.NODE_ENV}; aim p95 < 150 ms each)\n`);
await run('PGlite');
const serverUrl = process.env.BENCH_POSTGRES_URL;
if (serverUrl) await run('PostgreSQL', serverUrl);
else out('  PostgreSQL: skipped (set BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432)\n');
process.exit(0);
