import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newOneTimeToken } from '../../core/one-time-token.js';
import {
  invitations,
  loginFailures,
  mailMessages,
  passwordResetTokens,
  rateLimitCounters,
  sessions,
  users,
} from '../../db/schema/index.js';
import { createEstablishmentRow, createUser, DEFAULT_PASSWORD, type TestUser, uniqueEmail } from '../../test-support/factories.js';
import { mailingTestAppPerFile } from '../../test-support/file-app.js';
import { RESET_REQUESTS_PER_ADDRESS, RESET_REQUESTS_PER_EMAIL_AND_ADDRESS } from './password-routes.js';
import { insertResetToken } from './reset-tokens.js';

const NEW_PASSWORD = 'taça-de-tinto-2024';
const INVALID_LINK = 'Link inválido ou expirado';
const RESET_SUBJECT = 'Redefinir a sua senha do Adega';

const { t, smtp } = mailingTestAppPerFile();

let ipCounter = 0;
/** Each test its own client address, so the per-address limits of one test do not reach another. */
const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const login = (email: string, password: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const me = (token: string) => t.as(token, { method: 'GET', url: '/api/auth/me' });
const changePassword = (user: { token: string }, body: object, ip = '10.30.0.1') =>
  t.as(user.token, { method: 'POST', url: '/api/auth/change-password', payload: body, remoteAddress: ip });
const forgot = (email: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (token: string, newPassword: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password: newPassword }, remoteAddress: ip });
const check = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token }, remoteAddress: freshIp() });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const mailsTo = (email: string) => t.db.select().from(mailMessages).where(eq(mailMessages.recipient, email));

/** The link of the reset e-mail, read from the message the SMTP server received. */
function resetLinkIn(text: string): URL {
  const match = /https:\/\/adega\.test\/redefinir-senha\?token=[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return new URL(match[0]);
}

async function requestLink(user: TestUser): Promise<string> {
  const seen = smtp.messages.length;
  expect((await forgot(user.email)).statusCode).toBe(202);
  const mail = await smtp.waitForMessage((m) => m.to === user.email && m.subject === RESET_SUBJECT && smtp.messages.indexOf(m) >= seen);
  return resetLinkIn(mail.text).searchParams.get('token') ?? '';
}

describe('POST /api/auth/change-password', () => {
  it('changes the password (204): the asking session stays, every other session of the user ends', async () => {
    const user = await createUser(t.db, 'sommelier');
    const other = (await login(user.email, DEFAULT_PASSWORD)).json().access_token;
    const bystander = await createUser(t.db, 'sommelier');
    const res = await changePassword(user, { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(bystander.token)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and a pt-BR text, and counts it toward the login throttle', async () => {
    const user = await createUser(t.db, 'restaurant_manager');
    const ip = '10.31.0.1';
    const before = (await userRow(user.id))?.passwordHash;
    const wrong = await changePassword(user, { current_password: 'nao-e-esta-1', new_password: NEW_PASSWORD }, ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'wrong_password',
      detail: 'A senha atual não confere.',
      fields: { current_password: 'A senha atual não confere.' },
    });
    expect((await userRow(user.id))?.passwordHash).toBe(before);
    const failures = await t.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, user.email), eq(loginFailures.ip, ip)));
    expect(failures).toHaveLength(1);
    for (let i = 0; i < 9; i++) await changePassword(user, { current_password: `errada-${i}-x`, new_password: NEW_PASSWORD }, ip);
    // Ten wrong passwords from this address: the login from it is throttled, and so is the right current password here.
    expect((await login(user.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);
    const blocked = await changePassword(user, { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe('Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the shared password rule, with the e-mail of the account, and leaves the password as it was', async () => {
    const user = await createUser(t.db, 'admin');
    const before = (await userRow(user.id))?.passwordHash;
    const cases: [string, string][] = [
      ['curta1', 'A senha deve ter pelo menos 8 caracteres.'],
      ['12345678', 'Esta senha está entre as mais usadas. Escolha outra.'],
      [user.email, 'A senha não pode ser o seu e-mail.'],
      [DEFAULT_PASSWORD, 'A nova senha deve ser diferente da atual.'],
    ];
    for (const [password, message] of cases) {
      const res = await changePassword(user, { current_password: DEFAULT_PASSWORD, new_password: password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields.new_password).toBe(message);
    }
    const missing = await changePassword(user, { new_password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.current_password).toBe('Informe a senha atual.');
    expect((await userRow(user.id))?.passwordHash).toBe(before);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('e-mails a link to /redefinir-senha that sets a new password once, ending every session', async () => {
    const user = await createUser(t.db, 'restaurant_manager');
    const other = (await login(user.email, DEFAULT_PASSWORD)).json().access_token;
    const res = await forgot(`  ${user.email.toUpperCase()} `);
    expect(res.statusCode).toBe(202);
    expect(res.headers['cache-control']).toBe('no-store');
    const mail = await smtp.waitForMessage((m) => m.to === user.email);
    expect(mail.subject).toBe('Redefinir a sua senha do Adega');
    expect(mail.text).toContain('O link vale por 60 minutos');
    expect(mail.text).not.toContain(DEFAULT_PASSWORD);
    const link = resetLinkIn(mail.text);
    expect(mail.html).toContain(`href="${link.href}"`);
    const token = link.searchParams.get('token') ?? '';
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only the hash is stored.
    const stored = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(token);

    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'outra-senha-boa-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_reset_link', detail: INVALID_LINK });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one, does the same work, and sends nothing', async () => {
    const known = await createUser(t.db, 'sommelier');
    const unknown = uniqueEmail('ninguem');
    const a = await forgot(unknown);
    const b = await forgot(known.email);
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({
      detail:
        'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Ele vale por 60 minutos: confira a caixa de entrada e o spam.',
      delivery: 'smtp',
    });
    // The request only queued one job for each: who has an account is looked up afterwards, in the job.
    const jobs = async (email: string) =>
      (
        (await t.db.execute(
          sql`select state from pgboss.job where name = 'password-reset-request' and data->>'email' = ${email}`,
        )) as unknown as { rows: { state: string }[] }
      ).rows;
    expect(await jobs(unknown)).toHaveLength(1);
    expect(await jobs(known.email)).toHaveLength(1);
    await smtp.waitForMessage((m) => m.to === known.email);
    await expect.poll(async () => (await jobs(unknown))[0]?.state).toBe('completed');
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.to === unknown)).toHaveLength(0);
  });

  it('sends nothing to a record-only user (no password) or a deactivated one, and a link sent before deactivation is dead', async () => {
    const recordOnly = await createUser(t.db, 'admin');
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, recordOnly.id));
    const deactivated = await createUser(t.db, 'sommelier');
    const linkBefore = await requestLink(deactivated);
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.id));
    const jobs = async (email: string) =>
      (
        (await t.db.execute(
          sql`select state from pgboss.job where name = 'password-reset-request' and data->>'email' = ${email}`,
        )) as unknown as { rows: { state: string }[] }
      ).rows.map((row) => row.state);
    expect((await forgot(recordOnly.email)).statusCode).toBe(202);
    expect((await forgot(deactivated.email)).statusCode).toBe(202);
    await expect.poll(() => jobs(recordOnly.email), { timeout: 15_000 }).toEqual(['completed']);
    await expect.poll(() => jobs(deactivated.email), { timeout: 15_000 }).toEqual(['completed', 'completed']);
    expect(await mailsTo(recordOnly.email)).toHaveLength(0);
    expect(await mailsTo(deactivated.email)).toHaveLength(1);
    const res = await reset(linkBefore, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(INVALID_LINK);
    expect((await userRow(recordOnly.id))?.passwordHash).toBeNull();
  });

  it('deactivation uses up the reset links and withdraws the invitations of the person: a reactivation does not revive them', async () => {
    const admin = await createUser(t.db, 'admin');
    const est = await createEstablishmentRow(t.db);
    const email = uniqueEmail('reativada');
    // An invitation to the address, still pending when an account was made for it by hand.
    const invited = await t.call(admin, 'POST', '/api/invitations', { email, role: 'sommelier', establishment_ids: [est.id] });
    expect(invited.statusCode, invited.body).toBe(201);
    const user = await createUser(t.db, 'sommelier', { email, establishmentIds: [est.id] });
    const linkBefore = await requestLink(user);

    expect((await t.call(admin, 'POST', `/api/users/${user.id}/deactivate`)).statusCode).toBe(200);
    const [retired] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(retired?.usedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
    expect((await t.call(admin, 'POST', `/api/users/${user.id}/reactivate`)).statusCode).toBe(200);

    const res = await reset(linkBefore, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_reset_link', detail: INVALID_LINK });
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    // A link asked for after the reactivation works.
    expect((await reset(await requestLink(user), NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('refuses unknown, malformed, used and expired links with 400 "Link inválido ou expirado"', async () => {
    const user = await createUser(t.db, 'sommelier');
    const expired = newOneTimeToken();
    await insertResetToken(t.db, user.id, expired.hash, new Date(Date.now() - 61 * 60_000));
    const unknown = newOneTimeToken();
    for (const token of [expired.token, unknown.token, '', 'x'.repeat(500)]) {
      const res = await reset(token, NEW_PASSWORD);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().detail).toBe(INVALID_LINK);
    }
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('checks a link without using it up: 204 while it is live, 400 "Link inválido ou expirado" once used, expired or unknown', async () => {
    const user = await createUser(t.db, 'sommelier');
    const token = await requestLink(user);
    for (let i = 0; i < 2; i++) {
      const live = await check(token);
      expect(live.statusCode, live.body).toBe(204);
      expect(live.headers['cache-control']).toBe('no-store');
    }
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row?.usedAt).toBeNull();
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);

    const expired = newOneTimeToken();
    await insertResetToken(t.db, user.id, expired.hash, new Date(Date.now() - 61 * 60_000));
    for (const dead of [token, expired.token, newOneTimeToken().token, '', 'x'.repeat(500)]) {
      const res = await check(dead);
      expect(res.statusCode, dead).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_reset_link', detail: INVALID_LINK });
    }
    const noToken = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: {} });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().detail).toBe(INVALID_LINK);
  });

  it('a link is valid for 60 minutes', async () => {
    const user = await createUser(t.db, 'sommelier');
    const token = await requestLink(user);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await reset(token, NEW_PASSWORD)).json().detail).toBe(INVALID_LINK);
  });

  it('a password the rule refuses leaves the link usable; the last of two links used retires the other', async () => {
    const user = await createUser(t.db, 'supplier');
    const first = await requestLink(user);
    const second = await requestLink(user);
    const weak = await reset(second, user.email);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.new_password).toBe('A senha não pode ser o seu e-mail.');
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await reset(first, 'mais-uma-senha-boa')).json().detail).toBe(INVALID_LINK);
  });

  it('only one of two resets racing on one link succeeds', async () => {
    const user = await createUser(t.db, 'sommelier');
    const token = await requestLink(user);
    const answers = await Promise.all([reset(token, 'primeira-senha-boa'), reset(token, 'segunda-senha-boa')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 400]);
  });

  it('a reset lifts the login throttle on the e-mail (the person proved they hold the mailbox)', async () => {
    const user = await createUser(t.db, 'sommelier');
    const ip = '10.40.0.1';
    for (let i = 0; i < 10; i++) await login(user.email, 'errada-123', ip);
    expect((await login(user.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);
    expect((await reset(await requestLink(user), NEW_PASSWORD)).statusCode).toBe(204);
    expect((await login(user.email, NEW_PASSWORD, ip)).statusCode).toBe(200);
  });

  it(`throttles ${RESET_REQUESTS_PER_EMAIL_AND_ADDRESS} requests per e-mail from one address an hour, known and unknown e-mails alike; another address still gets its link`, async () => {
    const known = await createUser(t.db, 'sommelier');
    for (const email of [known.email, uniqueEmail('ninguem')]) {
      const ip = freshIp();
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL_AND_ADDRESS; i++) expect((await forgot(email, ip)).statusCode).toBe(202);
      const blocked = await forgot(email.toUpperCase(), ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        code: 'too_many_reset_requests',
        detail: 'Muitos pedidos de redefinição de senha. Aguarde alguns minutos e tente novamente.',
      });
      // Not a lock-out of the e-mail: the same request from another address is taken.
      expect((await forgot(email, freshIp())).statusCode).toBe(202);
      // Counted in the database, so every process and a restart see the same count.
      const counters = await t.db
        .select()
        .from(rateLimitCounters)
        .where(like(rateLimitCounters.key, `%${email}\n${ip}`));
      expect(counters.map((c) => c.hits)).toEqual([RESET_REQUESTS_PER_EMAIL_AND_ADDRESS + 1]);
    }
    // From another address, the person gets a link that sets a new password.
    expect((await reset(await requestLink(known), NEW_PASSWORD)).statusCode).toBe(204);
  });

  it(`throttles ${RESET_REQUESTS_PER_ADDRESS} requests per client address an hour`, async () => {
    const ip = '10.50.0.1';
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) expect((await forgot(uniqueEmail('muitos'), ip)).statusCode).toBe(202);
    expect((await forgot(uniqueEmail('muitos'), ip)).statusCode).toBe(429);
    expect((await forgot(uniqueEmail('muitos'))).statusCode).toBe(202);
  });

  it('checks the e-mail it is given', async () => {
    const res = await forgot('não é e-mail');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBeTruthy();
  });
});
