import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { FIELD_MESSAGES } from '../../../shared/field-rules.js';
import { MENU_NOT_FOUND } from '../../../shared/wine-menus.js';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { menuWines, wineMenus } from '../../db/schema/index.js';
import { createEstablishmentRow, createTeam, createUser, type TestUser } from '../../test-support/factories.js';
import { invalidationSpyPerFile, testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { updateMenu } from './service.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const invalidate = invalidationSpyPerFile(t);

const call: TestApp['call'] = (...args) => t.call(...args);
const MISSING = '00000000-0000-4000-8000-000000000000';

const team = () => createTeam(t.db, { sommelier: 'Helena' });

async function menuIn(establishmentId: string, name = 'Carta de Vinhos') {
  const res = await call(admin, 'POST', '/api/wine-menus', { name, establishment_id: establishmentId });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; slug: string; establishment_id: string };
}

const WINE = {
  name: 'Cave Geisse Brut Nature',
  description: 'Espumante de Pinto Bandeira.',
  price: 289.9,
  category: 'Espumantes',
  country: 'Brasil',
  region: 'Pinto Bandeira (RS)',
  producer: 'Cave Geisse',
  vintage: 2019,
  wine_style: 'Espumante',
  grape_variety: 'Chardonnay, Pinot Noir',
  alcohol_content: '12,5%',
  volume: '750ml',
  aging: '36 meses sobre as leveduras',
  color: 'Amarelo-palha',
  aroma: 'Brioche e maçã verde',
  palate: 'Seco e cortante',
  pairing: 'Ostras',
  image_url: '/uploads/abc.webp',
  available: true,
};

async function addWines(menuId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(admin, 'POST', `/api/wine-menus/${menuId}/wines`, { ...WINE, name: `Vinho ${i}` });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  return ids;
}

const winesInDb = (menuId: string) => t.db.select().from(menuWines).where(eq(menuWines.menuId, menuId)).orderBy(asc(menuWines.position));
const menuRow = async (id: string) => (await t.db.select().from(wineMenus).where(eq(wineMenus.id, id)))[0];

// ── Menus ───────────────────────────────────────────────────────────────────

describe('POST /api/wine-menus', () => {
  it('creates a menu (201) with a slug folded from the name and returns it with its establishment and no wines', async () => {
    const { own } = await team();
    const res = await call(admin, 'POST', '/api/wine-menus', { name: ' Rosé & Cia ', description: '', establishment_id: own.id });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Rosé & Cia',
      description: null,
      slug: 'rose-cia',
      establishment_id: own.id,
      establishment_name: own.name,
      establishment_slug: own.slug,
      wine_count: 0,
      sold_out_display: 'show',
      low_stock_threshold: 1,
      establishment: { id: own.id, name: own.name, slug: own.slug, sommelier: 'Helena' },
      wines: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await menuRow(body.id)).toMatchObject({ name: 'Rosé & Cia', slug: 'rose-cia', establishmentId: own.id, description: null });
    expect(invalidate).toHaveBeenCalledWith(own.id);
  });

  it('keeps slugs unique per establishment (-2, -3…) but lets two establishments share one', async () => {
    const { own, other } = await team();
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await menuIn(own.id, 'Carta de Inverno')).slug);
    expect(slugs).toEqual(['carta-de-inverno', 'carta-de-inverno-2', 'carta-de-inverno-3']);
    expect((await menuIn(other.id, 'Carta de Inverno')).slug).toBe('carta-de-inverno');
  });

  it('never derives a reserved menu slug and falls back when the name has nothing usable', async () => {
    const { own } = await team();
    expect((await menuIn(own.id, 'Nova')).slug).toBe('nova-2');
    expect((await menuIn(own.id, 'Novo!')).slug).toBe('novo-2');
    expect((await menuIn(own.id, '¡¡')).slug).toBe('carta');
  });

  it('takes an explicit slug (normalised); 409 when used in the establishment or reserved, 400 when empty after normalising', async () => {
    const { own } = await team();
    const res = await call(admin, 'POST', '/api/wine-menus', { name: 'Carta', slug: 'Especial Verão', establishment_id: own.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toBe('especial-verao');
    const taken = await call(admin, 'POST', '/api/wine-menus', { name: 'Outra', slug: 'especial-verao', establishment_id: own.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'conflict',
      detail: 'Já existe uma carta com o endereço "especial-verao" neste estabelecimento. Escolha outro.',
      fields: { slug: 'Já existe uma carta com o endereço "especial-verao" neste estabelecimento. Escolha outro.' },
    });
    for (const slug of ['nova', 'NOVO', '3f1b2c4d-1111-4222-8333-444455556666']) {
      const reserved = await call(admin, 'POST', '/api/wine-menus', { name: 'Outra', slug, establishment_id: own.id });
      expect(reserved.statusCode).toBe(409);
      expect(reserved.json().detail).toBe(`O endereço "${slug.toLowerCase()}" é reservado pelo sistema. Escolha outro.`);
    }
    const empty = await call(admin, 'POST', '/api/wine-menus', { name: 'Outra', slug: '%%%', establishment_id: own.id });
    expect(empty.statusCode).toBe(400);
    expect(await t.db.select().from(wineMenus).where(eq(wineMenus.name, 'Outra'))).toHaveLength(0);
  });

  it.each([
    [{}, { name: 'Informe o nome da carta.', establishment_id: 'Escolha o estabelecimento.' }],
    [
      { name: '  ', establishment_id: 'x' },
      { name: 'Informe o nome da carta.', establishment_id: 'Escolha o estabelecimento.' },
    ],
    [{ name: 'x'.repeat(121), establishment_id: MISSING }, { name: 'Nome: no máximo 120 caracteres.' }],
    [{ name: 'Carta', establishment_id: MISSING, description: 'x'.repeat(2001) }, { description: 'Descrição: no máximo 2000 caracteres.' }],
  ])('rejects %j with 400', async (payload, fields) => {
    const res = await call(admin, 'POST', '/api/wine-menus', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields });
  });

  it('answers 404 on establishment_id for a missing or foreign establishment', async () => {
    const { other, manager, sommelier } = await team();
    for (const [user, id] of [
      [admin, MISSING],
      [manager, other.id],
      [sommelier, other.id],
    ] as const) {
      const res = await call(user, 'POST', '/api/wine-menus', { name: 'Carta', establishment_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        detail: 'Estabelecimento não encontrado.',
        fields: { establishment_id: 'Estabelecimento não encontrado.' },
      });
    }
    expect(await t.db.select().from(wineMenus).where(eq(wineMenus.establishmentId, other.id))).toHaveLength(0);
  });

  it('lets managers and sommeliers create menus in their establishments; suppliers get 403', async () => {
    const { own, manager, sommelier, supplier } = await team();
    for (const user of [manager, sommelier]) {
      const res = await call(user, 'POST', '/api/wine-menus', { name: `Carta ${user.role}`, establishment_id: own.id });
      expect(res.statusCode).toBe(201);
    }
    for (const payload of [{ name: 'Carta', establishment_id: own.id }, {}]) {
      const res = await call(supplier, 'POST', '/api/wine-menus', payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Você não tem permissão para alterar cartas de vinhos.');
    }
    expect(await t.db.select().from(wineMenus).where(eq(wineMenus.establishmentId, own.id))).toHaveLength(2);
  });
});

describe('GET /api/wine-menus', () => {
  it('lists menus with establishment name, slug and wine count; filters by establishment_id', async () => {
    const { own, other } = await team();
    const a = await menuIn(own.id, 'Carta A');
    const b = await menuIn(other.id, 'Carta B');
    await addWines(a.id, 2);
    const all = await call(admin, 'GET', '/api/wine-menus');
    expect(all.statusCode).toBe(200);
    const found = all.json().find((m: { id: string }) => m.id === a.id);
    expect(found).toEqual({
      id: a.id,
      name: 'Carta A',
      description: null,
      slug: 'carta-a',
      establishment_id: own.id,
      establishment_name: own.name,
      establishment_slug: own.slug,
      wine_count: 2,
      sold_out_display: 'show',
      low_stock_threshold: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(all.json().some((m: { id: string }) => m.id === b.id)).toBe(true);
    const filtered = await call(admin, 'GET', `/api/wine-menus?establishment_id=${other.id}`);
    expect(filtered.json().map((m: { id: string }) => m.id)).toEqual([b.id]);
    expect((await call(admin, 'GET', '/api/wine-menus?establishment_id=nope')).statusCode).toBe(400);
  });

  it('scopes managers and sommeliers to their establishments and gives suppliers nothing', async () => {
    const { own, other, manager, sommelier, supplier } = await team();
    const mine = await menuIn(own.id);
    const theirs = await menuIn(other.id);
    for (const user of [manager, sommelier]) {
      expect((await call(user, 'GET', '/api/wine-menus')).json().map((m: { id: string }) => m.id)).toEqual([mine.id]);
      expect((await call(user, 'GET', `/api/wine-menus?establishment_id=${other.id}`)).json()).toEqual([]);
    }
    const res = await call(supplier, 'GET', '/api/wine-menus');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await call(admin, 'GET', '/api/wine-menus')).json().some((m: { id: string }) => m.id === theirs.id)).toBe(true);
  });
});

describe('GET /api/wine-menus/:id', () => {
  it('returns the menu with its wines in position order, prices as numbers', async () => {
    const { own, sommelier } = await team();
    const menu = await menuIn(own.id);
    const ids = await addWines(menu.id, 3);
    const res = await call(sommelier, 'GET', `/api/wine-menus/${menu.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.wines.map((w: { id: string }) => w.id)).toEqual(ids);
    expect(body.wines.map((w: { position: number }) => w.position)).toEqual([0, 1, 2]);
    expect(body.wines[0].price).toBe(289.9);
    expect(body.wine_count).toBe(3);
    expect(body.establishment).toEqual({ id: own.id, name: own.name, slug: own.slug, sommelier: 'Helena' });
  });

  it('answers 404 outside the caller scope or for a missing menu', async () => {
    const { own, other, manager, sommelier, supplier } = await team();
    const theirs = await menuIn(other.id);
    const mine = await menuIn(own.id);
    for (const [user, id] of [
      [manager, theirs.id],
      [sommelier, theirs.id],
      [supplier, mine.id],
      [admin, MISSING],
    ] as const) {
      const res = await call(user, 'GET', `/api/wine-menus/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Carta não encontrada.');
    }
    expect((await call(admin, 'GET', '/api/wine-menus/123')).statusCode).toBe(400);
  });
});

describe('PUT /api/wine-menus/:id', () => {
  it('updates name and description, keeps the slug on rename and returns the saved menu', async () => {
    const { own, sommelier } = await team();
    const menu = await menuIn(own.id, 'Carta de Verão');
    const res = await call(sommelier, 'PUT', `/api/wine-menus/${menu.id}`, {
      name: 'Carta de Outono',
      description: 'Nova estação',
      establishment_id: own.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: menu.id, name: 'Carta de Outono', description: 'Nova estação', slug: 'carta-de-verao' });
    expect(await menuRow(menu.id)).toMatchObject({ name: 'Carta de Outono', slug: 'carta-de-verao' });
    expect(invalidate).toHaveBeenCalledWith(own.id);
  });

  it('changes the slug when given; 409 when taken in the establishment or reserved', async () => {
    const { own } = await team();
    const a = await menuIn(own.id, 'Carta A');
    await menuIn(own.id, 'Carta B');
    const payload = { name: 'Carta A', establishment_id: own.id };
    expect((await call(admin, 'PUT', `/api/wine-menus/${a.id}`, { ...payload, slug: 'carta-a' })).statusCode).toBe(200);
    const changed = await call(admin, 'PUT', `/api/wine-menus/${a.id}`, { ...payload, slug: 'Sobremesas' });
    expect(changed.json().slug).toBe('sobremesas');
    expect((await call(admin, 'PUT', `/api/wine-menus/${a.id}`, { ...payload, slug: 'carta-b' })).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `/api/wine-menus/${a.id}`, { ...payload, slug: 'nova' })).statusCode).toBe(409);
    expect((await menuRow(a.id))?.slug).toBe('sobremesas');
  });

  it('moves a menu to another establishment, suffixing its slug when taken there, and invalidates both', async () => {
    const { own, other } = await team();
    const menu = await menuIn(own.id, 'Carta da Casa');
    await menuIn(other.id, 'Carta da Casa');
    const res = await call(admin, 'PUT', `/api/wine-menus/${menu.id}`, { name: 'Carta da Casa', establishment_id: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ establishment_id: other.id, slug: 'carta-da-casa-2', establishment_name: other.name });
    expect(invalidate).toHaveBeenCalledWith(own.id);
    expect(invalidate).toHaveBeenCalledWith(other.id);
  });

  it("answers 404 for another team's menu or target establishment, 403 to suppliers, 400 on invalid bodies", async () => {
    const { own, other, manager, supplier } = await team();
    const mine = await menuIn(own.id, 'Minha');
    const theirs = await menuIn(other.id, 'Deles');
    expect((await call(manager, 'PUT', `/api/wine-menus/${theirs.id}`, { name: 'X', establishment_id: other.id })).statusCode).toBe(404);
    const move = await call(manager, 'PUT', `/api/wine-menus/${mine.id}`, { name: 'X', establishment_id: other.id });
    expect(move.statusCode).toBe(404);
    expect(move.json().fields.establishment_id).toBe('Estabelecimento não encontrado.');
    expect((await call(supplier, 'PUT', `/api/wine-menus/${mine.id}`, { name: 'X', establishment_id: own.id })).statusCode).toBe(403);
    expect((await call(manager, 'PUT', `/api/wine-menus/${mine.id}`, { name: '', establishment_id: own.id })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', `/api/wine-menus/${MISSING}`, { name: 'X', establishment_id: own.id })).statusCode).toBe(404);
    expect(await menuRow(mine.id)).toMatchObject({ name: 'Minha', establishmentId: own.id });
    expect(await menuRow(theirs.id)).toMatchObject({ name: 'Deles' });
  });
});

describe('updateMenu racing a move by someone else', () => {
  /**
   * The service with a database on which, between reading the menu and locking it, an admin moves it to `to`
   * (what a concurrent request can do on PostgreSQL).
   */
  async function updateWhileMoved(caller: Caller, menuId: string, to: string, input: { name: string; establishment_id: string }) {
    const racing = new Proxy(t.db, {
      get(target, property) {
        if (property === 'transaction') {
          return async (...args: Parameters<Db['transaction']>) => {
            await target.update(wineMenus).set({ establishmentId: to }).where(eq(wineMenus.id, menuId));
            return target.transaction(...args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const onPublicChange = vi.fn();
    const run = updateMenu(racing, caller, menuId, { ...input, description: null, slug: undefined }, { onPublicChange });
    return { run, onPublicChange };
  }

  const managerOf = (user: TestUser, establishmentIds: string[]): Caller => ({
    id: user.id,
    email: user.email,
    role: 'restaurant_manager',
    establishmentIds,
    supplierId: null,
  });

  it("checks access on the locked row: a menu moved out of the caller's establishments is 404 and stays untouched", async () => {
    const { own, other, manager } = await team();
    const second = await createEstablishmentRow(t.db);
    const caller = managerOf(manager, [own.id, second.id]);
    // Renaming it where it was, or moving it to another establishment of the caller's.
    for (const [i, target] of [own.id, second.id].entries()) {
      const menu = await menuIn(own.id, `Carta Disputada ${i}`);
      const { run, onPublicChange } = await updateWhileMoved(caller, menu.id, other.id, { name: 'Tomada', establishment_id: target });
      await expect(run).rejects.toMatchObject({ statusCode: 404, message: MENU_NOT_FOUND });
      expect(await menuRow(menu.id)).toMatchObject({ name: `Carta Disputada ${i}`, establishmentId: other.id });
      expect(onPublicChange).not.toHaveBeenCalled();
    }
  });

  it("a menu moved to another of the caller's establishments is updated there, and that page is refreshed", async () => {
    const { own, manager } = await team();
    const second = await createEstablishmentRow(t.db);
    const menu = await menuIn(own.id, 'Carta Movida');
    const { run, onPublicChange } = await updateWhileMoved(managerOf(manager, [own.id, second.id]), menu.id, second.id, {
      name: 'Renomeada',
      establishment_id: second.id,
    });
    await expect(run).resolves.toMatchObject({ name: 'Renomeada', establishment_id: second.id });
    expect(onPublicChange.mock.calls).toEqual([[second.id]]);
  });
});

describe('DELETE /api/wine-menus/:id', () => {
  it('deletes the menu and its wines (204)', async () => {
    const { own, manager } = await team();
    const menu = await menuIn(own.id);
    await addWines(menu.id, 2);
    const res = await call(manager, 'DELETE', `/api/wine-menus/${menu.id}`);
    expect(res.statusCode).toBe(204);
    expect(await menuRow(menu.id)).toBeUndefined();
    expect(await winesInDb(menu.id)).toHaveLength(0);
    expect(invalidate).toHaveBeenCalledWith(own.id);
    expect((await call(manager, 'DELETE', `/api/wine-menus/${menu.id}`)).statusCode).toBe(404);
  });

  it("lets sommeliers delete their own; 404 for another team's, 403 to suppliers", async () => {
    const { own, other, sommelier, supplier } = await team();
    const mine = await menuIn(own.id);
    const theirs = await menuIn(other.id);
    expect((await call(sommelier, 'DELETE', `/api/wine-menus/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(supplier, 'DELETE', `/api/wine-menus/${mine.id}`)).statusCode).toBe(403);
    expect(await menuRow(mine.id)).toBeDefined();
    expect(await menuRow(theirs.id)).toBeDefined();
    expect((await call(sommelier, 'DELETE', `/api/wine-menus/${mine.id}`)).statusCode).toBe(204);
  });
});

// ── Wines ───────────────────────────────────────────────────────────────────

describe('POST /api/wine-menus/:id/wines', () => {
  it('adds a wine at the end (201) and returns it with the price as a number', async () => {
    const { own } = await team();
    const menu = await menuIn(own.id);
    await addWines(menu.id, 2);
    const res = await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, WINE);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      ...WINE,
      id: expect.any(String),
      menu_id: menu.id,
      position: 2,
      cellar_item_id: null,
      by_the_glass: false,
      glass_price: null,
      glass_doses: 5,
      glass_markup_percent: null,
      effective_glass_price: null,
      cellar: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const rows = await winesInDb(menu.id);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2]);
    expect(rows[2]).toMatchObject({
      name: WINE.name,
      price: 289.9,
      category: 'Espumantes',
      imageUrl: '/uploads/abc.webp',
      available: true,
    });
    expect(invalidate).toHaveBeenCalledWith(own.id);
  });

  it('defaults volume to 750ml and available to true, turns empty strings into null and accepts a comma price', async () => {
    const { own } = await team();
    const menu = await menuIn(own.id);
    const res = await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, {
      name: 'Vinho da Casa',
      price: '89,90',
      category: 'Vinhos em Taça (187ml)',
      description: '',
      country: '  ',
      image_url: '',
      volume: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      price: 89.9,
      volume: '750ml',
      available: true,
      description: null,
      country: null,
      image_url: null,
      aroma: null,
    });
    expect(
      await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, { name: 'Zero', price: 0, category: 'Espumantes' }).then(
        (r) => r.json().price,
      ),
    ).toBe(0);
  });

  it.each([
    [{ price: 10, category: 'Espumantes' }, 'name', 'Informe o nome do vinho.'],
    [{ name: 'V', category: 'Espumantes' }, 'price', 'Informe o preço.'],
    [{ name: 'V', price: '', category: 'Espumantes' }, 'price', 'Informe o preço.'],
    [{ name: 'V', price: 'caro', category: 'Espumantes' }, 'price', 'Informe um preço válido (ex.: 89,90).'],
    [{ name: 'V', price: -1, category: 'Espumantes' }, 'price', 'O preço não pode ser negativo.'],
    [{ name: 'V', price: 10.005, category: 'Espumantes' }, 'price', 'O preço deve ter no máximo 2 casas decimais.'],
    [{ name: 'V', price: '10,123', category: 'Espumantes' }, 'price', 'O preço deve ter no máximo 2 casas decimais.'],
    [{ name: 'V', price: 1_000_000, category: 'Espumantes' }, 'price', 'Preço alto demais.'],
    [{ name: 'V', price: 10 }, 'category', 'Escolha a categoria.'],
    [{ name: 'V', price: 10, category: 'Tintos' }, 'category', 'Categoria inválida.'],
    [{ name: 'V', price: 10, category: 'Espumantes', volume: '1l' }, 'volume', 'Volume inválido. Use 187ml, 375ml, 750ml, 1500ml.'],
    [{ name: 'V', price: 10, category: 'Espumantes', available: 'sim' }, 'available', 'Disponível deve ser verdadeiro ou falso.'],
    [{ name: 'V', price: 10, category: 'Espumantes', image_url: 'javascript:alert(1)' }, 'image_url', FIELD_MESSAGES.imageUrl],
    [{ name: 'V', price: 10, category: 'Espumantes', image_url: 'data:image/png;base64,AAAA' }, 'image_url', FIELD_MESSAGES.imageUrl],
    [
      { name: 'V', price: 10, category: 'Espumantes', image_url: 'https://cdn.exemplo.com.br/v.png"><img src=x>' },
      'image_url',
      FIELD_MESSAGES.imageUrl,
    ],
    [{ name: 'V', price: 10, category: 'Espumantes', country: 'x'.repeat(61) }, 'country', 'País: no máximo 60 caracteres.'],
    [{ name: 'x'.repeat(201), price: 10, category: 'Espumantes' }, 'name', 'Nome: no máximo 200 caracteres.'],
  ])('rejects %j with 400 on %s', async (payload, field, message) => {
    const menu = await menuIn((await createEstablishmentRow(t.db)).id);
    const res = await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { [field]: message } });
    expect(await winesInDb(menu.id)).toHaveLength(0);
  });

  it('accepts every category and volume of the vocabulary and an http(s) image', async () => {
    const menu = await menuIn((await createEstablishmentRow(t.db)).id);
    const res = await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, {
      name: 'Meia',
      price: 120,
      category: 'Vinhos Meia Garrafa (375ml)',
      volume: '375ml',
      image_url: 'https://imagens.exemplo.com/garrafa.jpg',
      available: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ volume: '375ml', available: false, image_url: 'https://imagens.exemplo.com/garrafa.jpg' });
  });

  it('lets managers and sommeliers add to their menus; 404 for foreign menus, 403 for suppliers', async () => {
    const { own, other, manager, sommelier, supplier } = await team();
    const mine = await menuIn(own.id);
    const theirs = await menuIn(other.id);
    const body = { name: 'V', price: 10, category: 'Espumantes' };
    for (const user of [manager, sommelier]) {
      expect((await call(user, 'POST', `/api/wine-menus/${mine.id}/wines`, body)).statusCode).toBe(201);
      expect((await call(user, 'POST', `/api/wine-menus/${theirs.id}/wines`, body)).statusCode).toBe(404);
    }
    expect((await call(supplier, 'POST', `/api/wine-menus/${mine.id}/wines`, body)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/wine-menus/${MISSING}/wines`, body)).statusCode).toBe(404);
    expect(await winesInDb(mine.id)).toHaveLength(2);
    expect(await winesInDb(theirs.id)).toHaveLength(0);
  });
});

describe('PUT and DELETE /api/wine-menus/:id/wines/:wineId', () => {
  it('updates a wine (every field replaced) and returns it', async () => {
    const { own, sommelier } = await team();
    const menu = await menuIn(own.id);
    const [id] = await addWines(menu.id, 1);
    const res = await call(sommelier, 'PUT', `/api/wine-menus/${menu.id}/wines/${id}`, {
      name: 'Novo nome',
      price: 99.5,
      category: 'Vinho Rosé',
      available: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      position: 0,
      name: 'Novo nome',
      price: 99.5,
      category: 'Vinho Rosé',
      available: false,
      aroma: null,
      volume: '750ml',
    });
    const [row] = await winesInDb(menu.id);
    expect(row).toMatchObject({ name: 'Novo nome', price: 99.5, available: false, aroma: null, position: 0 });
    expect(invalidate).toHaveBeenCalledWith(own.id);
  });

  it('deletes a wine (204), then answers 404', async () => {
    const { own, manager } = await team();
    const menu = await menuIn(own.id);
    const [a, b] = await addWines(menu.id, 2);
    const res = await call(manager, 'DELETE', `/api/wine-menus/${menu.id}/wines/${a}`);
    expect(res.statusCode).toBe(204);
    expect((await winesInDb(menu.id)).map((w) => w.id)).toEqual([b]);
    expect(invalidate).toHaveBeenCalledWith(own.id);
    const again = await call(manager, 'DELETE', `/api/wine-menus/${menu.id}/wines/${a}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('Vinho não encontrado nesta carta.');
  });

  it('answers 404 for a wine of another menu, a foreign menu or a missing wine; 403 to suppliers', async () => {
    const { own, other, manager, supplier } = await team();
    const mine = await menuIn(own.id);
    const theirs = await menuIn(other.id);
    const [myWine] = await addWines(mine.id, 1);
    const [theirWine] = await addWines(theirs.id, 1);
    const body = { name: 'Hack', price: 1, category: 'Espumantes' };
    for (const [url, status] of [
      [`/api/wine-menus/${mine.id}/wines/${theirWine}`, 404],
      [`/api/wine-menus/${theirs.id}/wines/${theirWine}`, 404],
      [`/api/wine-menus/${mine.id}/wines/${MISSING}`, 404],
    ] as const) {
      expect((await call(manager, 'PUT', url, body)).statusCode).toBe(status);
      expect((await call(manager, 'DELETE', url)).statusCode).toBe(status);
    }
    expect((await call(supplier, 'PUT', `/api/wine-menus/${mine.id}/wines/${myWine}`, body)).statusCode).toBe(403);
    expect((await call(supplier, 'DELETE', `/api/wine-menus/${mine.id}/wines/${myWine}`)).statusCode).toBe(403);
    expect((await call(manager, 'PUT', `/api/wine-menus/${mine.id}/wines/${myWine}`, { ...body, price: -5 })).statusCode).toBe(400);
    expect((await winesInDb(mine.id))[0]?.name).toBe('Vinho 0');
    expect((await winesInDb(theirs.id))[0]?.name).toBe('Vinho 0');
  });
});

describe('PUT /api/wine-menus/:id/reorder', () => {
  it('applies the new order and returns the menu with its wines in it', async () => {
    const { own, sommelier } = await team();
    const menu = await menuIn(own.id);
    const [a, b, c] = (await addWines(menu.id, 3)) as [string, string, string];
    const res = await call(sommelier, 'PUT', `/api/wine-menus/${menu.id}/reorder`, { new_order: [c, a, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json().wines.map((w: { id: string }) => w.id)).toEqual([c, a, b]);
    const rows = await winesInDb(menu.id);
    expect(rows.map((r) => [r.id, r.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(invalidate).toHaveBeenCalledWith(own.id);
    // The next wine still goes to the end.
    const [d] = await addWines(menu.id, 1);
    expect((await call(admin, 'GET', `/api/wine-menus/${menu.id}`)).json().wines.map((w: { id: string }) => w.id)).toEqual([c, a, b, d]);
  });

  it('accepts an empty order for an empty menu', async () => {
    const menu = await menuIn((await createEstablishmentRow(t.db)).id);
    expect((await call(admin, 'PUT', `/api/wine-menus/${menu.id}/reorder`, { new_order: [] })).statusCode).toBe(200);
  });

  it('answers 400 unless the list is exactly the menu wines, and changes nothing', async () => {
    const { own, other } = await team();
    const menu = await menuIn(own.id);
    const [a, b, c] = (await addWines(menu.id, 3)) as [string, string, string];
    const [foreign] = await addWines((await menuIn(other.id)).id, 1);
    const cases: [unknown, string][] = [
      [[a, b], 'A nova ordem deve conter exatamente os vinhos desta carta, cada um uma vez.'],
      [[a, b, c, foreign], 'A nova ordem deve conter exatamente os vinhos desta carta, cada um uma vez.'],
      [[a, b, foreign], 'A nova ordem deve conter exatamente os vinhos desta carta, cada um uma vez.'],
      [[a, b, c, MISSING], 'A nova ordem deve conter exatamente os vinhos desta carta, cada um uma vez.'],
      [[a, a, b], 'A nova ordem tem vinhos repetidos.'],
      [[a, b, c, c], 'A nova ordem tem vinhos repetidos.'],
    ];
    invalidate.mockClear();
    for (const [newOrder, detail] of cases) {
      const res = await call(admin, 'PUT', `/api/wine-menus/${menu.id}/reorder`, { new_order: newOrder });
      expect(res.statusCode, JSON.stringify(newOrder)).toBe(400);
      expect(res.json()).toMatchObject({ detail, fields: { new_order: detail } });
    }
    for (const payload of [{}, { new_order: 'a,b' }, { new_order: [a, 'nao-e-id', c] }]) {
      const res = await call(admin, 'PUT', `/api/wine-menus/${menu.id}/reorder`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    expect((await winesInDb(menu.id)).map((r) => r.id)).toEqual([a, b, c]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("answers 404 for another team's menu and 403 to suppliers", async () => {
    const { own, other, manager, supplier } = await team();
    const theirs = await menuIn(other.id);
    const ids = await addWines(theirs.id, 2);
    expect((await call(manager, 'PUT', `/api/wine-menus/${theirs.id}/reorder`, { new_order: [...ids].reverse() })).statusCode).toBe(404);
    const mine = await menuIn(own.id);
    expect((await call(supplier, 'PUT', `/api/wine-menus/${mine.id}/reorder`, { new_order: [] })).statusCode).toBe(403);
    expect((await winesInDb(theirs.id)).map((r) => r.id)).toEqual(ids);
  });
});

// ── QR code ─────────────────────────────────────────────────────────────────

describe('GET /api/wine-menus/:id/qr-code', () => {
  it('returns a base64 PNG of the absolute public URL', async () => {
    const { own, sommelier } = await team();
    const menu = await menuIn(own.id, 'Carta de Vinhos');
    const res = await call(sommelier, 'GET', `/api/wine-menus/${menu.id}/qr-code`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['base_url_source', 'file_name', 'local_address', 'menu_url', 'qr_code']);
    expect(body.menu_url).toBe(`https://adega.test/${own.slug}/carta-de-vinhos`);
    expect(body.qr_code).not.toMatch(/^data:/);
    const png = Buffer.from(body.qr_code, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(400);
  });

  it('offers an SVG for print', async () => {
    const { own, manager } = await team();
    const menu = await menuIn(own.id);
    const res = await call(manager, 'GET', `/api/wine-menus/${menu.id}/qr-code.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-disposition']).toBe(`inline; filename="${own.slug}-${menu.slug}-qr-code.svg"`);
    expect(res.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('answers 404 outside the caller scope and 401 without a token', async () => {
    const { own, other, manager, supplier } = await team();
    const theirs = await menuIn(other.id);
    const mine = await menuIn(own.id);
    for (const suffix of ['qr-code', 'qr-code.svg', 'qr-code.png']) {
      expect((await call(manager, 'GET', `/api/wine-menus/${theirs.id}/${suffix}`)).statusCode).toBe(404);
      expect((await call(supplier, 'GET', `/api/wine-menus/${mine.id}/${suffix}`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/api/wine-menus/${MISSING}/${suffix}`)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/wine-menus/${mine.id}/${suffix}` })).statusCode).toBe(401);
    }
  });
});

describe('QR code without PUBLIC_BASE_URL', () => {
  it('points at the host and protocol the request came to, through a trusted proxy', async () => {
    const other = await createTestApp({ publicBaseUrl: undefined, trustProxy: true });
    try {
      const user = await createUser(other.db, 'admin');
      const est = await createEstablishmentRow(other.db, { slug: `bar-${Date.now()}` });
      const menu = (
        await other.as(user.token, { method: 'POST', url: '/api/wine-menus', payload: { name: 'Rosé & Cia', establishment_id: est.id } })
      ).json();
      const res = await other.as(user.token, {
        method: 'GET',
        url: `/api/wine-menus/${menu.id}/qr-code`,
        headers: { host: 'cartas.exemplo.com.br', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().menu_url).toBe(`https://cartas.exemplo.com.br/${est.slug}/rose-cia`);
    } finally {
      await other.close();
    }
  });
});

describe('public page cache', () => {
  it('serves the change on the public page right after a write to the establishment, menu or wines', async () => {
    const { own } = await team();
    const menu = await menuIn(own.id, 'Carta Pública');
    const [wineId] = await addWines(menu.id, 1);
    const page = () => t.app.inject({ method: 'GET', url: `/${own.slug}/${menu.slug}` }).then((r) => r.body);
    expect(await page()).toContain('Vinho 0');
    await call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${wineId}`, { name: 'Renomeado', price: 10, category: 'Espumantes' });
    expect(await page()).toContain('Renomeado');
    await call(admin, 'PUT', `/api/establishments/${own.id}`, { name: 'Casa Renomeada' });
    expect(await page()).toContain('Casa Renomeada');
    await call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${wineId}`, {
      name: 'Renomeado',
      price: 10,
      category: 'Espumantes',
      available: false,
    });
    expect(await page()).not.toContain('Renomeado');
  });
});
