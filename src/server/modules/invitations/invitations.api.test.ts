import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVITATION_TEXTS } from '../../../shared/invitations.js';
import { invitations, users } from '../../db/schema/index.js';
import {
  createEstablishmentRow,
  createSupplierRow,
  createTeam,
  createUser,
  establishmentLinks,
  uniqueEmail,
} from '../../test-support/factories.js';
import { mailingTestAppPerFile } from '../../test-support/file-app.js';

const { t, smtp } = mailingTestAppPerFile();

const INVALID_LINK = { code: 'invalid_link', detail: 'Link inválido ou expirado' };
const PASSWORD = 'vinho-tinto-da-casa';

/** The invitation e-mail that arrived for this address (the latest one), and the token of its link. */
async function invitationMail(email: string, after = 0) {
  const message = await smtp.waitForMessage((m) => m.to === email && smtp.messages.indexOf(m) >= after);
  const link = /https:\/\/adega\.test\/convite\?token=[A-Za-z0-9_%-]+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no invitation link in: ${message.text}`);
  return { message, link, token: new URL(link).searchParams.get('token') ?? '' };
}

const accept = (token: string, password = PASSWORD, name = 'Ana Sommelière') =>
  t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, name, password } });
const preview = (token: string) => t.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } });
const invite = (user: { token: string }, payload: object) => t.call(user, 'POST', '/api/invitations', payload);

/** An admin invites a new address (named after `name`) as sommelier of a new establishment; with the e-mailed token. */
async function sommelierInvited(name: string) {
  const admin = await createUser(t.db, 'admin');
  const est = await createEstablishmentRow(t.db);
  const email = uniqueEmail(name);
  const res = await invite(admin, { email, role: 'sommelier', establishment_ids: [est.id] });
  return { admin, est, email, res, token: (await invitationMail(email)).token };
}

describe('invitations: from the e-mail to a session', () => {
  it('the admin invites a manager to two establishments: the e-mail links to /convite, accepting signs in once', async () => {
    const admin = await createUser(t.db, 'admin');
    const [e1, e2] = [await createEstablishmentRow(t.db, { name: 'Casa Um' }), await createEstablishmentRow(t.db, { name: 'Casa Dois' })];
    const email = uniqueEmail('convidada');
    const res = await invite(admin, { email: ` ${email.toUpperCase()} `, role: 'restaurant_manager', establishment_ids: [e1.id, e2.id] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email, role: 'restaurant_manager', invited_by: { email: admin.email }, expired: false, link: null });
    expect(body.establishment_ids.sort()).toEqual([e1.id, e2.id].sort());
    const days = (Date.parse(body.expires_at) - Date.parse(body.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    const { message, token } = await invitationMail(email);
    expect(message.subject).toBe('Seu convite para o Adega');
    expect(message.text).toContain('Gerente de restaurante');
    expect(message.text).toContain('Casa Dois e Casa Um');
    expect(message.html).toContain('/convite?token=');
    expect(message.text).not.toMatch(/senha:/i);
    // Only the hash is stored.
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, body.id));
    expect(row?.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await preview(token)).json()).toEqual({ email, role: 'restaurant_manager', establishments: ['Casa Dois', 'Casa Um'] });
    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().token_type).toBe('bearer');
    const me = await t.as(accepted.json().access_token, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, role: 'restaurant_manager' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'Ana Sommelière', role: 'restaurant_manager', deactivatedAt: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await establishmentLinks(t.db, user?.id ?? '')).toEqual([e1.id, e2.id].sort());
    const [used] = await t.db.select().from(invitations).where(eq(invitations.id, body.id));
    expect(used).toMatchObject({ acceptedUserId: user?.id });
    expect(used?.acceptedAt).toBeInstanceOf(Date);

    // Single use: the same link again, and its preview, are refused; the login works with the chosen password.
    expect((await accept(token)).json()).toEqual(INVALID_LINK);
    expect((await preview(token)).statusCode).toBe(400);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    // No longer pending.
    expect((await t.call(admin, 'GET', '/api/invitations')).json().map((i: { id: string }) => i.id)).not.toContain(body.id);
  });

  it('makes one account when the same link is accepted twice at once', async () => {
    const { email, token } = await sommelierInvited('corrida');
    const answers = await Promise.all([accept(token), accept(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses unknown, malformed and expired tokens with "Link inválido ou expirado"', async () => {
    const { admin, est, email, res, token } = await sommelierInvited('expira');
    for (const bad of ['nao-existe', `${token}x`]) {
      const answer = await accept(bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(INVALID_LINK);
    }
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 second' where id = ${res.json().id}`);
    expect((await preview(token)).json()).toEqual(INVALID_LINK);
    expect((await accept(token)).json()).toEqual(INVALID_LINK);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // The expired invitation is listed as such, and a new one for the same e-mail replaces it.
    const listed = (await t.call(admin, 'GET', '/api/invitations')).json().find((i: { id: string }) => i.id === res.json().id);
    expect(listed.expired).toBe(true);
    const again = await invite(admin, { email, role: 'sommelier', establishment_ids: [est.id] });
    expect(again.statusCode, again.body).toBe(201);
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(1);
  });

  it('checks the name and the shared password rule when accepting, and keeps the link usable', async () => {
    const { email, token } = await sommelierInvited('regra');
    const short = await accept(token, 'curta');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBeTruthy();
    const sameAsEmail = await accept(token, email);
    expect(sameAsEmail.statusCode).toBe(400);
    expect(sameAsEmail.json().fields.password).toBeTruthy();
    const noName = await accept(token, PASSWORD, '   ');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.name).toBe(INVITATION_TEXTS.nameRequired);
    expect((await accept(token)).statusCode).toBe(201);
  });

  it('answers 409 for an e-mail that already has an account or a pending invitation', async () => {
    const admin = await createUser(t.db, 'admin');
    const est = await createEstablishmentRow(t.db);
    const existing = await createUser(t.db, 'sommelier');
    const taken = await invite(admin, { email: existing.email, role: 'sommelier', establishment_ids: [est.id] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: INVITATION_TEXTS.emailHasAccount, fields: { email: INVITATION_TEXTS.emailHasAccount } });
    const email = uniqueEmail('duplo');
    expect((await invite(admin, { email, role: 'sommelier', establishment_ids: [est.id] })).statusCode).toBe(201);
    const twice = await invite(admin, { email, role: 'sommelier', establishment_ids: [est.id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(INVITATION_TEXTS.alreadyInvited);
    // An account created after the invitation was sent: accepting it is 409 and creates nothing.
    const { token } = await invitationMail(email);
    await createUser(t.db, 'sommelier', { email });
    const late = await accept(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(INVITATION_TEXTS.emailHasAccount);
  });

  it('validates the invitation itself: establishments for staff, a supplier for a supplier user', async () => {
    const admin = await createUser(t.db, 'admin');
    const noPlace = await invite(admin, { email: uniqueEmail('x'), role: 'sommelier', establishment_ids: [] });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().fields.establishment_ids).toBe(INVITATION_TEXTS.establishmentRequired);
    const missing = await invite(admin, {
      email: uniqueEmail('x'),
      role: 'sommelier',
      establishment_ids: ['8a4a1d0e-5a3c-4c1e-9a55-1f6f0f2b8b11'],
    });
    expect(missing.statusCode).toBe(400);
    const noSupplier = await invite(admin, { email: uniqueEmail('x'), role: 'supplier' });
    expect(noSupplier.statusCode).toBe(400);
    expect(noSupplier.json().fields.supplier_id).toBe(INVITATION_TEXTS.supplierRequired);
    const badEmail = await invite(admin, { email: 'nao-e-email', role: 'admin' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields.email).toBeTruthy();
    // The admin may invite a supplier user (linked to its supplier when it accepts) and another admin.
    const supplier = await createSupplierRow(t.db);
    const email = uniqueEmail('fornecedor');
    expect((await invite(admin, { email, role: 'supplier', supplier_id: supplier.id })).statusCode).toBe(201);
    const { token } = await invitationMail(email);
    const session = (await accept(token)).json().access_token;
    const me = await t.as(session, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ role: 'supplier', supplier_id: supplier.id, establishment_ids: [] });
    expect((await invite(admin, { email: uniqueEmail('admin'), role: 'admin' })).statusCode).toBe(201);
  });
});

describe('who may invite (shared access policy)', () => {
  it('a manager invites sommeliers and managers of its own establishments only (403 otherwise, in pt-BR)', async () => {
    const { own, other, manager, sommelier, supplier } = await createTeam(t.db);
    const ok = await invite(manager, { email: uniqueEmail('somm'), role: 'sommelier', establishment_ids: [own.id] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await invite(manager, { email: uniqueEmail('ger'), role: 'restaurant_manager', establishment_ids: [own.id] })).statusCode).toBe(
      201,
    );
    for (const role of ['admin', 'supplier'] as const) {
      const res = await invite(manager, { email: uniqueEmail(role), role, establishment_ids: [own.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(INVITATION_TEXTS.roleNotAllowed);
    }
    for (const ids of [[other.id], [own.id, other.id]]) {
      const res = await invite(manager, { email: uniqueEmail('fora'), role: 'sommelier', establishment_ids: ids });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(INVITATION_TEXTS.establishmentNotOwn);
    }
    for (const user of [sommelier, supplier]) {
      const res = await invite(user, { email: uniqueEmail('nada'), role: 'sommelier', establishment_ids: [own.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Apenas administradores e gerentes de restaurante podem convidar usuários.');
      expect((await t.call(user, 'GET', '/api/invitations')).statusCode).toBe(403);
    }
  });

  it('a manager lists, resends and deletes the invitations of its own establishments only', async () => {
    const admin = await createUser(t.db, 'admin');
    const { own, other, manager } = await createTeam(t.db);
    const mine = (await invite(manager, { email: uniqueEmail('minha'), role: 'sommelier', establishment_ids: [own.id] })).json();
    const elsewhere = (await invite(admin, { email: uniqueEmail('outra'), role: 'sommelier', establishment_ids: [other.id] })).json();
    const shared = (
      await invite(admin, { email: uniqueEmail('dividida'), role: 'sommelier', establishment_ids: [own.id, other.id] })
    ).json();
    const anAdmin = (await invite(admin, { email: uniqueEmail('adm'), role: 'admin' })).json();

    const listed = (await t.call(manager, 'GET', '/api/invitations')).json();
    expect(listed.map((i: { id: string }) => i.id).sort()).toEqual([mine.id, shared.id].sort());
    expect(listed.find((i: { id: string }) => i.id === mine.id)).toMatchObject({
      invited_by: { email: manager.email },
      link: null,
      created_at: mine.created_at,
    });
    const all = (await t.call(admin, 'GET', '/api/invitations')).json().map((i: { id: string }) => i.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, elsewhere.id, shared.id, anAdmin.id]));

    for (const id of [elsewhere.id, anAdmin.id]) {
      expect((await t.call(manager, 'POST', `/api/invitations/${id}/resend`)).statusCode).toBe(404);
      expect((await t.call(manager, 'DELETE', `/api/invitations/${id}`)).statusCode).toBe(404);
    }
    // Seen (it touches its establishment) but not only its own: 403.
    expect((await t.call(manager, 'POST', `/api/invitations/${shared.id}/resend`)).statusCode).toBe(403);
    expect((await t.call(manager, 'DELETE', `/api/invitations/${shared.id}`)).statusCode).toBe(403);

    const { token } = await invitationMail(mine.email);
    expect((await t.call(manager, 'DELETE', `/api/invitations/${mine.id}`)).statusCode).toBe(204);
    expect((await accept(token)).json()).toEqual(INVALID_LINK);
    expect(await t.db.select().from(invitations).where(eq(invitations.id, mine.id))).toEqual([]);
    expect((await t.call(manager, 'DELETE', `/api/invitations/${mine.id}`)).statusCode).toBe(404);
  });

  it('resending sends a new link valid for 7 more days; the old link stops working', async () => {
    const { own, manager } = await createTeam(t.db);
    const email = uniqueEmail('reenvio');
    const sent = (await invite(manager, { email, role: 'sommelier', establishment_ids: [own.id] })).json();
    const first = await invitationMail(email);
    await t.db.execute(sql`update invitations set expires_at = now() + interval '1 day' where id = ${sent.id}`);
    const before = smtp.messages.length;
    const res = await t.call(manager, 'POST', `/api/invitations/${sent.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect((Date.parse(res.json().expires_at) - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
    const second = await invitationMail(email, before);
    expect(second.token).not.toBe(first.token);
    expect((await accept(first.token)).json()).toEqual(INVALID_LINK);
    const session = (await accept(second.token)).json().access_token;
    // The sommelier sees only that establishment.
    const me = await t.as(session, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ role: 'sommelier', establishment_ids: [own.id] });
    const list = await t.as(session, { method: 'GET', url: '/api/establishments' });
    expect(list.json().map((e: { id: string }) => e.id)).toEqual([own.id]);
    expect((await t.call(manager, 'POST', `/api/invitations/${sent.id}/resend`)).statusCode).toBe(404);
  });
});

describe('a manager and the staff of its establishments', () => {
  it('lists only the managers and sommeliers of its own establishments', async () => {
    const { own, other, manager, sommelier } = await createTeam(t.db);
    const elsewhere = await createUser(t.db, 'sommelier', { establishmentIds: [other.id] });
    const both = await createUser(t.db, 'sommelier', { establishmentIds: [own.id, other.id] });
    const res = await t.call(manager, 'GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const emails = res.json().map((u: { email: string }) => u.email);
    expect(emails.sort()).toEqual([manager.email, sommelier.email, both.email].sort());
    expect(emails).not.toContain(elsewhere.email);
    // Another establishment of a shared sommelier stays hidden.
    expect(res.json().find((u: { email: string }) => u.email === both.email).establishment_ids).toEqual([own.id]);
    expect((await t.call(sommelier, 'GET', '/api/users')).statusCode).toBe(403);
  });

  it('deactivates a sommelier: its sessions end and it cannot log in; reactivated, it logs in again', async () => {
    const { own, other, manager, sommelier } = await createTeam(t.db);
    const res = await t.call(manager, 'POST', `/api/users/${sommelier.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: sommelier.id, active: false });
    expect((await t.call(sommelier, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, sommelier.id));
    expect(row?.deactivatedAt).toBeInstanceOf(Date);
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: sommelier.email, password: 'senha-segura-123' } });
    expect((await login()).statusCode).toBe(401);

    expect((await t.call(manager, 'POST', `/api/users/${sommelier.id}/reactivate`)).json()).toMatchObject({ active: true });
    expect((await login()).statusCode).toBe(200);
    // The token from before the deactivation stays refused.
    expect((await t.call(sommelier, 'GET', '/api/auth/me')).statusCode).toBe(401);

    const elsewhere = await createUser(t.db, 'sommelier', { establishmentIds: [other.id] });
    expect((await t.call(manager, 'POST', `/api/users/${elsewhere.id}/deactivate`)).statusCode).toBe(404);
    const shared = await createUser(t.db, 'sommelier', { establishmentIds: [own.id, other.id] });
    const refused = await t.call(manager, 'POST', `/api/users/${shared.id}/deactivate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Você só pode desativar a equipe dos seus estabelecimentos.');
    const self = await t.call(manager, 'POST', `/api/users/${manager.id}/deactivate`);
    expect(self.statusCode).toBe(400);
    expect((await t.call(sommelier, 'POST', `/api/users/${manager.id}/deactivate`)).statusCode).toBe(401);
    // The admin deactivates anyone, the shared sommelier included.
    const admin = await createUser(t.db, 'admin');
    expect((await t.call(admin, 'POST', `/api/users/${shared.id}/deactivate`)).statusCode).toBe(200);
  });

  it('deactivating a manager withdraws the invitations it sent that nobody accepted', async () => {
    const { own, manager } = await createTeam(t.db);
    const colleague = await createUser(t.db, 'restaurant_manager', { establishmentIds: [own.id] });
    const email = uniqueEmail('convidado-retirado');
    const sent = await invite(colleague, { email, role: 'restaurant_manager', establishment_ids: [own.id] });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await t.call(manager, 'POST', `/api/users/${colleague.id}/deactivate`)).statusCode).toBe(200);
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
  });
});
