import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CRM_MESSAGES } from '../../../shared/crm-vocabulary.js';
import { activities, leads, opportunities } from '../../db/schema/index.js';
import { createUser, type TestUser, uniqueTag } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.call(user, method, url, payload);
const leadRow = async (id: string) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0];
const oppRow = async (id: string) => (await t.db.select().from(opportunities).where(eq(opportunities.id, id)))[0];
const actRow = async (id: string) => (await t.db.select().from(activities).where(eq(activities.id, id)))[0];

async function newLead(payload: object = {}) {
  const res = await call(admin, 'POST', '/api/crm/leads', {
    name: `Lead ${uniqueTag()}`,
    email: `lead-${uniqueTag()}@bistro.com.br`,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function newOpportunity(leadId: string, payload: object = {}) {
  const res = await call(admin, 'POST', '/api/crm/opportunities', { lead_id: leadId, title: `Oportunidade ${uniqueTag()}`, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function newActivity(payload: object = {}) {
  const res = await call(admin, 'POST', '/api/crm/activities', { title: `Atividade ${uniqueTag()}`, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('leads', () => {
  it('creates a lead with defaults (status new, score 0, owner = creator) and stores it', async () => {
    const res = await call(admin, 'POST', '/api/crm/leads', {
      name: ' Bistrô Açaí ',
      email: ' Contato@Acai.com.br ',
      phone: '(48) 99999-1234',
      company: 'Açaí & Vinho Ltda',
      source: 'referral',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Bistrô Açaí',
      email: 'contato@acai.com.br',
      phone: '+5548999991234',
      company: 'Açaí & Vinho Ltda',
      cnpj: null,
      status: 'new',
      source: 'referral',
      notes: null,
      lead_score: 0,
      opportunities_count: 0,
      activities_count: 0,
      owner_id: admin.id,
      owner_name: admin.email,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await leadRow(res.json().id)).toMatchObject({ email: 'contato@acai.com.br', status: 'new', ownerId: admin.id });
  });

  it('requires name and a valid e-mail; score is an integer 0-100 (non-numeric becomes 0)', async () => {
    const missing = await call(admin, 'POST', '/api/crm/leads', { name: '', email: 'não-é-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ name: 'Informe o nome do lead.', email: 'Informe um e-mail válido.' });
    for (const lead_score of [101, -1, 2.5]) {
      const res = await call(admin, 'POST', '/api/crm/leads', { name: 'X', email: 'x@x.com.br', lead_score });
      expect(res.statusCode, String(lead_score)).toBe(400);
      expect(res.json().fields.lead_score).toContain('0 a 100');
    }
    expect((await newLead({ lead_score: 'abc' })).lead_score).toBe(0);
    expect((await newLead({ lead_score: '75' })).lead_score).toBe(75);
    const badStatus = await call(admin, 'POST', '/api/crm/leads', { name: 'X', email: 'x@x.com.br', status: 'won' });
    expect(badStatus.statusCode).toBe(400);
  });

  it('filters by status and source and searches name, e-mail or company ignoring accents and case', async () => {
    const tag = uniqueTag();
    const a = await newLead({ name: `Cantina São João ${tag}`, status: 'contacted', source: 'event' });
    const b = await newLead({ company: `Adega Pérola ${tag}`, status: 'qualified', source: 'event' });
    const c = await newLead({ email: `sommelier-${tag}@vinhos.com.br`, status: 'contacted', source: 'website' });
    const ids = async (qs: string) => (await call(admin, 'GET', `/api/crm/leads?${qs}`)).json().map((l: { id: string }) => l.id);
    expect(await ids(`search=${tag}`)).toEqual([c.id, b.id, a.id]);
    expect(await ids(`search=SAO%20joao%20${tag}`)).toEqual([a.id]);
    expect(await ids(`search=perola%20${tag}`)).toEqual([b.id]);
    expect(await ids(`search=${tag}&status=contacted`)).toEqual([c.id, a.id]);
    expect(await ids(`search=${tag}&source=event&status=contacted`)).toEqual([a.id]);
    expect(await ids(`search=${tag}&status=&source=`)).toHaveLength(3);
    const limited = await call(admin, 'GET', `/api/crm/leads?search=${tag}&limit=2`);
    expect(limited.json()).toHaveLength(2);
    expect(limited.headers['x-has-more']).toBe('true');
    expect((await call(admin, 'GET', '/api/crm/leads?status=ganho')).statusCode).toBe(400);
  });

  it('updates every field (status freely), reassigns the owner to another admin, refuses a non-admin owner', async () => {
    const lead = await newLead();
    const other = await createUser(t.db, 'admin');
    const body = {
      name: 'Novo nome',
      email: 'novo@x.com.br',
      status: 'unqualified',
      source: 'cold_call',
      lead_score: 40,
      notes: 'Ligar',
      owner_id: other.id,
    };
    const res = await call(admin, 'PUT', `/api/crm/leads/${lead.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...body, owner_name: other.email });
    expect(await leadRow(lead.id)).toMatchObject({ status: 'unqualified', ownerId: other.id, leadScore: 40 });
    // Leaving the owner out keeps the current one.
    const kept = await call(admin, 'PUT', `/api/crm/leads/${lead.id}`, { name: 'N', email: 'n@x.com.br' });
    expect(kept.json().owner_id).toBe(other.id);
    const manager = await createUser(t.db, 'restaurant_manager');
    const bad = await call(admin, 'PUT', `/api/crm/leads/${lead.id}`, { name: 'N', email: 'n@x.com.br', owner_id: manager.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.owner_id).toBe(CRM_MESSAGES.ownerInvalid);
    expect((await call(admin, 'PUT', `/api/crm/leads/${crypto.randomUUID()}`, { name: 'N', email: 'n@x.com.br' })).statusCode).toBe(404);
  });

  it('converts only a qualified lead, once: opportunity in prospecting titled after the company, lead converted', async () => {
    const lead = await newLead({ company: 'Vinhos do Sul', status: 'new' });
    const refused = await call(admin, 'POST', `/api/crm/leads/${lead.id}/convert`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CRM_MESSAGES.onlyQualifiedConverts);
    await call(admin, 'PUT', `/api/crm/leads/${lead.id}`, { ...lead, status: 'qualified' });
    const res = await call(admin, 'POST', `/api/crm/leads/${lead.id}/convert`);
    expect(res.statusCode).toBe(200);
    const { opportunity } = res.json();
    expect(res.json().lead).toMatchObject({ id: lead.id, status: 'converted', opportunities_count: 1 });
    expect(opportunity).toMatchObject({ lead_id: lead.id, title: 'Vinhos do Sul', stage: 'prospecting', value: '0.00', probability: 0 });
    expect(await leadRow(lead.id)).toMatchObject({ status: 'converted' });
    expect(await oppRow(opportunity.id)).toMatchObject({ leadId: lead.id, stage: 'prospecting' });
    const twice = await call(admin, 'POST', `/api/crm/leads/${lead.id}/convert`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(CRM_MESSAGES.alreadyConverted);
    expect(await t.db.select().from(opportunities).where(eq(opportunities.leadId, lead.id))).toHaveLength(1);
    // No company: the title is the lead's name.
    const named = await newLead({ status: 'qualified' });
    expect((await call(admin, 'POST', `/api/crm/leads/${named.id}/convert`)).json().opportunity.title).toBe(named.name);
  });

  it('converts with the terms the person gave (value, probability, close date), and Ganhar then records that value', async () => {
    const lead = await newLead({ company: `Cantina ${uniqueTag()}`, status: 'qualified' });
    const res = await call(admin, 'POST', `/api/crm/leads/${lead.id}/convert`, {
      value: '12.500,90',
      probability: '60',
      expected_close_date: '15/03/2031',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { opportunity } = res.json();
    expect(opportunity).toMatchObject({ value: '12500.90', probability: 60, expected_close_date: '2031-03-15', stage: 'prospecting' });
    expect(await oppRow(opportunity.id)).toMatchObject({ value: '12500.90', probability: 60, expectedCloseDate: '2031-03-15' });
    const won = await call(admin, 'POST', `/api/crm/opportunities/${opportunity.id}/close`, { status: 'won' });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json()).toMatchObject({ stage: 'closed_won', value: '12500.90' });
    expect(await oppRow(opportunity.id)).toMatchObject({ stage: 'closed_won', value: '12500.90' });
  });

  it.each([
    [{ value: '-5' }, 'value'],
    [{ value: 'muito' }, 'value'],
    [{ probability: 101 }, 'probability'],
    [{ probability: 'setenta' }, 'probability'],
    [{ probability: 12.5 }, 'probability'],
    [{ expected_close_date: '31/02/2031' }, 'expected_close_date'],
  ])('refuses convert terms %j with 400 on %s, and converts nothing', async (terms, field) => {
    const lead = await newLead({ status: 'qualified' });
    const res = await call(admin, 'POST', `/api/crm/leads/${lead.id}/convert`, terms);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(res.json().detail).toEqual(expect.any(String));
    expect(await leadRow(lead.id)).toMatchObject({ status: 'qualified' });
    expect(await t.db.select().from(opportunities).where(eq(opportunities.leadId, lead.id))).toHaveLength(0);
  });

  it('deletes a lead alone; with opportunities or activities only with cascade=true (409 otherwise, nothing lost)', async () => {
    const alone = await newLead();
    expect((await call(admin, 'DELETE', `/api/crm/leads/${alone.id}`)).statusCode).toBe(204);
    expect(await leadRow(alone.id)).toBeUndefined();

    const lead = await newLead();
    const opp = await newOpportunity(lead.id);
    const act = await newActivity({ opportunity_id: opp.id });
    const refused = await call(admin, 'DELETE', `/api/crm/leads/${lead.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CRM_MESSAGES.leadHasRelated(1, 1));
    expect(await leadRow(lead.id)).toBeDefined();
    expect((await call(admin, 'DELETE', `/api/crm/leads/${lead.id}?cascade=true`)).statusCode).toBe(204);
    expect(await leadRow(lead.id)).toBeUndefined();
    expect(await oppRow(opp.id)).toBeUndefined();
    expect(await actRow(act.id)).toBeUndefined();
    expect((await call(admin, 'DELETE', `/api/crm/leads/${lead.id}`)).statusCode).toBe(404);
  });
});

describe('opportunities', () => {
  it('creates with defaults, exact money and only open stages', async () => {
    const lead = await newLead();
    const res = await call(admin, 'POST', '/api/crm/opportunities', { lead_id: lead.id, title: 'Carta digital' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      value: '0.00',
      stage: 'prospecting',
      probability: 0,
      lead_name: lead.name,
      closed_at: null,
      owner_id: admin.id,
    });
    const exact = await newOpportunity(lead.id, {
      value: '1.234.567,89',
      probability: 35,
      expected_close_date: '2026-12-31',
      stage: 'proposal',
    });
    expect(exact).toMatchObject({ value: '1234567.89', probability: 35, expected_close_date: '2026-12-31', stage: 'proposal' });
    expect((await oppRow(exact.id))?.value).toBe('1234567.89');
    expect((await newOpportunity(lead.id, { value: 0.1 })).value).toBe('0.10');
    for (const bad of [
      { value: -1 },
      { value: '10,005' },
      { stage: 'closed_won' },
      { probability: 120 },
      { expected_close_date: '2026-02-30' },
    ]) {
      const r = await call(admin, 'POST', '/api/crm/opportunities', { lead_id: lead.id, title: 'X', ...bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const noLead = await call(admin, 'POST', '/api/crm/opportunities', { title: 'X' });
    expect(noLead.json().fields.lead_id).toBe('Escolha o lead.');
    const noTitle = await call(admin, 'POST', '/api/crm/opportunities', { lead_id: lead.id, title: ' ' });
    expect(noTitle.json().fields.title).toBe('Informe o título da oportunidade.');
    const gone = await call(admin, 'POST', '/api/crm/opportunities', { lead_id: crypto.randomUUID(), title: 'X' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields.lead_id).toBe(CRM_MESSAGES.leadMissing);
  });

  it('filters by stage, lead and a search on title or description', async () => {
    const tag = uniqueTag();
    const lead = await newLead();
    const a = await newOpportunity(lead.id, { title: `Degustação ${tag}` });
    const b = await newOpportunity(lead.id, { title: 'Outra', description: `Carta de inverno ${tag}`, stage: 'negotiation' });
    const other = await newOpportunity((await newLead()).id, { title: `Degustacao ${tag}` });
    const ids = async (qs: string) => (await call(admin, 'GET', `/api/crm/opportunities?${qs}`)).json().map((o: { id: string }) => o.id);
    expect(await ids(`lead_id=${lead.id}`)).toEqual([b.id, a.id]);
    expect(await ids(`search=degustacao%20${tag}`)).toEqual([other.id, a.id]);
    expect(await ids(`search=INVERNO%20${tag}`)).toEqual([b.id]);
    expect(await ids(`lead_id=${lead.id}&stage=negotiation`)).toEqual([b.id]);
  });

  it('edits, moves between open stages, closes won or lost once (409 after), and reopens with an open stage', async () => {
    const lead = await newLead();
    const opp = await newOpportunity(lead.id, { value: '500' });
    const edited = await call(admin, 'PUT', `/api/crm/opportunities/${opp.id}`, {
      lead_id: lead.id,
      title: 'Editada',
      value: '750,50',
      stage: 'qualification',
    });
    expect(edited.json()).toMatchObject({ title: 'Editada', value: '750.50', stage: 'qualification' });
    const kept = await call(admin, 'PUT', `/api/crm/opportunities/${opp.id}`, { lead_id: lead.id, title: 'Editada' });
    expect(kept.json().stage).toBe('qualification');
    const moved = await call(admin, 'POST', `/api/crm/opportunities/${opp.id}/stage`, { stage: 'negotiation' });
    expect(moved.json().stage).toBe('negotiation');
    expect((await call(admin, 'POST', `/api/crm/opportunities/${opp.id}/stage`, { stage: 'closed_won' })).statusCode).toBe(400);

    const won = await call(admin, 'POST', `/api/crm/opportunities/${opp.id}/close`, { status: 'won' });
    expect(won.statusCode).toBe(200);
    expect(won.json()).toMatchObject({ stage: 'closed_won', probability: 100, closed_at: expect.any(String), lost_reason: null });
    expect((await oppRow(opp.id))?.closedAt).toBeInstanceOf(Date);
    const again = await call(admin, 'POST', `/api/crm/opportunities/${opp.id}/close`, { status: 'lost' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(CRM_MESSAGES.alreadyClosed);
    expect((await call(admin, 'POST', `/api/crm/opportunities/${opp.id}/stage`, { stage: 'proposal' })).statusCode).toBe(409);

    const lostOne = await newOpportunity(lead.id);
    const lost = await call(admin, 'POST', `/api/crm/opportunities/${lostOne.id}/close`, { status: 'lost', lost_reason: 'Preço' });
    expect(lost.json()).toMatchObject({ stage: 'closed_lost', probability: 0, lost_reason: 'Preço' });
    expect((await call(admin, 'POST', `/api/crm/opportunities/${lostOne.id}/close`, { status: 'maybe' })).statusCode).toBe(400);
    const reopened = await call(admin, 'PUT', `/api/crm/opportunities/${lostOne.id}`, {
      lead_id: lead.id,
      title: 'De volta',
      stage: 'proposal',
    });
    expect(reopened.json()).toMatchObject({ stage: 'proposal', closed_at: null, lost_reason: null });
  });

  it('deletes an opportunity; its activities stay on the lead', async () => {
    const lead = await newLead();
    const opp = await newOpportunity(lead.id);
    const act = await newActivity({ opportunity_id: opp.id });
    expect((await call(admin, 'DELETE', `/api/crm/opportunities/${opp.id}`)).statusCode).toBe(204);
    expect(await oppRow(opp.id)).toBeUndefined();
    expect(await actRow(act.id)).toMatchObject({ leadId: lead.id, opportunityId: null });
    expect((await call(admin, 'DELETE', `/api/crm/opportunities/${opp.id}`)).statusCode).toBe(404);
  });
});

describe('activities', () => {
  it('creates with defaults; empty links are null; the lead comes from the opportunity; another lead’s opportunity is 400', async () => {
    const bare = await newActivity({ lead_id: '', opportunity_id: '' });
    expect(bare).toMatchObject({
      lead_id: null,
      opportunity_id: null,
      type: 'task',
      status: 'pending',
      scheduled_at: null,
      overdue: false,
    });
    const lead = await newLead();
    const opp = await newOpportunity(lead.id);
    const linked = await newActivity({ opportunity_id: opp.id, type: 'demo' });
    expect(linked).toMatchObject({
      lead_id: lead.id,
      lead_name: lead.name,
      opportunity_id: opp.id,
      opportunity_title: opp.title,
      type: 'demo',
    });
    const otherLead = await newLead();
    const wrong = await call(admin, 'POST', '/api/crm/activities', { title: 'X', lead_id: otherLead.id, opportunity_id: opp.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.opportunity_id).toBe(CRM_MESSAGES.opportunityOfOtherLead);
    const noTitle = await call(admin, 'POST', '/api/crm/activities', { title: '' });
    expect(noTitle.json().fields.title).toBe('Informe o título da atividade.');
    expect((await call(admin, 'POST', '/api/crm/activities', { title: 'X', type: 'visit' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/crm/activities', { title: 'X', scheduled_at: 'amanhã' })).statusCode).toBe(400);
  });

  it('says overdue when scheduled in the past and neither completed nor cancelled; completes once', async () => {
    const past = '2024-01-10T13:00:00-03:00';
    const late = await newActivity({ scheduled_at: past });
    expect(late).toMatchObject({ overdue: true, scheduled_at: '2024-01-10T16:00:00.000Z' });
    expect((await newActivity({ scheduled_at: past, status: 'cancelled' })).overdue).toBe(false);
    expect((await newActivity({ scheduled_at: past, status: 'in_progress' })).overdue).toBe(true);
    expect((await newActivity({ scheduled_at: '2099-01-01T10:00:00Z' })).overdue).toBe(false);
    const done = await call(admin, 'POST', `/api/crm/activities/${late.id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', overdue: false, completed_at: expect.any(String) });
    expect(await actRow(late.id)).toMatchObject({ status: 'completed' });
    const twice = await call(admin, 'POST', `/api/crm/activities/${late.id}/complete`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(CRM_MESSAGES.activityDone);
  });

  it('filters by type, status, lead, opportunity and search; edits; deletes', async () => {
    const tag = uniqueTag();
    const lead = await newLead();
    const opp = await newOpportunity(lead.id);
    const a = await newActivity({ title: `Ligação ${tag}`, type: 'call', lead_id: lead.id, scheduled_at: '2025-01-01T10:00:00Z' });
    const b = await newActivity({
      title: 'Visita',
      description: `Levar rótulos ${tag}`,
      type: 'meeting',
      opportunity_id: opp.id,
      scheduled_at: '2025-02-01T10:00:00Z',
    });
    const c = await newActivity({ title: `Ligacao ${tag}`, type: 'call', status: 'completed' });
    const ids = async (qs: string) => (await call(admin, 'GET', `/api/crm/activities?${qs}`)).json().map((x: { id: string }) => x.id);
    expect(await ids(`lead_id=${lead.id}`)).toEqual([b.id, a.id]);
    expect(await ids(`opportunity_id=${opp.id}`)).toEqual([b.id]);
    expect(await ids(`search=ligacao%20${tag}`)).toEqual([a.id, c.id]);
    expect(await ids(`search=rotulos%20${tag}`)).toEqual([b.id]);
    expect(await ids(`search=${tag}&type=call&status=completed`)).toEqual([c.id]);
    const edited = await call(admin, 'PUT', `/api/crm/activities/${a.id}`, {
      title: 'Ligação editada',
      type: 'follow_up',
      lead_id: lead.id,
      status: 'completed',
    });
    expect(edited.json()).toMatchObject({
      title: 'Ligação editada',
      type: 'follow_up',
      status: 'completed',
      completed_at: expect.any(String),
      scheduled_at: null,
    });
    expect((await call(admin, 'DELETE', `/api/crm/activities/${a.id}`)).statusCode).toBe(204);
    expect(await actRow(a.id)).toBeUndefined();
    expect((await call(admin, 'POST', `/api/crm/activities/${a.id}/complete`)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('refuses every CRM call to the other roles with 403 and a pt-BR detail', async () => {
    const lead = await newLead();
    for (const role of ['restaurant_manager', 'sommelier', 'supplier'] as const) {
      const user = await createUser(t.db, role);
      for (const [method, url] of [
        ['GET', '/api/crm/leads'],
        ['POST', '/api/crm/leads'],
        ['PUT', `/api/crm/leads/${lead.id}`],
        ['DELETE', `/api/crm/leads/${lead.id}`],
        ['POST', `/api/crm/leads/${lead.id}/convert`],
        ['GET', '/api/crm/opportunities'],
        ['POST', '/api/crm/opportunities'],
        ['POST', `/api/crm/opportunities/${lead.id}/close`],
        ['POST', `/api/crm/opportunities/${lead.id}/stage`],
        ['GET', '/api/crm/activities'],
        ['POST', `/api/crm/activities/${lead.id}/complete`],
        ['GET', '/api/crm/dashboard'],
      ] as const) {
        const res = await call(user, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().detail).toBe('Apenas administradores podem fazer isto.');
      }
    }
    expect(await leadRow(lead.id)).toBeDefined();
  });
});
