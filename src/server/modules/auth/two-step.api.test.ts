import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, recoveryCodes, sessions, userTotp } from '../../db/schema/index.js';
import { createUser, DEFAULT_PASSWORD, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { createSoftAuthenticator } from '../../test-support/soft-authenticator.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const t = testAppPerFile();
const ORIGIN = 'https://adega.test';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let ipCounter = 0;
/** Each test its own client address: the login throttle counts per e-mail and address. */
const freshIp = () => `10.29.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const login = (app: TestApp, email: string, ip: string, password = DEFAULT_PASSWORD, userAgent = ANDROID_CHROME) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });

const sendCode = (app: TestApp, token: string, code: string, ip: string) =>
  app.as(token, { method: 'POST', url: '/api/auth/login/code', payload: { code }, remoteAddress: ip });

/** A code of the step `stepsAhead` 30-second steps from now (the server accepts one step either side). */
const codeAt = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** Sets up and confirms the authenticator app of `user`: its secret and its recovery codes. */
async function turnOn(app: TestApp, user: { token: string }): Promise<{ secret: string; codes: string[] }> {
  const setup = await app.call(user, 'POST', '/api/account/two-step/totp');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirm = await app.as(user.token, {
    method: 'POST',
    url: '/api/account/two-step/totp/confirm',
    payload: { code: await codeAt(secret) },
    remoteAddress: freshIp(),
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, codes: confirm.json().recovery_codes };
}

const auditOf = (app: TestApp, userId: string) =>
  app.db.select().from(auditEntries).where(eq(auditEntries.actorUserId, userId)).orderBy(desc(auditEntries.occurredAt));

describe('setting up the authenticator app on /conta', () => {
  it('shows a QR code and the secret, keeps the secret encrypted, and turns on only with a right code', async () => {
    const user = await createUser(t.db, 'restaurant_manager');
    expect((await t.call(user, 'GET', '/api/account/two-step')).json()).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      required: false,
      passkeys: [],
    });
    const setup = await t.call(user, 'POST', '/api/account/two-step/totp');
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_url, qr_svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(new RegExp(`^otpauth://totp/Adega:.*\\?.*secret=${secret}`));
    expect(qr_svg).toMatch(/^<svg/);
    const [stored] = await t.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(stored?.secretEncrypted).not.toContain(secret);
    expect(stored?.enabledAt).toBeNull();

    const ip = freshIp();
    const confirm = (code: string) =>
      t.as(user.token, { method: 'POST', url: '/api/account/two-step/totp/confirm', payload: { code }, remoteAddress: ip });
    const wrong = await confirm(String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_two_step_code', detail: 'Código inválido ou já usado.' });
    const badFormat = await confirm('12ab');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().fields.code).toMatch(/6 números/);

    const right = await confirm(await codeAt(secret));
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
    const hashes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) for (const code of codes) expect(row.codeHash).not.toContain(code.replace(/-/g, ''));

    expect((await t.call(user, 'GET', '/api/account/two-step')).json()).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    // On already: a new set-up is refused rather than replacing the secret in use.
    expect((await t.call(user, 'POST', '/api/account/two-step/totp')).statusCode).toBe(409);
    const entries = await auditOf(t, user.id);
    expect(entries.map((e) => e.action)).toContain('two_step_enable');
    expect(JSON.stringify(entries)).not.toContain(secret);
  });
});

describe('signing in with two-step on', () => {
  it('asks for the code after the password; the half-signed session opens nothing else; a code works once', async () => {
    const user = await createUser(t.db, 'sommelier');
    const { secret } = await turnOn(t, user);
    const ip = freshIp();
    const first = await login(t, user.email, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json().stage).toBe('second_factor');
    const token: string = first.json().access_token;

    const blocked = await t.as(token, { method: 'GET', url: '/api/account' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'two_step_code_required',
      detail: 'Informe o código da verificação em duas etapas para continuar.',
    });
    expect((await t.as(token, { method: 'GET', url: '/api/auth/me' })).json()).toMatchObject({ stage: 'second_factor' });
    // Not listed among the open sessions until the code is in.
    expect((await t.call(user, 'GET', '/api/account/sessions')).json().items.map((s: { id: string }) => s.id)).toHaveLength(1);

    expect((await sendCode(t, token, '000000', ip)).json()).toMatchObject({ code: 'invalid_two_step_code' });
    const code = await codeAt(secret, 1);
    const ok = await sendCode(t, token, code, ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ stage: 'full' });
    expect((await t.as(token, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    // A full session has no second step to take.
    expect((await sendCode(t, token, code, ip)).statusCode).toBe(409);

    // The same code on a new sign-in (someone who saw it over a shoulder) is refused.
    const second = await login(t, user.email, ip);
    const reused = await sendCode(t, second.json().access_token, code, ip);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toBe('Código inválido ou já usado.');

    const actions = (await auditOf(t, user.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'password_accepted')).toHaveLength(2);
    expect(actions).toContain('sign_in');
    expect(actions.filter((a) => a === 'sign_in_failed')).toHaveLength(2);
    const signIn = (await auditOf(t, user.id)).find((e) => e.action === 'sign_in');
    expect(signIn).toMatchObject({
      recordKind: 'session',
      actorRole: 'sommelier',
      changes: [{ field: 'method', new: 'senha + código do aplicativo' }],
    });
  });

  it('takes each recovery code once', async () => {
    const user = await createUser(t.db, 'restaurant_manager');
    const { codes } = await turnOn(t, user);
    const ip = freshIp();
    const code = (codes[3] as string).toUpperCase();
    const first = await login(t, user.email, ip);
    expect((await sendCode(t, first.json().access_token, code, ip)).statusCode).toBe(200);
    const second = await login(t, user.email, ip);
    expect((await sendCode(t, second.json().access_token, code, ip)).json()).toMatchObject({ code: 'invalid_two_step_code' });
    expect((await sendCode(t, second.json().access_token, codes[4] as string, ip)).statusCode).toBe(200);
    expect((await t.call(user, 'GET', '/api/account/two-step')).json().recovery_codes_left).toBe(8);
    expect((await auditOf(t, user.id)).filter((e) => e.action === 'recovery_code_used')).toHaveLength(2);
  });

  it('throttles codes like passwords: after 10 wrong tries from one address even the right code waits', async () => {
    const user = await createUser(t.db, 'sommelier');
    const { secret } = await turnOn(t, user);
    const ip = freshIp();
    const token = (await login(t, user.email, ip)).json().access_token;
    for (let i = 0; i < 10; i++) expect((await sendCode(t, token, `00000${i}`, ip)).statusCode).toBe(400);
    const throttled = await sendCode(t, token, await codeAt(secret, 1), ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('too_many_attempts');
    // The password counts toward the same throttle.
    expect((await login(t, user.email, ip)).statusCode).toBe(429);
    // Another address is not locked out.
    const elsewhere = freshIp();
    const other = await login(t, user.email, elsewhere);
    expect((await sendCode(t, other.json().access_token, await codeAt(secret, 1), elsewhere)).statusCode).toBe(200);
  });

  it('turning it off asks for the password and a code; then a password alone signs in', async () => {
    const user = await createUser(t.db, 'restaurant_manager');
    const { secret } = await turnOn(t, user);
    const ip = freshIp();
    const off = (password: string, code: string) =>
      t.as(user.token, { method: 'POST', url: '/api/account/two-step/totp/disable', payload: { password, code }, remoteAddress: ip });
    expect((await off('senha-errada', await codeAt(secret, 1))).json()).toMatchObject({ code: 'wrong_password' });
    expect((await off(DEFAULT_PASSWORD, '123456')).json()).toMatchObject({ code: 'invalid_two_step_code' });
    expect((await off(DEFAULT_PASSWORD, '')).statusCode).toBe(400);
    expect((await t.call(user, 'GET', '/api/account/two-step')).json().totp_enabled).toBe(true);
    expect((await off(DEFAULT_PASSWORD, await codeAt(secret, 1))).statusCode).toBe(204);
    expect((await t.call(user, 'GET', '/api/account/two-step')).json()).toMatchObject({ totp_enabled: false, recovery_codes_left: 0 });
    expect((await login(t, user.email, freshIp())).json().stage).toBe('full');
    expect((await auditOf(t, user.id)).map((e) => e.action)).toContain('two_step_disable');
  });
});

describe('sign-in audit', () => {
  it('records a failed sign-in by an unknown e-mail as "desconhecido" and a wrong password under the user, never the password', async () => {
    const user = await createUser(t.db, 'supplier');
    const typed = 'senha-digitada-errada-987';
    await login(t, `ninguem-${user.id}@teste.com.br`, freshIp(), typed);
    await login(t, user.email, freshIp(), typed);
    const failed = await t.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'sign_in_failed'))
      .orderBy(desc(auditEntries.occurredAt))
      .limit(50);
    expect(failed.some((e) => e.actorRole === 'desconhecido' && e.actorUserId === null)).toBe(true);
    expect(failed.find((e) => e.actorUserId === user.id)).toMatchObject({
      actorRole: 'supplier',
      changes: [{ field: 'reason', new: 'senha incorreta' }],
    });
    expect(JSON.stringify(failed)).not.toContain(typed);
    expect(JSON.stringify(failed)).not.toContain(user.email);
  });
});

describe('open sessions on /conta', () => {
  it('lists the person’s sessions with device, address and last use, and ends one or all others', async () => {
    const user = await createUser(t.db, 'sommelier');
    const ip = freshIp();
    const phone = (await login(t, user.email, ip)).json().access_token as string;
    const desktop = (
      await login(t, user.email, ip, DEFAULT_PASSWORD, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')
    ).json().access_token as string;
    const stranger = await createUser(t.db, 'sommelier');

    const list = await t.as(phone, { method: 'GET', url: '/api/account/sessions' });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { id: string; device: string; ip: string; current: boolean; last_used_at: string }[];
    expect(items).toHaveLength(3);
    const current = items.find((s) => s.current);
    expect(current).toMatchObject({ device: 'Chrome no Android', ip });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.map((s) => s.device)).toContain('Firefox no Windows');
    const desktopSession = items.find((s) => s.device === 'Firefox no Windows');
    if (!desktopSession) throw new Error('desktop session missing');

    // Someone else's session is not the caller's to end.
    const strangerSession = (await t.call(stranger, 'GET', '/api/account/sessions')).json().items[0].id;
    expect((await t.as(phone, { method: 'DELETE', url: `/api/account/sessions/${strangerSession}` })).statusCode).toBe(404);
    expect((await t.call(stranger, 'GET', '/api/account')).statusCode).toBe(200);

    expect((await t.as(phone, { method: 'DELETE', url: `/api/account/sessions/${desktopSession.id}` })).statusCode).toBe(204);
    expect((await t.as(desktop, { method: 'GET', url: '/api/account' })).statusCode).toBe(401);
    const ended = await t.as(phone, { method: 'POST', url: '/api/account/sessions/end-others' });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await t.call(user, 'GET', '/api/account')).statusCode).toBe(401);
    expect((await t.as(phone, { method: 'GET', url: '/api/account/sessions' })).json().items).toHaveLength(1);
    const actions = (await auditOf(t, user.id)).filter((e) => e.action === 'session_end');
    expect(actions).toHaveLength(2);

    expect((await t.as(phone, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    expect((await auditOf(t, user.id)).map((e) => e.action)).toContain('sign_out');
  });
});

describe('passkeys', () => {
  it('adds a passkey, signs in with it instead of password and code, and removes it', async () => {
    const user = await createUser(t.db, 'restaurant_manager');
    await turnOn(t, user);
    const authenticator = createSoftAuthenticator();
    const options = await t.call(user, 'POST', '/api/account/passkeys/options');
    expect(options.statusCode).toBe(200);
    const { challenge_id, options: creation } = options.json();
    expect(creation.rp).toEqual({ name: 'Adega', id: 'adega.test' });
    const added = await t.call(user, 'POST', '/api/account/passkeys', {
      challenge_id,
      name: 'Celular',
      response: authenticator.register(creation, ORIGIN),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Celular', last_used_at: null });
    // The challenge answered once.
    expect(
      (
        await t.call(user, 'POST', '/api/account/passkeys', {
          challenge_id,
          name: 'De novo',
          response: authenticator.register(creation, ORIGIN),
        })
      ).statusCode,
    ).toBe(400);

    const signIn = async (origin = ORIGIN) => {
      const start = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
      expect(start.statusCode).toBe(200);
      const { challenge_id: id, options: request } = start.json();
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/passkey/login',
        payload: { challenge_id: id, response: authenticator.authenticate(request, origin) },
        headers: { 'user-agent': ANDROID_CHROME },
      });
    };
    // Another site's page cannot use it.
    expect((await signIn('https://phishing.example')).json().code).toBe('passkey_failed');
    const ok = await signIn();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().stage).toBe('full');
    expect((await t.as(ok.json().access_token, { method: 'GET', url: '/api/account' })).json().email).toBe(user.email);
    const status = (await t.call(user, 'GET', '/api/account/two-step')).json();
    expect(status.passkeys).toHaveLength(1);
    expect(status.passkeys[0].last_used_at).not.toBeNull();
    const entries = await auditOf(t, user.id);
    expect(entries.map((e) => e.action)).toContain('passkey_add');
    expect(entries.find((e) => e.action === 'sign_in')?.changes).toEqual([{ field: 'method', new: 'passkey' }]);

    const other = await createUser(t.db, 'sommelier');
    expect((await t.call(other, 'DELETE', `/api/account/passkeys/${added.json().id}`)).statusCode).toBe(404);
    expect((await t.call(user, 'DELETE', `/api/account/passkeys/${added.json().id}`)).statusCode).toBe(204);
    const gone = await signIn();
    expect(gone.statusCode).toBe(400);
    expect(gone.json().detail).toBe('Passkey não reconhecida. Entre com e-mail e senha.');
    expect((await auditOf(t, user.id)).map((e) => e.action)).toContain('passkey_remove');
  });
});

describe('a role that must have two-step sign-in (TWO_STEP_REQUIRED_ROLES=admin)', () => {
  let strict: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    strict = await createTestApp({ twoStepRequiredRoles: ['admin'] });
    admin = await createUser(strict.db, 'admin');
  });
  afterAll(() => strict?.close());

  it('is sent to set-up right after the password and can do nothing else until it is on', async () => {
    const ip = freshIp();
    const res = await login(strict, admin.email, ip);
    expect(res.json().stage).toBe('setup_required');
    const token: string = res.json().access_token;
    for (const url of ['/api/account', '/api/users', '/api/establishments', '/api/account/sessions']) {
      const blocked = await strict.as(token, { method: 'GET', url });
      expect(blocked.statusCode, url).toBe(403);
      expect(blocked.json().code).toBe('two_step_setup_required');
    }
    // A session from before the rule is held to it too.
    expect((await strict.call(admin, 'GET', '/api/account')).json().code).toBe('two_step_setup_required');
    expect((await strict.as(token, { method: 'GET', url: '/api/auth/me' })).json().stage).toBe('setup_required');
    expect((await strict.as(token, { method: 'GET', url: '/api/account/two-step' })).json().required).toBe(true);

    const { secret } = await turnOn(strict, { token });
    expect((await strict.as(token, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    expect((await strict.call(admin, 'GET', '/api/account')).statusCode).toBe(200);
    const off = await strict.as(token, {
      method: 'POST',
      url: '/api/account/two-step/totp/disable',
      payload: { password: DEFAULT_PASSWORD, code: await codeAt(secret, 1) },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().detail).toBe('A sua função exige a verificação em duas etapas: ela não pode ser desativada.');
    // The next sign-in asks for the code like anyone's.
    expect((await login(strict, admin.email, freshIp())).json().stage).toBe('second_factor');
    const [row] = await strict.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, admin.id), eq(sessions.stage, 'setup_required')));
    expect(row).toBeUndefined();
  });

  it('an admin chooses on /conta which roles must use it; the choice applies at once and is recorded', async () => {
    const sommelier = await createUser(strict.db, 'sommelier');
    const manager = await createUser(strict.db, 'restaurant_manager');
    // The admin of the test above has two-step on.
    expect((await strict.call(admin, 'GET', '/api/two-step-policy')).json()).toEqual({ required_roles: ['admin'] });
    const denied = await strict.call(manager, 'PUT', '/api/two-step-policy', { required_roles: [] });
    expect(denied.statusCode).toBe(403);
    expect((await strict.call(admin, 'PUT', '/api/two-step-policy', { required_roles: ['nobody'] })).statusCode).toBe(400);
    const put = await strict.call(admin, 'PUT', '/api/two-step-policy', { required_roles: ['sommelier', 'admin'] });
    expect(put.json()).toEqual({ required_roles: ['admin', 'sommelier'] });
    expect((await strict.call(sommelier, 'GET', '/api/account')).json().code).toBe('two_step_setup_required');
    expect((await strict.call(manager, 'GET', '/api/account')).statusCode).toBe(200);
    const [entry] = await strict.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordKind, 'two_step_policy'), eq(auditEntries.actorUserId, admin.id)));
    expect(entry?.changes).toEqual([{ field: 'required_roles', old: ['admin'], new: ['admin', 'sommelier'] }]);
    await strict.call(admin, 'PUT', '/api/two-step-policy', { required_roles: ['admin'] });
    expect((await strict.call(sommelier, 'GET', '/api/account')).statusCode).toBe(200);
  });

  it('leaves other roles alone', async () => {
    const manager = await createUser(strict.db, 'restaurant_manager');
    expect((await login(strict, manager.email, freshIp())).json().stage).toBe('full');
  });
});
