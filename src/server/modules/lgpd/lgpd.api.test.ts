import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatCpf } from '@brazilian-utils/brazilian-utils/format-cpf';
import { generateCpf } from '@brazilian-utils/brazilian-utils/generate-cpf';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANONYMISED_NAME, LGPD_MESSAGES } from '../../../shared/lgpd.js';
import {
  auditEntries,
  leads,
  lgpdRequests,
  lgpdRetentionRules,
  mailMessages,
  menuEventCounts,
  onboardingProcesses,
  orders,
} from '../../db/schema/index.js';
import {
  createEstablishmentRow,
  createMenuRow,
  createSupplierRow,
  createUser,
  insertRow,
  uniqueTag,
} from '../../test-support/factories.js';
import { testAppPerFile, testUsersPerFile } from '../../test-support/file-app.js';
import { recordAuditEvent } from '../audit/index.js';
import { SEARCH_WORDS_RETENTION_QUEUE } from '../menu-insights/search-words-retention.js';
import { anonymiseOldApplications, deleteExpiredExports, RETENTION_QUEUE } from './index.js';

const t = testAppPerFile();
const { admin, restaurant_manager, sommelier, supplier } = testUsersPerFile(t, ['admin', 'restaurant_manager', 'sommelier', 'supplier']);
beforeAll(() => t.app.jobs.start({ work: false }));
afterEach(() => vi.useRealTimers());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A person with every kind of identifier, fresh for each test. */
function person() {
  const tag = uniqueTag();
  const mobile = `9${randomInt(6, 10)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const cpf = generateCpf();
  return {
    tag,
    name: `Ana ${tag} Souza`,
    email: `ana-${tag}@bistro.com.br`,
    phoneTyped: `(48) ${mobile.slice(0, 5)}-${mobile.slice(5)}`,
    phoneE164: `+5548${mobile}`,
    phoneDigits: `48${mobile}`,
    cpf,
    cpfFormatted: formatCpf(cpf),
  };
}
type Person = ReturnType<typeof person>;

const MENU_BYTES = Buffer.from('%PDF-1.4\n% cardápio de teste\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A lead with every field, its opportunity and activity, a sign-up with a menu file, an order and an e-mail naming them. */
async function seedSubject(p: Person) {
  const created = await t.call(admin, 'POST', '/api/crm/leads', {
    name: p.name,
    email: p.email,
    phone: p.phoneTyped,
    company: `Bistrô ${p.tag} Ltda`,
    status: 'contacted',
    source: 'referral',
    notes: `CPF ${p.cpfFormatted}; prefere contato à tarde.`,
    lead_score: 42,
  });
  expect(created.statusCode, created.body).toBe(201);
  const lead = created.json();
  const opportunity = await t.call(admin, 'POST', '/api/crm/opportunities', {
    lead_id: lead.id,
    title: `Carta para ${p.name}`,
    description: `Ligar para ${p.phoneTyped}`,
    value: 1500,
  });
  expect(opportunity.statusCode, opportunity.body).toBe(201);
  const activity = await t.call(admin, 'POST', '/api/crm/activities', {
    lead_id: lead.id,
    title: 'Degustação',
    notes: `Falar com ${p.name}`,
  });
  expect(activity.statusCode, activity.body).toBe(201);

  const processId = randomUUID();
  const menuKey = `onboarding/${processId}/cardapio.pdf`;
  await t.app.storage.private.put(menuKey, MENU_BYTES);
  await insertRow(t.db, onboardingProcesses, {
    id: processId,
    status: 'submitted',
    establishmentName: `Bistrô ${p.tag}`,
    cnpj: '11222333000181',
    email: p.email,
    phone: p.phoneE164,
    address: 'Rua das Gaivotas, 120',
    city: 'Florianópolis',
    state: 'SC',
    zipCode: '88010-000',
    contactName: p.name,
    contactEmail: p.email,
    contactPhone: p.phoneE164,
    menuFileKey: menuKey,
    menuFileName: 'cardápio <script>.pdf',
    menuFileType: 'application/pdf',
    menuFileSize: MENU_BYTES.length,
  });

  const establishment = await createEstablishmentRow(t.db);
  const supplierRow = await createSupplierRow(t.db);
  const order = await insertRow(t.db, orders, {
    establishmentId: establishment.id,
    supplierId: supplierRow.id,
    totalAmount: '1234.56',
    commissionRate: '10.00',
    commissionAmount: '123.46',
    notes: `Entregar para ${p.name}, tel. ${p.phoneTyped}`,
  });
  await insertRow(t.db, mailMessages, {
    kind: 'crm',
    recipient: p.email,
    subject: 'Sua carta de vinhos',
    textBody: `Olá, ${p.name}!`,
    htmlBody: `<p>Olá, ${p.name}!</p>`,
  });
  await recordAuditEvent(t.db, { actor: admin as never, recordKind: 'lead', recordId: lead.id, action: 'update', changes: [] });
  return { lead, processId, menuKey, order };
}

/** Every text-like column of every table in the database (information_schema) that contains one of `values`. */
async function findAnywhere(values: string[]): Promise<string[]> {
  const columns = rowsOf<{ table_schema: string; table_name: string; column_name: string }>(
    await t.db.execute(sql`
      select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema not in ('pg_catalog', 'information_schema')
        and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json')`),
  );
  expect(columns.length).toBeGreaterThan(50);
  const hits: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const target = sql.raw(`"${table_schema}"."${table_name}"`);
    const column = sql.raw(`"${column_name}"`);
    for (const value of values) {
      const [row] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from ${target} where ${column}::text ilike ${`%${value}%`}`),
      );
      if ((row?.n ?? 0) > 0) hits.push(`${table_schema}.${table_name}.${column_name} ~ ${value}`);
    }
  }
  return hits;
}

function unzip(bytes: Buffer): Map<string, Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lgpd-zip-'));
  try {
    writeFileSync(path.join(dir, 'export.zip'), bytes);
    execFileSync('unzip', ['-q', 'export.zip', '-d', 'out'], { cwd: dir });
    const files = new Map<string, Buffer>();
    for (const entry of readdirSync(path.join(dir, 'out'), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) {
        const full = path.join(entry.parentPath, entry.name);
        files.set(path.relative(path.join(dir, 'out'), full).split(path.sep).join('/'), readFileSync(full));
      }
    return files;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function exportOf(query: string) {
  const requested = await t.call(admin, 'POST', '/api/lgpd/exports', { query });
  expect(requested.statusCode, requested.body).toBe(202);
  expect(requested.json().status).toBe('queued');
  expect(await t.app.jobs.drain()).toBeGreaterThan(0);
  const list = await t.call(admin, 'GET', '/api/lgpd/requests');
  const request = list.json().find((r: { id: string }) => r.id === requested.json().id);
  expect(request).toMatchObject({ kind: 'export', status: 'ready', download_url: expect.stringContaining('/api/lgpd/exports/') });
  return request as { id: string; download_url: string; expires_at: string; files_count: number };
}

describe('finding a data subject', () => {
  it('finds the lead, its pipeline, the sign-up, the e-mails and the mentions by e-mail, CPF or phone alike', async () => {
    const p = person();
    const { lead, processId, order } = await seedSubject(p);
    for (const query of [p.email.toUpperCase(), p.cpfFormatted, p.cpf, p.phoneTyped, p.phoneE164]) {
      const res = await t.call(admin, 'POST', '/api/lgpd/search', { query });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      const body = res.json();
      const ids = (source: string) =>
        body.sources.find((s: { source: string }) => s.source === source)?.records.map((r: { id: string }) => r.id);
      expect(ids('leads'), query).toEqual([lead.id]);
      expect(ids('onboarding_processes'), query).toEqual([processId]);
      expect(ids('opportunities'), query).toHaveLength(1);
      expect(ids('activities'), query).toHaveLength(1);
      expect(ids('mail_messages'), query).toHaveLength(1);
      expect(ids('mentions'), query).toEqual([`orders:${order.id}`]);
      expect(body.files_count).toBe(1);
    }
  });

  it('answers 404 for nobody and 400 for text that is no e-mail, CPF or phone', async () => {
    const nobody = await t.call(admin, 'POST', '/api/lgpd/search', { query: `ninguem-${uniqueTag()}@nada.com.br` });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().detail).toBe(LGPD_MESSAGES.notFound);
    const bad = await t.call(admin, 'POST', '/api/lgpd/search', { query: 'Ana Souza' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(LGPD_MESSAGES.queryInvalid);
  });
});

describe('export', () => {
  it("builds one ZIP with the lead's every field, its file, its mentions and its audit entries, behind a link valid 24 h", async () => {
    const p = person();
    const { lead, processId, order } = await seedSubject(p);
    const request = await exportOf(p.email);
    expect(request.files_count).toBe(1);
    expect(new Date(request.expires_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    // The link needs no token: it is signed.
    const download = await t.app.inject({ method: 'GET', url: request.download_url });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['cache-control']).toBe('no-store');
    const zip = unzip(download.rawPayload);
    expect(zip.has('LEIA-ME.txt')).toBe(true);

    const exportedLeads = JSON.parse(zip.get('dados/leads.json')!.toString('utf8'));
    expect(exportedLeads).toHaveLength(1);
    expect(exportedLeads[0]).toMatchObject({
      id: lead.id,
      name: p.name,
      email: p.email,
      phone: p.phoneE164,
      company: `Bistrô ${p.tag} Ltda`,
      cnpj: null,
      status: 'contacted',
      source: 'referral',
      notes: `CPF ${p.cpfFormatted}; prefere contato à tarde.`,
      leadScore: 42,
      ownerId: admin.id,
      createdAt: lead.created_at,
    });
    // Every column of the lead's row is there, as stored (the search column aside).
    const [{ searchText: _, ...row }] = (await t.db.select().from(leads).where(eq(leads.id, lead.id))) as [typeof leads.$inferSelect];
    expect(exportedLeads[0]).toEqual(JSON.parse(JSON.stringify(row)));

    const sources = [...zip.keys()].filter((k) => k.startsWith('dados/')).sort();
    expect(sources).toEqual(
      expect.arrayContaining([
        'dados/activities.json',
        'dados/auditoria.json',
        'dados/leads.json',
        'dados/mail_messages.json',
        'dados/mencoes.json',
        'dados/onboarding_processes.json',
        'dados/opportunities.json',
      ]),
    );
    const file = [...zip.keys()].find((k) => k.startsWith(`arquivos/onboarding_processes/${processId}-`));
    expect(file).toBeDefined();
    expect(file).not.toMatch(/[<>]/);
    expect(zip.get(file!)!.equals(MENU_BYTES)).toBe(true);
    const mentions = JSON.parse(zip.get('dados/mencoes.json')!.toString('utf8'));
    expect(mentions).toEqual([{ tabela: 'orders', id: order.id, notes: `Entregar para ${p.name}, tel. ${p.phoneTyped}` }]);
    const audit = JSON.parse(zip.get('dados/auditoria.json')!.toString('utf8'));
    expect(audit.some((e: { recordId: string }) => e.recordId === lead.id)).toBe(true);

    // The request was audited, with counts and never the person's data; the job that built the file is the system's.
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.recordId, request.id))
      .orderBy(asc(auditEntries.occurredAt), asc(auditEntries.id));
    expect(entries).toMatchObject([
      { action: 'export_requested', actorUserId: admin.id, recordKind: 'lgpd_request' },
      {
        action: 'status_change',
        actorUserId: null,
        actorRole: 'sistema',
        recordKind: 'lgpd_request',
        changes: [{ field: 'status', old: 'queued', new: 'ready' }],
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(p.email);
  });

  it('answers 410 with a pt-BR message once 24 hours have passed, 404 for a forged link, and the ZIP is then deleted', async () => {
    const p = person();
    await seedSubject(p);
    const request = await exportOf(p.phoneTyped);
    const forged = request.download_url.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const longer = request.download_url.replace(/expires=(\d+)/, (_m, ms: string) => `expires=${Number(ms) + 86_400_000}`);
    expect((await t.app.inject({ method: 'GET', url: longer })).statusCode).toBe(404);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 23 * 3_600_000);
    expect((await t.app.inject({ method: 'GET', url: request.download_url })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 1 * 3_600_000 + 1000);
    const expired = await t.app.inject({ method: 'GET', url: request.download_url });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'export_expired', detail: LGPD_MESSAGES.linkExpired });
    vi.useRealTimers();
    await t.db
      .update(lgpdRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(lgpdRequests.id, request.id));
    const listed = (await t.call(admin, 'GET', '/api/lgpd/requests')).json().find((r: { id: string }) => r.id === request.id);
    expect(listed).toMatchObject({ status: 'expired', download_url: null });
    expect((await t.app.inject({ method: 'GET', url: request.download_url })).statusCode).toBe(410);

    const [row] = await t.db.select().from(lgpdRequests).where(eq(lgpdRequests.id, request.id));
    expect(await t.app.storage.private.read(row!.fileKey!)).toBeDefined();
    expect(await deleteExpiredExports(t.app.database.db, t.app.storage.private)).toBeGreaterThanOrEqual(1);
    expect(await t.app.storage.private.read(row!.fileKey!)).toBeUndefined();
    const expiry = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordId, request.id), eq(auditEntries.action, 'status_change')))
      .orderBy(asc(auditEntries.occurredAt), asc(auditEntries.id));
    expect(expiry.at(-1)).toMatchObject({ actorRole: 'sistema', changes: [{ field: 'status', old: 'ready', new: 'expired' }] });
  });
});

describe('erasure', () => {
  it("leaves no trace of the person's e-mail, CPF, phone or name in any column of any table, and the order totals as they were", async () => {
    const p = person();
    const { lead, processId, menuKey, order } = await seedSubject(p);
    const exported = await exportOf(p.cpf);
    const [exportRow] = await t.db.select().from(lgpdRequests).where(eq(lgpdRequests.id, exported.id));
    const identifiers = [p.email, p.cpf, p.cpfFormatted, p.phoneE164, p.phoneTyped, p.phoneDigits, p.name];
    expect((await findAnywhere(identifiers)).length).toBeGreaterThan(5);
    const totals = async () =>
      (await t.db.select({ total: orders.totalAmount, commission: orders.commissionAmount }).from(orders)).sort((a, b) =>
        `${a.total}${a.commission}`.localeCompare(`${b.total}${b.commission}`),
      );
    const totalsBefore = await totals();

    const res = await t.call(admin, 'POST', '/api/lgpd/erasures', { query: p.phoneTyped });
    expect(res.statusCode, res.body).toBe(200);
    const erased = res.json();
    expect(erased).toMatchObject({
      kind: 'erase',
      status: 'done',
      requested_by: admin.id,
      requested_by_email: admin.email,
      files_count: 2,
    });
    expect(erased.summary).toEqual(
      expect.arrayContaining([
        { source: 'leads', label: 'Leads (CRM)', count: 1, action: 'anonimizado' },
        expect.objectContaining({ source: 'onboarding_processes', count: 1, action: 'anonimizado' }),
        expect.objectContaining({ source: 'mail_messages', count: 1, action: 'apagado' }),
        expect.objectContaining({ source: 'mentions', action: 'anonimizado' }),
      ]),
    );

    expect(await findAnywhere(identifiers)).toEqual([]);
    expect(await totals()).toEqual(totalsBefore);
    const [leadRow] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(leadRow).toMatchObject({ name: ANONYMISED_NAME, phone: null, notes: null, status: 'contacted', leadScore: 42 });
    const [orderRow] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow).toMatchObject({ totalAmount: '1234.56', notes: `Entregar para ${ANONYMISED_NAME}, tel. ${ANONYMISED_NAME}` });
    const [processRow] = await t.db.select().from(onboardingProcesses).where(eq(onboardingProcesses.id, processId));
    expect(processRow).toMatchObject({ contactName: ANONYMISED_NAME, menuFileKey: null, anonymizedAt: expect.any(Date) });
    // Files: the menu and the earlier export's ZIP left the store.
    expect(await t.app.storage.private.read(menuKey)).toBeUndefined();
    expect(await t.app.storage.private.read(exportRow!.fileKey!)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: exported.download_url })).statusCode).toBe(410);
    const listed = (await t.call(admin, 'GET', '/api/lgpd/requests')).json();
    expect(listed.find((r: { id: string }) => r.id === exported.id)).toMatchObject({ status: 'withdrawn', download_url: null });
    expect(listed.find((r: { id: string }) => r.id === erased.id)).toMatchObject({ requested_by_email: admin.email });
    // The request is recorded (who, when, what) and audited.
    const [entry] = await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, erased.id));
    expect(entry).toMatchObject({ action: 'erase', actorUserId: admin.id });
    // Nothing is left to find.
    expect((await t.call(admin, 'POST', '/api/lgpd/search', { query: p.email })).statusCode).toBe(404);
  });

  it('withdraws an export still waiting for its job: it is never built', async () => {
    const p = person();
    await seedSubject(p);
    const requested = await t.call(admin, 'POST', '/api/lgpd/exports', { query: p.email });
    expect(requested.statusCode).toBe(202);
    expect((await t.call(admin, 'POST', '/api/lgpd/erasures', { query: p.email })).statusCode).toBe(200);
    await t.app.jobs.drain();
    const [row] = await t.db.select().from(lgpdRequests).where(eq(lgpdRequests.id, requested.json().id));
    expect(row).toMatchObject({ status: 'withdrawn', fileKey: null });
    expect(await t.app.storage.private.read(`lgpd/exports/${row!.id}.zip`)).toBeUndefined();
  });

  it('anonymises a user account (it can no longer sign in) and refuses to erase the admin asking', async () => {
    const user = await createUser(t.db, 'sommelier');
    const res = await t.call(admin, 'POST', '/api/lgpd/erasures', { query: user.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'users', action: 'anonimizado' }),
        expect.objectContaining({ source: 'sessions' }),
      ]),
    );
    expect((await t.call(user, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect(await findAnywhere([user.email])).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'senha-segura-123' },
    });
    expect(login.statusCode).toBe(401);

    const self = await t.call(admin, 'POST', '/api/lgpd/erasures', { query: admin.email });
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe(LGPD_MESSAGES.ownData);
  });
});

describe('retention', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  async function application(status: 'in_progress' | 'submitted' | 'rejected', days: number) {
    const p = person();
    const id = randomUUID();
    const menuFileKey = `onboarding/${id}/cardapio.pdf`;
    await t.app.storage.private.put(menuFileKey, MENU_BYTES);
    await insertRow(t.db, onboardingProcesses, {
      id,
      status,
      establishmentName: `Bistrô ${p.tag}`,
      cnpj: '11222333000181',
      email: p.email,
      phone: p.phoneE164,
      address: 'Rua A, 1',
      city: 'Florianópolis',
      state: 'SC',
      zipCode: '88010-000',
      contactName: p.name,
      contactEmail: p.email,
      contactPhone: p.phoneE164,
      menuFileKey,
      ...(status === 'rejected' && { reviewedAt: daysAgo(days), rejectionReason: `Falamos com ${p.name}` }),
      createdAt: daysAgo(days),
      updatedAt: daysAgo(days),
    });
    return { id, p, menuFileKey };
  }
  const processOf = async (id: string) => (await t.db.select().from(onboardingProcesses).where(eq(onboardingProcesses.id, id)))[0]!;

  it('anonymises refused and abandoned sign-ups older than the period the admin sets, by a daily job that reports its runs', async () => {
    const oldRejected = await application('rejected', 200);
    const oldAbandoned = await application('in_progress', 200);
    const recentRejected = await application('rejected', 40);
    const oldSubmitted = await application('submitted', 400);

    const rules = await t.call(admin, 'GET', '/api/lgpd/retention');
    expect(rules.statusCode).toBe(200);
    expect(rules.json()).toEqual([
      expect.objectContaining({ rule: 'onboarding_applications', days: 180, editable: true }),
      expect.objectContaining({ rule: 'search_words', days: 90, editable: false }),
    ]);

    await t.app.jobs.send(RETENTION_QUEUE, {});
    await t.app.jobs.drain();
    for (const { id, p, menuFileKey } of [oldRejected, oldAbandoned]) {
      const row = await processOf(id);
      expect(row).toMatchObject({ contactName: ANONYMISED_NAME, rejectionReason: null, menuFileKey: null, anonymizedAt: expect.any(Date) });
      expect(JSON.stringify(row)).not.toContain(p.email);
      expect(await t.app.storage.private.read(menuFileKey)).toBeUndefined();
    }
    for (const { id, p } of [recentRejected, oldSubmitted]) expect((await processOf(id)).contactEmail).toBe(p.email);
    const after = (await t.call(admin, 'GET', '/api/lgpd/retention')).json();
    expect(after[0]).toMatchObject({ last_run_at: expect.any(String), last_affected: expect.any(Number) });
    expect(after[0].last_affected).toBeGreaterThanOrEqual(2);

    // The admin shortens the period: the 40-day refusal goes on the next run; the change is audited.
    const update = await t.call(admin, 'PUT', '/api/lgpd/retention', { onboarding_days: 30 });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()[0].days).toBe(30);
    const [audited] = await t.db.select().from(auditEntries).where(eq(auditEntries.recordKind, 'lgpd_retention'));
    expect(audited).toBeDefined();
    expect(await anonymiseOldApplications(t.app.database.db, t.app.storage.private)).toBeGreaterThanOrEqual(1);
    expect((await processOf(recentRejected.id)).contactName).toBe(ANONYMISED_NAME);
    expect((await processOf(oldSubmitted.id)).contactEmail).toBe(oldSubmitted.p.email);
    expect((await t.call(admin, 'PUT', '/api/lgpd/retention', { onboarding_days: 5 })).statusCode).toBe(400);

    // Scheduled once for every process on the database (pg-boss's schedule), in Brazil's time.
    const schedules = rowsOf<{ cron: string; timezone: string }>(
      await t.db.execute(sql`select cron, timezone from pgboss.schedule where name = ${RETENTION_QUEUE}`),
    );
    expect(schedules).toEqual([{ cron: '15 5 * * *', timezone: 'America/Sao_Paulo' }]);
  });

  it('shows when the search words were last forgotten (the menu insights job, reused)', async () => {
    const establishment = await createEstablishmentRow(t.db);
    const menu = await createMenuRow(t.db, establishment.id);
    await t.db.insert(menuEventCounts).values({ menuId: menu.id, hour: daysAgo(100), kind: 'search', subject: 'joao', found: 0, count: 1 });
    await t.db.update(lgpdRetentionRules).set({ lastRunAt: null }).where(eq(lgpdRetentionRules.rule, 'search_words'));
    await t.app.jobs.send(SEARCH_WORDS_RETENTION_QUEUE, {});
    await t.app.jobs.drain();
    const rule = (await t.call(admin, 'GET', '/api/lgpd/retention')).json()[1];
    expect(rule).toMatchObject({ rule: 'search_words', last_run_at: expect.any(String) });
    expect(rule.last_affected).toBeGreaterThanOrEqual(1);
    const runs = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordKind, 'lgpd_retention'), eq(auditEntries.recordId, 'search_words')));
    expect(runs.at(-1)).toMatchObject({ actorUserId: null, actorRole: 'sistema', action: 'run' });
    expect(runs.at(-1)?.changes).toEqual([{ field: 'forgotten', new: rule.last_affected }]);
    expect(JSON.stringify(runs)).not.toContain('joao');
  });
});

describe('who may', () => {
  it('lets only admins in: managers, sommeliers and suppliers get 403, nobody signed in 401', async () => {
    const calls: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['POST', '/api/lgpd/search', { query: admin.email }],
      ['POST', '/api/lgpd/exports', { query: admin.email }],
      ['POST', '/api/lgpd/erasures', { query: admin.email }],
      ['GET', '/api/lgpd/requests'],
      ['GET', '/api/lgpd/retention'],
      ['PUT', '/api/lgpd/retention', { onboarding_days: 100 }],
    ];
    for (const user of [restaurant_manager, sommelier, supplier])
      for (const [method, url, body] of calls) {
        const res = await t.call(user, method, url, body);
        expect(res.statusCode, `${user.role} ${method} ${url}`).toBe(403);
        expect(res.json().detail).toBe('Apenas administradores podem fazer isto.');
      }
    for (const [method, url, payload] of calls)
      expect((await t.app.inject({ method, url, ...(payload && { payload }) })).statusCode, `${method} ${url}`).toBe(401);
    const changed = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from lgpd_retention_rules where days = 100`));
    expect(changed).toEqual([{ n: 0 }]);
  });
});

describe('the public privacy page', () => {
  it('says in pt-BR what is kept about guests, leads and applicants and how to ask, with no login, and no establishment can take its path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/privacidade' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body.replace(/<!-- -->/g, '');
    expect(html).toContain('<html lang="pt-BR"');
    for (const text of [
      'Privacidade no Adega',
      'não guardamos nada que identifique você',
      'no máximo 90 dias',
      'depois de 180 dias',
      'cópia',
      'Titular anonimizado',
    ])
      expect(html).toContain(text);
    expect(html).not.toContain('<script');

    const taken = await t.call(admin, 'POST', '/api/establishments', { name: 'Privacidade' });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json().slug).not.toBe('privacidade');
  });
});
