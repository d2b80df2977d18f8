import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createEstablishmentRow, createUser, establishmentLinks, uniqueEmail } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const links = (userId: string) => establishmentLinks(t.db, userId);

describe('users API (admin only)', () => {
  it('creates a manager linked to establishments; the password is stored hashed; it can log in', async () => {
    const e1 = await createEstablishmentRow(t.db);
    const e2 = await createEstablishmentRow(t.db);
    const email = uniqueEmail('gerente');
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: {
        email: ` ${email.toUpperCase()} `,
        password: 'uma-senha-boa',
        role: 'restaurant_manager',
        establishment_ids: [e1.id, e2.id],
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email, role: 'restaurant_manager', supplier_id: null });
    expect(body.establishment_ids.sort()).toEqual([e1.id, e2.id].sort());
    expect(body).not.toHaveProperty('password_hash');
    expect(body).toMatchObject({ name: null, active: true, has_password: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await links(body.id)).toEqual([e1.id, e2.id].sort());
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'uma-senha-boa' } });
    expect(login.statusCode).toBe(200);
  });

  it('lists users without password hashes', async () => {
    const res = await t.as(admin.token, { method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.some((u) => u.email === admin.email)).toBe(true);
    expect(JSON.stringify(list)).not.toContain('argon2');
  });

  it('rejects bad input with pt-BR messages and writes nothing', async () => {
    const before = (await t.db.select().from(users)).length;
    const cases = [
      {
        payload: { email: 'nao-e-email', password: 'uma-senha-boa', role: 'sommelier' },
        field: 'email',
        message: 'Informe um e-mail válido.',
      },
      {
        payload: { email: uniqueEmail(), password: 'curta', role: 'sommelier' },
        field: 'password',
        message: 'A senha deve ter pelo menos 8 caracteres.',
      },
      { payload: { email: uniqueEmail(), password: 'uma-senha-boa', role: 'chefe' }, field: 'role', message: 'Escolha um perfil válido.' },
    ];
    for (const c of cases) {
      const res = await t.as(admin.token, { method: 'POST', url: '/api/users', payload: c.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[c.field]).toBe(c.message);
    }
    const missing = await t.as(admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: {
        email: uniqueEmail(),
        password: 'uma-senha-boa',
        role: 'sommelier',
        establishment_ids: ['7d1c8a52-5b5e-4d7e-9a38-6b1f0f0f0f0f'],
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Um dos estabelecimentos escolhidos não existe.');
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('answers 409 for a duplicate e-mail', async () => {
    const other = await createUser(t.db, 'sommelier');
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: { email: other.email, password: 'uma-senha-boa', role: 'admin' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Já existe um usuário com este e-mail.');
  });

  it('changes role and establishments, resets the password only when given', async () => {
    const e1 = await createEstablishmentRow(t.db);
    const target = await createUser(t.db, 'sommelier', { establishmentIds: [e1.id] });
    const [before] = await t.db.select().from(users).where(eq(users.id, target.id));
    const keep = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: { email: target.email, password: '', role: 'supplier' },
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ role: 'supplier', establishment_ids: [] });
    expect(await links(target.id)).toEqual([]);
    const [afterKeep] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(afterKeep?.passwordHash).toBe(before?.passwordHash);

    const reset = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: { email: target.email, password: 'nova-senha-forte', role: 'restaurant_manager', establishment_ids: [e1.id] },
    });
    expect(reset.statusCode).toBe(200);
    expect(await links(target.id)).toEqual([e1.id]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: 'nova-senha-forte' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps establishments and supplier when the fields are left out; an explicit [] clears', async () => {
    const e1 = await createEstablishmentRow(t.db);
    const manager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [e1.id] });
    const keep = await t.call(admin, 'PUT', `/api/users/${manager.id}`, { email: manager.email, role: 'restaurant_manager' });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().establishment_ids).toEqual([e1.id]);
    expect(await links(manager.id)).toEqual([e1.id]);
    const clear = await t.call(admin, 'PUT', `/api/users/${manager.id}`, {
      email: manager.email,
      role: 'restaurant_manager',
      establishment_ids: [],
    });
    expect(clear.json().establishment_ids).toEqual([]);
    expect(await links(manager.id)).toEqual([]);
  });

  it('ends the sessions opened before a password reset, even in the same second, and only those', async () => {
    const target = await createUser(t.db, 'sommelier');
    const me = (token: string) => t.as(token, { method: 'GET', url: '/api/auth/me' });
    await t.as(admin.token, { method: 'PUT', url: `/api/users/${target.id}`, payload: { email: target.email, role: 'sommelier' } });
    expect((await me(target.token)).statusCode).toBe(200);
    // The reset and the new login happen in the very second the old token was issued (its iat has whole seconds).
    const issuedAt = decodeJwt(target.token).iat as number;
    vi.useFakeTimers({ toFake: ['Date'], now: issuedAt * 1000 + 999 });
    try {
      const reset = await t.as(admin.token, {
        method: 'PUT',
        url: `/api/users/${target.id}`,
        payload: { email: target.email, role: 'sommelier', password: 'senha-trocada-123' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await me(target.token)).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: target.email, password: 'senha-trocada-123' },
      });
      const fresh = login.json().access_token;
      expect(decodeJwt(fresh).iat).toBe(issuedAt);
      expect((await me(fresh)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the old links when an update fails half-way', async () => {
    const e1 = await createEstablishmentRow(t.db);
    const target = await createUser(t.db, 'sommelier', { establishmentIds: [e1.id] });
    const res = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: { email: target.email, role: 'sommelier', establishment_ids: [e1.id, '7d1c8a52-5b5e-4d7e-9a38-6b1f0f0f0f0f'] },
    });
    expect(res.statusCode).toBe(400);
    expect(await links(target.id)).toEqual([e1.id]);
  });

  it('does not let an admin delete itself or change its own role; 404 for unknown users', async () => {
    expect((await t.as(admin.token, { method: 'DELETE', url: `/api/users/${admin.id}` })).statusCode).toBe(400);
    const demote = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      payload: { email: admin.email, role: 'sommelier' },
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().detail).toBe('Você não pode alterar o seu próprio perfil.');
    const unknown = '0f9a3c1e-1111-4222-8333-944445555666';
    expect((await t.as(admin.token, { method: 'DELETE', url: `/api/users/${unknown}` })).statusCode).toBe(404);
    expect(
      (await t.as(admin.token, { method: 'PUT', url: `/api/users/${unknown}`, payload: { email: uniqueEmail(), role: 'admin' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.as(admin.token, { method: 'DELETE', url: '/api/users/nao-e-uuid' })).statusCode).toBe(400);
  });

  it.each(['restaurant_manager', 'sommelier', 'supplier'] as const)('answers 403 to a %s on every users route', async (role) => {
    const user = await createUser(t.db, role);
    const count = (await t.db.select().from(users)).length;
    const requests = [
      // A manager lists the staff of its establishments (invitations.api.test.ts); the others may not.
      ...(role === 'restaurant_manager' ? [] : [{ method: 'GET' as const, url: '/api/users', read: true }]),
      { method: 'POST' as const, url: '/api/users', payload: { email: uniqueEmail(), password: 'uma-senha-boa', role: 'admin' } },
      { method: 'POST' as const, url: '/api/users', payload: { broken: true } },
      { method: 'PUT' as const, url: `/api/users/${user.id}`, payload: { email: user.email, role: 'admin' } },
      { method: 'DELETE' as const, url: `/api/users/${admin.id}` },
    ];
    for (const { read, ...request } of requests as ((typeof requests)[number] & { read?: boolean })[]) {
      const res = await t.as(user.token, request);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(
        read ? 'Apenas administradores e gerentes de restaurante podem ver os usuários.' : 'Apenas administradores podem fazer isto.',
      );
    }
    expect((await t.db.select().from(users)).length).toBe(count);
    const [self] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(self?.role).toBe(role);
  });
});
