import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultDashboardRange } from '../../../shared/crm.js';
import { CRM_MESSAGES } from '../../../shared/crm-vocabulary.js';
import { activities, leads, opportunities, users } from '../../db/schema/index.js';
import { createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const get = (qs: string) => t.call(admin, 'GET', `/api/crm/dashboard${qs}`);

// São Paulo is UTC-3 all year (no daylight saving since 2019): 2024-05-10 00:00 there is 03:00Z.
const FIRST_INSTANT = new Date('2024-05-10T03:00:00Z');
const BEFORE = new Date('2024-05-10T02:59:59Z');
const LAST_INSTANT = new Date('2024-05-13T02:59:59Z');
const AFTER = new Date('2024-05-13T03:00:00Z');
const MIDDLE = new Date('2024-05-11T15:00:00Z');
const RANGE = '?start_date=2024-05-10&end_date=2024-05-12';

let ana: TestUser;
let bruno: TestUser;

beforeAll(async () => {
  ana = await createUser(t.db, 'admin', { email: `ana-${Date.now()}@adega.com.br` });
  bruno = await createUser(t.db, 'admin', { email: `bruno-${Date.now()}@adega.com.br` });
  const gone = await createUser(t.db, 'admin');
  const lead = (
    createdAt: Date,
    status: 'new' | 'qualified' | 'converted' | 'contacted',
    source: 'website' | 'event' | 'referral',
    ownerId: string,
  ) => ({ name: 'L', email: 'l@x.com.br', createdAt, status, source, ownerId }) as const;
  const inserted = await t.db
    .insert(leads)
    .values([
      lead(FIRST_INSTANT, 'new', 'website', ana.id),
      lead(MIDDLE, 'qualified', 'website', ana.id),
      lead(MIDDLE, 'converted', 'event', bruno.id),
      lead(LAST_INSTANT, 'contacted', 'referral', gone.id),
      // Outside the range by one second on each side.
      lead(BEFORE, 'converted', 'event', ana.id),
      lead(AFTER, 'converted', 'event', ana.id),
    ])
    .returning({ id: leads.id });
  const leadId = inserted[0]?.id as string;
  const opp = (createdAt: Date, stage: (typeof opportunities.$inferInsert)['stage'], value: string, ownerId: string) => ({
    leadId,
    title: 'O',
    createdAt,
    stage,
    value,
    ownerId,
  });
  await t.db
    .insert(opportunities)
    .values([
      opp(FIRST_INSTANT, 'prospecting', '1000.10', ana.id),
      opp(MIDDLE, 'negotiation', '2500.25', bruno.id),
      opp(MIDDLE, 'closed_won', '3000.33', bruno.id),
      opp(LAST_INSTANT, 'closed_won', '0.01', gone.id),
      opp(MIDDLE, 'closed_lost', '999.99', ana.id),
      opp(BEFORE, 'closed_won', '50000.00', ana.id),
      opp(AFTER, 'negotiation', '70000.00', ana.id),
    ]);
  const act = (createdAt: Date, status: (typeof activities.$inferInsert)['status'], scheduledAt: Date | null, ownerId: string) => ({
    title: 'A',
    createdAt,
    status,
    scheduledAt,
    ownerId,
  });
  await t.db.insert(activities).values([
    act(FIRST_INSTANT, 'pending', new Date('2024-05-20T12:00:00Z'), ana.id), // pending, overdue (in the past now)
    act(MIDDLE, 'in_progress', new Date('2099-01-01T12:00:00Z'), ana.id), // pending, not overdue
    act(MIDDLE, 'completed', new Date('2024-05-11T12:00:00Z'), bruno.id),
    act(LAST_INSTANT, 'cancelled', new Date('2024-05-11T12:00:00Z'), gone.id),
    act(MIDDLE, 'pending', null, gone.id), // pending, never overdue
    act(AFTER, 'pending', new Date('2024-05-20T12:00:00Z'), ana.id),
  ]);
  await t.db.delete(users).where(eq(users.id, gone.id));
});

describe('GET /api/crm/dashboard', () => {
  it('counts the records created within the São Paulo days of the range, edges included, against hand-computed figures', async () => {
    const res = await get(RANGE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      start_date: '2024-05-10',
      end_date: '2024-05-12',
      // 4 leads, 1 converted: 25.0 %.
      leads_metrics: { total: 4, new: 1, qualified: 1, converted: 1, conversion_rate: 25 },
      opportunities_metrics: {
        total: 5,
        active: 2,
        won: 2,
        lost: 1,
        pipeline_value: '3500.35', // 1000.10 + 2500.25
        won_value: '3000.34', // 3000.33 + 0.01
      },
      activities_metrics: { total: 5, completed: 1, pending: 3, overdue: 1 },
      // By count, ties in the order of the enumeration.
      leads_by_source: [
        { source: 'website', count: 2 },
        { source: 'referral', count: 1 },
        { source: 'event', count: 1 },
      ],
      opportunities_by_stage: [
        { stage: 'prospecting', count: 1, total_value: '1000.10' },
        { stage: 'qualification', count: 0, total_value: '0.00' },
        { stage: 'proposal', count: 0, total_value: '0.00' },
        { stage: 'negotiation', count: 1, total_value: '2500.25' },
        { stage: 'closed_won', count: 2, total_value: '3000.34' },
        { stage: 'closed_lost', count: 1, total_value: '999.99' },
      ],
      top_performers: [
        { user_name: bruno.email, leads_count: 1, opportunities_count: 2, activities_count: 1, won_value: '3000.33' },
        { user_name: CRM_MESSAGES.unknownOwner, leads_count: 1, opportunities_count: 1, activities_count: 2, won_value: '0.01' },
        { user_name: ana.email, leads_count: 2, opportunities_count: 2, activities_count: 2, won_value: '0.00' },
      ],
    });
  });

  it('one day: the first and last instants of that day in São Paulo', async () => {
    const first = (await get('?start_date=2024-05-10&end_date=2024-05-10')).json();
    expect(first.leads_metrics).toMatchObject({ total: 1, new: 1 });
    const last = (await get('?start_date=2024-05-12&end_date=2024-05-12')).json();
    expect(last.leads_metrics).toMatchObject({ total: 1, new: 0 });
    expect(last.top_performers).toEqual([
      { user_name: CRM_MESSAGES.unknownOwner, leads_count: 1, opportunities_count: 1, activities_count: 1, won_value: '0.01' },
    ]);
  });

  it('an empty range answers zeros, empty lists and every stage at 0', async () => {
    const body = (await get('?start_date=2023-01-01&end_date=2023-01-31')).json();
    expect(body.leads_metrics).toEqual({ total: 0, new: 0, qualified: 0, converted: 0, conversion_rate: 0 });
    expect(body.opportunities_metrics).toEqual({ total: 0, active: 0, won: 0, lost: 0, pipeline_value: '0.00', won_value: '0.00' });
    expect(body.activities_metrics).toEqual({ total: 0, completed: 0, pending: 0, overdue: 0 });
    expect(body.leads_by_source).toEqual([]);
    expect(body.opportunities_by_stage.every((s: { count: number }) => s.count === 0)).toBe(true);
    expect(body.top_performers).toEqual([]);
  });

  it('defaults to the last 30 days; start after end is 400 with a pt-BR detail; bad dates are 400', async () => {
    const body = (await get('')).json();
    expect({ start_date: body.start_date, end_date: body.end_date }).toEqual(defaultDashboardRange());
    const reversed = await get('?start_date=2024-05-12&end_date=2024-05-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toContain(CRM_MESSAGES.startAfterEnd);
    expect((await get('?start_date=2024-02-30')).statusCode).toBe(400);
    expect((await get('?end_date=ontem')).statusCode).toBe(400);
  });

  it('rounds the conversion rate to one decimal', async () => {
    // 1 converted of 3 leads on a day of their own: 33.3 %.
    const day = new Date('2022-03-03T12:00:00Z');
    await t.db.insert(leads).values([
      { name: 'a', email: 'a@x.com.br', status: 'converted', createdAt: day },
      { name: 'b', email: 'b@x.com.br', createdAt: day },
      { name: 'c', email: 'c@x.com.br', createdAt: day },
    ]);
    expect((await get('?start_date=2022-03-03&end_date=2022-03-03')).json().leads_metrics.conversion_rate).toBe(33.3);
  });
});
