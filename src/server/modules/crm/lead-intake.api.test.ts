import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads, users } from '../../db/schema/index.js';
import { createUser, uniqueTag } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { setLeadStatus, upsertWebsiteLead } from './index.js';

const t = testAppPerFile();
const leadRow = async (id: string) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0];
/** A CNPJ with valid check digits that no other test uses. */
const CNPJ = '11.222.333/0001-81';

describe('upsertWebsiteLead (for the onboarding wizard, inside its transaction)', () => {
  it('creates a website lead, status new, no owner, CNPJ and phone normalized', async () => {
    const email = `Dono-${uniqueTag()}@Bistro.com.br`;
    const id = await t.db.transaction((tx) =>
      upsertWebsiteLead(tx, {
        name: ' Ana Lima ',
        email,
        phone: '(48) 99999-1234',
        company: 'Bistrô da Ana',
        cnpj: CNPJ,
        notes: 'Cadastro pelo site',
      }),
    );
    expect(await leadRow(id)).toMatchObject({
      name: 'Ana Lima',
      email: email.toLowerCase(),
      phone: '+5548999991234',
      company: 'Bistrô da Ana',
      cnpj: '11222333000181',
      source: 'website',
      status: 'new',
      ownerId: null,
      notes: 'Cadastro pelo site',
    });
  });

  it('finds the existing lead by CNPJ, else by e-mail, and updates it without touching status, source or owner', async () => {
    const email = `contato-${uniqueTag()}@vinhos.com.br`;
    const [manual] = await t.db
      .insert(leads)
      .values({ name: 'Velho', email, source: 'referral', status: 'contacted', leadScore: 60 })
      .returning();
    if (!manual) throw new Error('no lead');
    const byEmail = await t.db.transaction((tx) =>
      upsertWebsiteLead(tx, { name: 'Novo Nome', email: email.toUpperCase(), phone: '', company: 'Vinhos SA', cnpj: '45.723.174/0001-10' }),
    );
    expect(byEmail).toBe(manual.id);
    expect(await leadRow(manual.id)).toMatchObject({
      name: 'Novo Nome',
      company: 'Vinhos SA',
      cnpj: '45723174000110',
      source: 'referral',
      status: 'contacted',
      leadScore: 60,
    });
    // Same CNPJ, another e-mail: still the same lead, now with the new e-mail.
    const other = `outro-${uniqueTag()}@vinhos.com.br`;
    const byCnpj = await t.db.transaction((tx) => upsertWebsiteLead(tx, { name: 'Novo Nome', email: other, cnpj: '45723174000110' }));
    expect(byCnpj).toBe(manual.id);
    expect((await leadRow(manual.id))?.email).toBe(other);
    expect(await t.db.select().from(leads).where(eq(leads.cnpj, '45723174000110'))).toHaveLength(1);
  });

  it('rolls back with the caller’s transaction', async () => {
    const email = `rollback-${uniqueTag()}@x.com.br`;
    await expect(
      t.db.transaction(async (tx) => {
        await upsertWebsiteLead(tx, { name: 'X', email });
        throw new Error('onboarding failed');
      }),
    ).rejects.toThrow('onboarding failed');
    expect(await t.db.select().from(leads).where(eq(leads.email, email))).toHaveLength(0);
  });
});

describe('setLeadStatus', () => {
  it('moves a lead (submitted -> qualified, approved -> converted) and never moves a converted one back', async () => {
    const id = await t.db.transaction((tx) => upsertWebsiteLead(tx, { name: 'Y', email: `y-${uniqueTag()}@x.com.br` }));
    expect(await t.db.transaction((tx) => setLeadStatus(tx, id, 'qualified'))).toBe('qualified');
    expect((await leadRow(id))?.status).toBe('qualified');
    expect(await t.db.transaction((tx) => setLeadStatus(tx, id, 'converted'))).toBe('converted');
    expect(await t.db.transaction((tx) => setLeadStatus(tx, id, 'qualified'))).toBe('converted');
    expect((await leadRow(id))?.status).toBe('converted');
    expect(await t.db.transaction((tx) => setLeadStatus(tx, crypto.randomUUID(), 'qualified'))).toBeNull();
  });
});

describe('POST /api/seed/crm', () => {
  it('creates the sample CRM once (60 leads, 30 opportunities, 120 activities, 3 owners, some overdue); again creates nothing', async () => {
    const admin = await createUser(t.db, 'admin');
    const first = await t.call(admin, 'POST', '/api/seed/crm');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ created: true, leads: 60, opportunities: 30, activities: 120 });
    const again = await t.call(admin, 'POST', '/api/seed/crm');
    expect(again.statusCode).toBe(200);
    expect(again.json().created).toBe(false);
    const [counts] = await t.db
      .select({
        leads: sql<number>`(select count(*) from leads where email like '%.exemplo.com.br')`.mapWith(Number),
        owners: sql<number>`(select count(distinct owner_id) from activities)`.mapWith(Number),
        sources: sql<number>`(select count(distinct source) from leads where email like '%.exemplo.com.br')`.mapWith(Number),
        statuses: sql<number>`(select count(distinct status) from leads where email like '%.exemplo.com.br')`.mapWith(Number),
        stages: sql<number>`(select count(distinct stage) from opportunities)`.mapWith(Number),
        overdue:
          sql<number>`(select count(*) from activities where scheduled_at < now() and status not in ('completed', 'cancelled'))`.mapWith(
            Number,
          ),
      })
      .from(sql`(select 1) as one`);
    expect(counts).toMatchObject({ leads: 60, owners: 3, sources: 7, statuses: 5, stages: 6 });
    expect(counts?.overdue).toBeGreaterThan(5);
    const manager = await createUser(t.db, 'restaurant_manager');
    expect((await t.call(manager, 'POST', '/api/seed/crm')).statusCode).toBe(403);
  });

  it('makes the sample sellers record owners without a password: no admin login is created', async () => {
    const admin = await createUser(t.db, 'admin');
    await t.call(admin, 'POST', '/api/seed/crm');
    const sellers = await t.db.select().from(users).where(like(users.email, 'vendas.%@adega.exemplo'));
    expect(sellers.map((u) => [u.role, u.passwordHash])).toEqual([
      ['admin', null],
      ['admin', null],
    ]);
    // Not even the password the login checks unknown e-mails against.
    for (const password of ['adega-dummy-password', '']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: sellers[0]?.email, password } });
      expect(res.statusCode).not.toBe(200);
    }
  });
});
