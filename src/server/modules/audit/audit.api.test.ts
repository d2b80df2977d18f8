import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/audit.js';
import { auditEntries } from '../../db/schema/index.js';
import { createTeam, createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const call = (user: { token: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  t.call(user, method, url, body);

let team: Awaited<ReturnType<typeof createTeam>>;
let otherManager: TestUser;
let menuId: string;
let wineId: string;

const WINE = { name: 'Malbec da Casa', price: 120, category: 'Vinhos Tintos Médios' };

beforeAll(async () => {
  team = await createTeam(t.db);
  otherManager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [team.other.id] });
  const menu = await call(team.manager, 'POST', '/api/wine-menus', { name: 'Carta da casa', establishment_id: team.own.id });
  expect(menu.statusCode).toBe(201);
  menuId = menu.json().id;
  const wine = await call(team.manager, 'POST', `/api/wine-menus/${menuId}/wines`, WINE);
  expect(wine.statusCode).toBe(201);
  wineId = wine.json().id;
  // Two price changes by two people: the manager, then the sommelier.
  expect((await call(team.manager, 'PUT', `/api/wine-menus/${menuId}/wines/${wineId}`, { ...WINE, price: 135 })).statusCode).toBe(200);
  expect((await call(team.sommelier, 'PUT', `/api/wine-menus/${menuId}/wines/${wineId}`, { ...WINE, price: 142.5 })).statusCode).toBe(200);
  // Something in the other establishment, by its own manager.
  const otherMenu = await call(otherManager, 'POST', '/api/wine-menus', { name: 'Outra carta', establishment_id: team.other.id });
  expect(otherMenu.statusCode).toBe(201);
});

const list = async (user: { token: string }, query = '') => {
  const res = await call(user, 'GET', `/api/audit${query}`);
  return { res, entries: res.statusCode === 200 ? (res.json() as AuditEntry[]) : [] };
};

describe('GET /api/audit', () => {
  it("tells a wine's history: who changed its price, from what to what, newest first", async () => {
    const { res, entries } = await list(admin, `?record_kind=menu_wine&record_id=${wineId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(entries.map((e) => [e.action, e.actor.id, e.actor.role])).toEqual([
      ['update', team.sommelier.id, 'sommelier'],
      ['update', team.manager.id, 'restaurant_manager'],
      ['create', team.manager.id, 'restaurant_manager'],
    ]);
    expect(entries[0]?.changes).toEqual([{ field: 'price', old: 135, new: 142.5 }]);
    expect(entries[1]?.changes).toEqual([{ field: 'price', old: 120, new: 135 }]);
    expect(entries[0]).toMatchObject({ establishment_id: team.own.id, establishment_name: team.own.name, record_kind: 'menu_wine' });
    expect(entries[0]?.actor.name).toBe(team.sommelier.email);
  });

  it('shows a manager its establishments only, the admin everything, and refuses sommeliers and suppliers', async () => {
    const mine = await list(team.manager, '?limit=100');
    expect(mine.res.statusCode).toBe(200);
    expect(mine.entries.length).toBeGreaterThanOrEqual(4);
    expect(mine.entries.every((e) => e.establishment_id === team.own.id)).toBe(true);
    const theirs = await list(otherManager, '?limit=100');
    expect(theirs.entries.map((e) => e.establishment_id)).toEqual([team.other.id]);
    // A filter cannot reach outside the scope.
    expect((await list(otherManager, `?record_kind=menu_wine&record_id=${wineId}`)).entries).toEqual([]);
    expect((await list(otherManager, `?establishment_id=${team.own.id}`)).entries).toEqual([]);
    const all = await list(admin, '?limit=100');
    expect(new Set(all.entries.map((e) => e.establishment_id))).toEqual(new Set([team.own.id, team.other.id]));
    for (const user of [team.sommelier, team.supplier]) {
      const refused = await call(user, 'GET', '/api/audit');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Apenas administradores e gerentes de restaurante podem ver o histórico de alterações.');
      expect((await call(user, 'GET', '/api/audit/people')).statusCode).toBe(403);
    }
  });

  it('pages like every other list and filters by person, kind, action and period', async () => {
    const first = await list(team.manager, '?limit=2&page=1');
    const second = await list(team.manager, '?limit=2&page=2');
    expect(first.entries).toHaveLength(2);
    expect(first.res.headers['x-total-count']).toBe(second.res.headers['x-total-count']);
    expect(second.entries[0]?.id).not.toBe(first.entries[1]?.id);
    const everything = await list(team.manager, '?limit=100');
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(everything.entries.slice(0, 4).map((e) => e.id));

    const bySommelier = await list(admin, `?actor_id=${team.sommelier.id}`);
    expect(bySommelier.entries.map((e) => e.action)).toEqual(['update']);
    const creations = await list(team.manager, '?action=create&record_kind=menu');
    expect(creations.entries.map((e) => e.record_id)).toEqual([menuId]);
    // The period is read in Brazil's time; a run that crosses midnight there splits the trail over two days.
    const dayInBrazil = (at: string) => new Date(at).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const days = everything.entries.map((e) => dayInBrazil(e.occurred_at));
    for (const day of new Set(days)) {
      const onThatDay = await list(team.manager, `?from=${day}&to=${day}&limit=100`);
      expect(onThatDay.entries).toHaveLength(days.filter((d) => d === day).length);
    }
    expect((await list(team.manager, '?from=2020-01-01&to=2020-01-31')).entries).toEqual([]);
    expect((await call(admin, 'GET', '/api/audit?record_kind=nothing')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/audit?from=ontem')).statusCode).toBe(400);
  });

  it("offers as people those in the caller's own trail", async () => {
    const res = await call(team.manager, 'GET', '/api/audit/people');
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: string }[]).map((p) => p.id).sort();
    expect(ids).toEqual([team.manager.id, team.sommelier.id].sort());
  });
});

describe('what an entry keeps', () => {
  it("records a lead's personal fields as changed, never their values", async () => {
    const created = await call(admin, 'POST', '/api/crm/leads', {
      name: 'Joana Prado',
      email: 'joana.prado@exemplo.com.br',
      company: 'Bistrô Prado',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const updated = await call(admin, 'PUT', `/api/crm/leads/${id}`, {
      name: 'Joana Prado Lima',
      email: 'joana.lima@exemplo.com.br',
      phone: '+5511988887777',
      company: 'Bistrô Lima',
    });
    expect(updated.statusCode).toBe(200);
    const { entries } = await list(admin, `?record_kind=lead&record_id=${id}`);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    const changes = entries[0]?.changes ?? [];
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'name', personal: true },
        { field: 'email', personal: true },
        { field: 'phone', personal: true },
        { field: 'company', old: 'Bistrô Prado', new: 'Bistrô Lima' },
      ]),
    );
    const stored = JSON.stringify(await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, id)));
    for (const value of ['Joana', 'joana', '98888', 'exemplo.com.br']) expect(stored).not.toContain(value);
  });

  it('never keeps a password, even a new one set by the admin', async () => {
    const created = await call(admin, 'POST', '/api/users', {
      email: 'novo.usuario@exemplo.com.br',
      password: 'Senha-Muito-Secreta-1',
      role: 'sommelier',
      establishment_ids: [team.own.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const updated = await call(admin, 'PUT', `/api/users/${id}`, {
      email: 'novo.usuario@exemplo.com.br',
      role: 'sommelier',
      password: 'Outra-Senha-Secreta-2',
    });
    expect(updated.statusCode).toBe(200);
    const rows = await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, id));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'update']);
    const stored = JSON.stringify(rows);
    for (const secret of ['Senha-Muito-Secreta-1', 'Outra-Senha-Secreta-2', 'argon2', 'novo.usuario']) expect(stored).not.toContain(secret);
    expect(rows.find((r) => r.action === 'update')?.changes).toContainEqual({ field: 'password', personal: true });
  });

  it('leaves no entry when the write fails, and the database refuses to change one', async () => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0]?.n;
    const refused = await call(team.manager, 'PUT', `/api/wine-menus/${menuId}/wines/${wineId}`, { ...WINE, price: -1 });
    expect(refused.statusCode).toBe(400);
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0]?.n;
    expect(after).toBe(before);
    await expect(t.db.execute(sql`update audit_entries set action = 'delete'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_entries`)).rejects.toThrow();
  });
  it('records a cascade as one entry: a menu deleted with its wines says how many went', async () => {
    const menu = await call(team.manager, 'POST', '/api/wine-menus', { name: 'Carta de inverno', establishment_id: team.own.id });
    const id = menu.json().id as string;
    for (const name of ['Tannat da Campanha', 'Merlot da Serra'])
      expect((await call(team.manager, 'POST', `/api/wine-menus/${id}/wines`, { ...WINE, name })).statusCode).toBe(201);
    expect((await call(team.manager, 'DELETE', `/api/wine-menus/${id}`)).statusCode).toBe(204);
    const { entries } = await list(team.manager, `?record_kind=menu&record_id=${id}&action=delete`);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes).toEqual([
      { field: 'name', old: 'Carta de inverno', new: null },
      { field: 'wineCount', old: 2, new: null },
    ]);
  });
});
