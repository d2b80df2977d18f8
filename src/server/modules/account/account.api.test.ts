import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createEstablishmentRow, createSupplierRow, createTeam, createUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();

const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('GET /api/account', () => {
  it("answers the caller's e-mail, name, role, establishments by name and order e-mail choice", async () => {
    const team = await createTeam(t.db, { name: 'Bistrô Zé' });
    const second = await createEstablishmentRow(t.db, { name: 'Adega Aurora' });
    const manager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [team.own.id, second.id] });
    await t.db.update(users).set({ name: 'Marta Souza' }).where(eq(users.id, manager.id));
    const res = await t.call(manager, 'GET', '/api/account');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      email: manager.email,
      name: 'Marta Souza',
      role: 'restaurant_manager',
      establishments: [
        { id: second.id, name: 'Adega Aurora' },
        { id: team.own.id, name: 'Bistrô Zé' },
      ],
      supplier_name: null,
      order_emails: true,
    });
  });

  it("names a supplier user's company, for every role", async () => {
    const company = await createSupplierRow(t.db, { companyName: 'Vinhos do Sul Ltda.' });
    const supplier = await createUser(t.db, 'supplier', { supplierId: company.id });
    expect((await t.call(supplier, 'GET', '/api/account')).json()).toMatchObject({
      supplier_name: 'Vinhos do Sul Ltda.',
      establishments: [],
    });
    for (const role of ['admin', 'sommelier'] as const) {
      const user = await createUser(t.db, role);
      expect((await t.call(user, 'GET', '/api/account')).json()).toMatchObject({ email: user.email, role, name: '' });
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/account', () => {
  it('saves the name (trimmed) and the order e-mail choice, each on its own, on the caller only', async () => {
    const user = await createUser(t.db, 'sommelier');
    const bystander = await createUser(t.db, 'sommelier');
    const named = await t.call(user, 'PATCH', '/api/account', { name: '  Ana Lima  ' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ name: 'Ana Lima', order_emails: true });
    const off = await t.call(user, 'PATCH', '/api/account', { order_emails: false });
    expect(off.json()).toMatchObject({ name: 'Ana Lima', order_emails: false });
    expect(await rowOf(user.id)).toMatchObject({ name: 'Ana Lima', orderEmails: false });
    expect(await rowOf(bystander.id)).toMatchObject({ name: '', orderEmails: true });
  });

  it('refuses an empty name, a non-boolean choice and an empty body with pt-BR texts, changing nothing', async () => {
    const user = await createUser(t.db, 'admin');
    const empty = await t.call(user, 'PATCH', '/api/account', { name: '   ', order_emails: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: 'Informe o seu nome.' });
    const notBoolean = await t.call(user, 'PATCH', '/api/account', { order_emails: 'não' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().fields).toMatchObject({ order_emails: 'Escolha se quer receber e-mails de pedidos.' });
    const nothing = await t.call(user, 'PATCH', '/api/account', {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().detail).toContain('Nada para alterar');
    expect(await rowOf(user.id)).toMatchObject({ name: '', orderEmails: true });
  });

  it('ignores any attempt to change the role, e-mail or establishments through it', async () => {
    const user = await createUser(t.db, 'sommelier');
    const res = await t.call(user, 'PATCH', '/api/account', { name: 'Rui', role: 'admin', email: 'x@teste.com.br' });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ name: 'Rui', role: 'sommelier', email: user.email });
  });
});
