import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createCatalogWineRow,
  createEstablishmentRow,
  createSupplierRow,
  createTeam,
  createUser,
  onboardingFormValues,
  uniqueEmail,
} from '../../test-support/factories.js';
import { mailingTestAppPerFile } from '../../test-support/file-app.js';
import { multipartBody } from '../../test-support/multipart.js';

/** No PUBLIC_BASE_URL: the links of every e-mail take the address the request that sent it came in on. */
const { t, smtp } = mailingTestAppPerFile({}, { publicBaseUrl: undefined });

const HOST = 'carta.bistro.test:8080';
const BASE = `http://${HOST}`;
const headers = { host: HOST };
const SAMPLE_PDF = readFileSync(new URL('../../../../tests/e2e/fixtures/cardapio-exemplo.pdf', import.meta.url));

let address = 0;
const nextAddress = () => `10.61.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });
const as = (user: { token: string }, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
  t.as(user.token, { method, url, headers, ...(payload && { payload }) });

/** The one link of the latest e-mail to `to` with this subject, as the SMTP server received it (text and HTML agree). */
async function linkOfMail(to: string, subject: RegExp, after = 0): Promise<URL> {
  const mail = await smtp.waitForMessage((m) => m.to === to && subject.test(m.subject) && smtp.messages.indexOf(m) >= after);
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  expect(mail.html).toContain(`href="${match[0]}"`);
  return new URL(match[0]);
}

describe('links in e-mails without PUBLIC_BASE_URL', () => {
  it('the reset e-mail links to the local-network address the request came in on, and the link works', async () => {
    const user = await createUser(t.db, 'sommelier');
    const lan = 'http://192.168.0.20:3000';
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      headers: { host: '192.168.0.20:3000' },
      remoteAddress: nextAddress(),
    });
    expect(asked.statusCode).toBe(202);
    const link = await linkOfMail(user.email, /Redefinir/);
    expect(link.origin).toBe(lan);
    expect(link.pathname).toBe('/redefinir-senha');
    const res = await post('/api/auth/reset-password', { token: link.searchParams.get('token'), new_password: 'nova-senha-de-casa-1' });
    expect(res.statusCode).toBe(204);
  });

  it('a reset asked on a public Host (anyone can forge one) never links to it: the link takes this server', async () => {
    const user = await createUser(t.db, 'sommelier');
    const before = smtp.messages.length;
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    const link = await linkOfMail(user.email, /Redefinir/, before);
    expect(link.origin).not.toBe(BASE);
    expect(link.hostname).toBe('localhost');
  });

  it('a Host header that is not a plain host[:port] is refused (400) and nothing is queued', async () => {
    const email = uniqueEmail('host-ruim');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      headers: { host: 'evil.test/x?' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_host' });
    const jobs = (await t.db.execute(
      sql`select id from pgboss.job where name = 'password-reset-request' and data->>'email' = ${email}`,
    )) as unknown as { rows: unknown[] };
    expect(jobs.rows).toHaveLength(0);
  });

  it('the invitation e-mail, sent and sent again, links to the inviter’s address', async () => {
    const admin = await createUser(t.db, 'admin');
    const est = await createEstablishmentRow(t.db);
    const email = uniqueEmail('convidada');
    const created = await as(admin, 'POST', '/api/invitations', { email, role: 'sommelier', establishment_ids: [est.id] });
    expect(created.statusCode, created.body).toBe(201);
    const first = await linkOfMail(email, /convite/);
    expect(`${first.origin}${first.pathname}`).toBe(`${BASE}/convite`);
    const seen = smtp.messages.length;
    expect((await as(admin, 'POST', `/api/invitations/${created.json().id}/resend`)).statusCode).toBe(200);
    const second = await linkOfMail(email, /convite/, seen);
    expect(`${second.origin}${second.pathname}`).toBe(`${BASE}/convite`);
    const accepted = await post('/api/invitations/accept', {
      token: second.searchParams.get('token'),
      name: 'Ana',
      password: 'vinho-da-casa-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('the invitation of an approved sign-up links to the reviewer’s address', async () => {
    const admin = await createUser(t.db, 'admin');
    const contact = uniqueEmail('dona');
    const values = onboardingFormValues({ contact_email: contact });
    const created = await post('/api/onboarding/processes', values);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().process_id;
    for (const field of ['cnpj', 'email', 'phone'] as const) {
      expect((await post(`/api/onboarding/processes/${id}/validate-${field}`, { [field]: values[field] })).statusCode).toBe(200);
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/processes/${id}/upload-menu`,
      remoteAddress: nextAddress(),
      ...multipartBody('menu_file', 'cardapio.pdf', 'application/pdf', SAMPLE_PDF),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await as(admin, 'POST', `/api/onboarding/reviews/${id}/approve`)).statusCode).toBe(200);
    const link = await linkOfMail(contact, /convite/);
    expect(`${link.origin}${link.pathname}`).toBe(`${BASE}/convite`);
  });

  it('order e-mails link to the order on the address of the person who placed or moved it', async () => {
    const team = await createTeam(t.db, { name: 'Bistrô Links' });
    const supplier = await createSupplierRow(t.db);
    const supplierUser = await createUser(t.db, 'supplier', { supplierId: supplier.id });
    const wine = await createCatalogWineRow(t.db);
    const order = await as(team.manager, 'POST', '/api/orders', {
      establishment_id: team.own.id,
      supplier_id: supplier.id,
      items: [{ wine_id: wine.id, quantity: 2, price: '100,00' }],
    });
    expect(order.statusCode, order.body).toBe(201);
    const { id } = order.json();
    expect((await linkOfMail(supplierUser.email, /Novo pedido/)).href).toBe(`${BASE}/pedidos/${id}`);
    expect((await as(supplierUser, 'PATCH', `/api/orders/${id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await linkOfMail(team.manager.email, /Confirmado/)).href).toBe(`${BASE}/pedidos/${id}`);
  });

  it('the admin is told that links take the request’s address (the home says so)', async () => {
    const admin = await createUser(t.db, 'admin');
    const res = await as(admin, 'GET', '/api/mail/failed');
    expect(res.statusCode).toBe(200);
    expect(res.json().link_base).toEqual({ source: 'request', url: BASE });
  });
});
