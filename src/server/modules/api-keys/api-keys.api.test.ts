import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deniedDetail } from '../../../shared/access-policy.js';
import { API_KEY_SCOPES, API_KEY_TEXTS, type ApiKeyCreated, type ApiKeyScope } from '../../../shared/api-keys.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ESTABLISHMENT_NOT_FOUND } from '../../../shared/establishments.js';
import { calendarDay } from '../../../shared/time.js';
import { apiKeys, auditEntries, users } from '../../db/schema/index.js';
import { createMenuRow, createTeam, createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { apiKeyHash } from './key-secret.js';

// Low, so the limit's own test reaches it quickly; the route walk takes a new key before each key reaches it.
const PER_MINUTE = 25;
const t = testAppPerFile({ apiKeyRateLimit: PER_MINUTE });
const admin = testUserPerFile(t, 'admin');
const MISSING = '00000000-0000-4000-8000-000000000000';

const keysUrl = (establishmentId: string) => `/api/establishments/${establishmentId}/api-keys`;

async function newKey(user: TestUser, establishmentId: string, scopes: readonly ApiKeyScope[], extra: object = {}) {
  const res = await t.call(user, 'POST', keysUrl(establishmentId), { name: 'PDV do salão', scopes, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ApiKeyCreated;
}

/** A request made with an API key, as a till would make it. */
const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.call({ token: key }, method, url, payload);

describe('API keys on the "Integrações" screen', () => {
  it('a manager creates a key shown once, stored as a hash, listed with its prefix and its creator', async () => {
    const { own, manager } = await createTeam(t.db);
    const created = await newKey(manager, own.id, ['orders:read', 'cellar:sales', 'menus:read', 'cellar:sales']);
    expect(created.key).toMatch(/^adg_live_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      establishment_id: own.id,
      name: 'PDV do salão',
      prefix: created.key.slice(0, 15),
      // In the screen's order, each once.
      scopes: ['menus:read', 'cellar:sales', 'orders:read'],
      created_by: manager.email,
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(apiKeyHash(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await t.call(manager, 'GET', keysUrl(own.id));
    expect(list.statusCode).toBe(200);
    const { key: _shownOnce, ...listed } = created;
    expect(list.json()).toEqual([listed]);
    expect(list.body).not.toContain(created.key);

    const [entry] = await t.db.select().from(auditEntries).where(eq(auditEntries.recordId, created.id));
    expect(entry).toMatchObject({ recordKind: 'api_key', action: 'create', actorUserId: manager.id, establishmentId: own.id });
    expect(JSON.stringify(entry?.changes)).not.toContain(created.key);
  });

  it('refuses a key without a name or scopes, with an unknown scope or a past last day, in pt-BR, and saves nothing', async () => {
    const { own, manager } = await createTeam(t.db);
    const cases: [object, string, string][] = [
      [{ name: '  ', scopes: ['menus:read'] }, 'name', API_KEY_TEXTS.nameRequired],
      [{ name: 'PDV', scopes: [] }, 'scopes', API_KEY_TEXTS.scopesRequired],
      [{ name: 'PDV' }, 'scopes', API_KEY_TEXTS.scopesRequired],
      [{ name: 'PDV', scopes: ['admin:all'] }, 'scopes.0', API_KEY_TEXTS.scopeInvalid],
      [{ name: 'PDV', scopes: ['menus:read'], expires_on: '30/02/2030' }, 'expires_on', API_KEY_TEXTS.expiryInvalid],
      [{ name: 'PDV', scopes: ['menus:read'], expires_on: '31/01/2020' }, 'expires_on', API_KEY_TEXTS.expiryPast],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call(manager, 'POST', keysUrl(own.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.establishmentId, own.id))).toEqual([]);
  });

  it('is for managers of the establishment and the admin: a sommelier or supplier gets 403, another team 404', async () => {
    const { own, other, sommelier, supplier } = await createTeam(t.db);
    const body = { name: 'PDV', scopes: ['menus:read'] };
    for (const user of [sommelier, supplier]) {
      const res = await t.call(user, 'POST', keysUrl(own.id), body);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(deniedDetail('apiKeys', 'create'));
      expect((await t.call(user, 'GET', keysUrl(own.id))).statusCode).toBe(403);
    }
    const otherManager = await createUser(t.db, 'restaurant_manager', { establishmentIds: [other.id] });
    const res = await t.call(otherManager, 'POST', keysUrl(own.id), body);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(ESTABLISHMENT_NOT_FOUND);
    expect((await t.call(otherManager, 'GET', keysUrl(own.id))).statusCode).toBe(404);
    expect((await t.call(admin, 'POST', keysUrl(MISSING), body)).statusCode).toBe(404);
    const adminKey = await newKey(admin, own.id, ['menus:read']);
    expect(adminKey.created_by).toBe(admin.email);
  });
});

describe('a request with an API key', () => {
  it("acts for the key's establishment alone, and only on the routes of its scopes", async () => {
    const { own, other, manager } = await createTeam(t.db);
    const ownMenu = await createMenuRow(t.db, own.id, { name: 'Carta da casa' });
    const otherMenu = await createMenuRow(t.db, other.id, { name: 'Carta de outra casa' });
    const { key } = await newKey(manager, own.id, ['menus:read', 'cellar:sales']);

    const menus = await withKey(key, 'GET', '/api/wine-menus');
    expect(menus.statusCode).toBe(200);
    expect(menus.json().map((m: { id: string }) => m.id)).toEqual([ownMenu.id]);
    expect((await withKey(key, 'GET', `/api/wine-menus/${otherMenu.id}`)).statusCode).toBe(404);

    const cellar = await withKey(key, 'GET', `/api/establishments/${own.id}/cellar`);
    expect(cellar.statusCode).toBe(403);
    expect(cellar.json()).toMatchObject({ code: 'api_key_scope_missing', detail: API_KEY_TEXTS.missingScope('cellar:read') });

    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/account'],
      ['GET', '/api/audit'],
      ['GET', keysUrl(own.id)],
      ['POST', keysUrl(own.id)],
      ['PUT', `/api/wine-menus/${ownMenu.id}`],
    ] as const) {
      const res = await withKey(key, method, url, method === 'GET' ? undefined : { name: 'Outra' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({ code: 'api_key_not_allowed', detail: ERROR_CODES.api_key_not_allowed.detail });
    }
    expect((await t.db.select().from(apiKeys).where(eq(apiKeys.establishmentId, own.id))).length).toBe(1);
  });

  it("records a key's write as the creator's key, and when it was last used", async () => {
    const { own, manager } = await createTeam(t.db);
    const item = await t.call(manager, 'POST', `/api/establishments/${own.id}/cellar`, { name: 'Guaspari Syrah', on_hand: 3 });
    expect(item.statusCode).toBe(201);
    const created = await newKey(manager, own.id, ['cellar:sales']);

    const sale = await withKey(created.key, 'POST', `/api/cellar/${item.json().id}/movements`, { reason: 'sale', delta: -1 });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().on_hand).toBe(2);
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.recordId, item.json().id), eq(auditEntries.action, 'move')));
    expect(entries).toMatchObject([{ actorUserId: manager.id, actorRole: 'chave_api' }]);
    const [listed] = (await t.call(manager, 'GET', keysUrl(own.id))).json();
    expect(listed.last_used_at).toEqual(expect.any(String));
  });

  it('stops at once when the key is revoked (401), and a second revocation is 409', async () => {
    const { own, manager } = await createTeam(t.db);
    const { id, key } = await newKey(manager, own.id, ['menus:read']);
    expect((await withKey(key, 'GET', '/api/wine-menus')).statusCode).toBe(200);

    const revoked = await t.call(manager, 'POST', `${keysUrl(own.id)}/${id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).toEqual(expect.any(String));
    const refused = await withKey(key, 'GET', '/api/wine-menus');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'invalid_api_key', detail: ERROR_CODES.invalid_api_key.detail });

    const again = await t.call(manager, 'POST', `${keysUrl(own.id)}/${id}/revoke`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(API_KEY_TEXTS.alreadyRevoked);
    const actions = await t.db.select({ action: auditEntries.action }).from(auditEntries).where(eq(auditEntries.recordId, id));
    expect(actions.map((a) => a.action).sort()).toEqual(['create', 'revoke']);
    // Another establishment's key is not this establishment's to revoke.
    const elsewhere = await createTeam(t.db);
    expect((await t.call(manager, 'POST', `${keysUrl(own.id)}/${MISSING}/revoke`)).statusCode).toBe(404);
    const foreign = await newKey(elsewhere.manager, elsewhere.own.id, ['menus:read']);
    expect((await t.call(manager, 'POST', `${keysUrl(own.id)}/${foreign.id}/revoke`)).statusCode).toBe(404);
    expect((await withKey(foreign.key, 'GET', '/api/wine-menus')).statusCode).toBe(200);
  });

  it('works through its last day and not after; an unknown key or a deactivated creator gets 401', async () => {
    const { own, manager } = await createTeam(t.db);
    const today = calendarDay();
    const lasting = await newKey(manager, own.id, ['menus:read'], { expires_on: today });
    expect(new Date(lasting.expires_at as string).getTime()).toBeGreaterThan(Date.now());
    expect((await withKey(lasting.key, 'GET', '/api/wine-menus')).statusCode).toBe(200);

    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, lasting.id));
    expect((await withKey(lasting.key, 'GET', '/api/wine-menus')).statusCode).toBe(401);
    expect((await withKey(`${lasting.key.slice(0, -1)}x`, 'GET', '/api/wine-menus')).statusCode).toBe(401);

    const creatorGone = await newKey(manager, own.id, ['menus:read']);
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, manager.id));
    expect((await withKey(creatorGone.key, 'GET', '/api/wine-menus')).statusCode).toBe(401);
  });

  it(`answers 429 with Retry-After past ${PER_MINUTE} requests a minute, for that key only`, async () => {
    const { own, manager } = await createTeam(t.db);
    const busy = await newKey(manager, own.id, ['menus:read']);
    const calm = await newKey(manager, own.id, ['menus:read']);
    const statuses = [];
    for (let i = 0; i < PER_MINUTE; i++) statuses.push((await withKey(busy.key, 'GET', '/api/wine-menus')).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await withKey(busy.key, 'GET', '/api/wine-menus');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_api_requests', detail: ERROR_CODES.too_many_api_requests.detail });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await withKey(calm.key, 'GET', '/api/wine-menus')).statusCode).toBe(200);
  });
});

describe('the route table', () => {
  /** A URL for a route's path, with a well-formed id for each parameter (no row has it). */
  const urlOf = (path: string) => path.replace(/:[A-Za-z]+/g, (param) => (param === ':lang' ? 'en' : MISSING));

  it('every /api route either names the scope a key needs or refuses keys, and keys meet exactly that', async () => {
    const { own, manager } = await createTeam(t.db);
    let everything = await newKey(manager, own.id, API_KEY_SCOPES);
    let callsOfKey = 0;
    const routes = t.app.apiRoutes.filter((route) => route.policy !== 'public');
    const scoped = routes.filter((route) => route.keyScope);
    // Every scope the screen offers opens some route.
    expect(new Set(scoped.map((route) => route.keyScope))).toEqual(new Set(API_KEY_SCOPES));
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      if (!route.keyScope) {
        if (++callsOfKey === PER_MINUTE) {
          everything = await newKey(manager, own.id, API_KEY_SCOPES);
          callsOfKey = 1;
        }
        const res = await withKey(everything.key, method, urlOf(route.url), method === 'GET' ? undefined : {});
        expect(res.statusCode, where).toBe(403);
        expect(res.json().code, where).toBe('api_key_not_allowed');
        continue;
      }
      // A key with every scope but this one is refused before anything else happens.
      const scopes = API_KEY_SCOPES.filter((scope) => scope !== route.keyScope);
      const lacking = await newKey(manager, own.id, scopes);
      const res = await withKey(lacking.key, method, urlOf(route.url), method === 'GET' ? undefined : {});
      expect(res.statusCode, where).toBe(403);
      expect(res.json(), where).toMatchObject({ code: 'api_key_scope_missing', detail: API_KEY_TEXTS.missingScope(route.keyScope) });
    }
    // Writes opened to keys are the ones their scopes say, never a read scope.
    expect(scoped.filter((r) => r.method !== 'GET' && r.keyScope?.endsWith(':read'))).toEqual([]);
  });
});
