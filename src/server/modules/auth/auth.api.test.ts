import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loginFailures, sessions } from '../../db/schema/index.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { TEST_JWT_SECRET } from '../../test-support/test-app.js';
import { startSession } from './sessions.js';
import { createTokenSigner } from './tokens.js';

const t = testAppPerFile();

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('returns a bearer token that opens /api/auth/me, with the e-mail trimmed and lowercased', async () => {
    const user = await createUser(t.db, 'sommelier');
    const res = await login(`  ${user.email.toUpperCase()}  `, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect(body.stage).toBe('full');
    const me = await t.as(body.access_token, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ email: user.email, role: 'sommelier', establishment_ids: [], supplier_id: null, stage: 'full' });
  });

  it('answers 401 with the spec text for a wrong password or unknown e-mail', async () => {
    const user = await createUser(t.db, 'admin');
    for (const res of [await login(user.email, 'errada-123'), await login(uniqueEmail(), DEFAULT_PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: 'Credenciais inválidas ou sessão expirada.', code: 'invalid_credentials' });
    }
  });

  it('rejects missing fields with 400 and a pt-BR detail naming them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_error');
    expect(body.fields.email).toBe('Informe o e-mail.');
    expect(body.fields.password).toBe('Informe a senha.');
    expect(body.detail).toContain('email');
  });

  it('throttles one e-mail from one address after 10 failures, without locking out other addresses', async () => {
    const user = await createUser(t.db, 'admin');
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'errada-123', '10.9.9.9')).statusCode).toBe(401);
    const blocked = await login(user.email, DEFAULT_PASSWORD, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Muitas tentativas/);
    expect((await login(user.email, DEFAULT_PASSWORD, '10.8.8.8')).statusCode).toBe(200);
  });

  it('checks at most 10 passwords when 55 wrong ones arrive at once', async () => {
    const user = await createUser(t.db, 'admin');
    const answers = await Promise.all(Array.from({ length: 55 }, () => login(user.email, 'errada-123', '10.5.5.5')));
    const checked = answers.filter((res) => res.statusCode === 401);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(checked).toHaveLength(10);
    expect(refused).toHaveLength(45);
    for (const res of refused) expect(res.json().detail).toBe('Muitas tentativas de login. Aguarde 15 minutos e tente novamente.');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so, so a client cannot pick a fresh address per try', async () => {
    const user = await createUser(t.db, 'admin');
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'errada-123' },
        remoteAddress: '10.6.6.6',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(99)).statusCode).toBe(429);
  });

  it('clears the failures of an address after a successful login', async () => {
    const user = await createUser(t.db, 'admin');
    for (let i = 0; i < 3; i++) await login(user.email, 'errada-123', '10.7.7.7');
    expect((await login(user.email, DEFAULT_PASSWORD, '10.7.7.7')).statusCode).toBe(200);
    const rows = await t.db.select().from(loginFailures).where(eq(loginFailures.email, user.email));
    expect(rows.filter((r) => r.ip === '10.7.7.7')).toHaveLength(0);
  });
});

describe('bearer tokens', () => {
  const me = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

  it('requires a token on protected routes', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Sessão expirada ou inválida. Entre novamente.');
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/does-not-exist' })).statusCode).toBe(401);
  });

  it('rejects tokens signed with another key, alg none, expired ones, ones without a session claim and garbage', async () => {
    const user = await createUser(t.db, 'admin');
    const otherKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: user.id, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    const algNone = `${header}.${payload}.`;
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    // Ours and fresh, but without the session claim (as issued before sessions existed): it names no session to check.
    const withoutSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const token of [otherKey, algNone, expired, withoutSession, 'not-a-token']) {
      expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
    }
    expect((await me(`Bearer ${user.token}`)).statusCode).toBe(200);
  });

  it('refuses a well-signed token whose session does not exist or has expired', async () => {
    const user = await createUser(t.db, 'admin');
    const signer = createTokenSigner(TEST_JWT_SECRET);
    const inAnHour = new Date(Date.now() + 3_600_000);
    const unknownSession = await signer.sign({ userId: user.id, sessionId: randomUUID(), expiresAt: inAnHour });
    expect((await me(`Bearer ${unknownSession}`)).statusCode).toBe(401);

    const token = await startSession(t.db, signer, user.id);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    const verified = await signer.verify(token);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, verified?.sessionId ?? ''));
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it("refuses another user's session under this user's id", async () => {
    const [a, b] = [await createUser(t.db, 'admin'), await createUser(t.db, 'sommelier')];
    const signer = createTokenSigner(TEST_JWT_SECRET);
    const sessionOfB = (await signer.verify(b.token))?.sessionId ?? '';
    const forged = await signer.sign({ userId: a.id, sessionId: sessionOfB, expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await me(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('stops working once the user is deleted', async () => {
    const admin = await createUser(t.db, 'admin');
    const victim = await createUser(t.db, 'sommelier');
    expect((await t.as(admin.token, { method: 'DELETE', url: `/api/users/${victim.id}` })).statusCode).toBe(204);
    expect((await me(`Bearer ${victim.token}`)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  const me = (token: string) => t.as(token, { method: 'GET', url: '/api/auth/me' });
  const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

  it('each login opens its own session, stored with its expiry 12 hours ahead', async () => {
    const user = await createUser(t.db, 'sommelier');
    const before = Date.now();
    const first = (await login(user.email, DEFAULT_PASSWORD)).json().access_token;
    const second = (await login(user.email, DEFAULT_PASSWORD)).json().access_token;
    expect(first).not.toBe(second);
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(3); // the factory's, and the two logins
    for (const row of rows.slice(1)) {
      expect(row.expiresAt.getTime() - before).toBeGreaterThanOrEqual(12 * 3_600_000 - 1000);
      expect(row.expiresAt.getTime() - before).toBeLessThan(12 * 3_600_000 + 60_000);
    }
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('POST /api/auth/logout ends that session only: its token answers 401, the others keep working', async () => {
    const user = await createUser(t.db, 'sommelier');
    const other = (await login(user.email, DEFAULT_PASSWORD)).json().access_token;
    const res = await t.as(user.token, { method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(204);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('a login removes sessions that have expired, of anyone', async () => {
    const stale = await createUser(t.db, 'sommelier');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, stale.id));
    const user = await createUser(t.db, 'admin');
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect(await sessionsOf(stale.id)).toHaveLength(0);
  });

  it('a password set by the admin on /usuarios ends every session of that user', async () => {
    const admin = await createUser(t.db, 'admin');
    const user = await createUser(t.db, 'sommelier');
    const res = await t.call(admin, 'PUT', `/api/users/${user.id}`, {
      email: user.email,
      role: 'sommelier',
      password: 'outra-senha-forte-9',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect((await me(admin.token)).statusCode).toBe(200);
  });
});
