import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../../shared/field-rules.js';
import { establishments, menuWines, orders, wineMenus } from '../../db/schema/index.js';
import {
  createEstablishmentRow,
  createSupplierRow,
  createTeam,
  createUser,
  establishmentLinks,
  type TestUser,
} from '../../test-support/factories.js';
import { invalidationSpyPerFile, testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import type { TestApp } from '../../test-support/test-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const invalidate = invalidationSpyPerFile(t);

const call: TestApp['call'] = (...args) => t.call(...args);
const create = (user: TestUser, payload: object) => call(user, 'POST', '/api/establishments', payload);
const uniqueName = (prefix = 'Bistrô') => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
const row = async (id: string) => (await t.db.select().from(establishments).where(eq(establishments.id, id)))[0];
const links = (userId: string) => establishmentLinks(t.db, userId);
const team = () => createTeam(t.db);

const FULL = {
  name: '  Rosé & Cia  ',
  description: 'Bar de vinhos na Lagoa.',
  address: 'Rua das Rendeiras, 100 – Florianópolis',
  phone: '(48) 3232-1000',
  email: ' Contato@RoseCia.com.br ',
  website: 'https://rosecia.com.br',
  sommelier: 'Ana Souza',
  logo: '/uploads/abc123.webp',
};

describe('POST /api/establishments', () => {
  it('creates it (201), returns the saved object with a slug folded from the name, and an admin is not linked', async () => {
    await t.db.delete(establishments).where(eq(establishments.slug, 'rose-cia'));
    const res = await create(admin, FULL);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Rosé & Cia',
      description: 'Bar de vinhos na Lagoa.',
      address: 'Rua das Rendeiras, 100 – Florianópolis',
      phone: '+554832321000',
      email: 'contato@rosecia.com.br',
      website: 'https://rosecia.com.br',
      sommelier: 'Ana Souza',
      logo: '/uploads/abc123.webp',
      slug: 'rose-cia',
      menu_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await row(body.id)).toMatchObject({ name: 'Rosé & Cia', slug: 'rose-cia', email: 'contato@rosecia.com.br' });
    expect(await links(admin.id)).not.toContain(body.id);
    expect(invalidate).toHaveBeenCalledWith(body.id);
  });

  it('turns empty optional fields into null', async () => {
    const res = await create(admin, {
      name: uniqueName(),
      description: '',
      address: '  ',
      phone: '',
      email: '',
      website: '',
      sommelier: '',
      logo: '',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    for (const field of ['description', 'address', 'phone', 'email', 'website', 'sommelier', 'logo']) expect(body[field], field).toBeNull();
    expect(await row(body.id)).toMatchObject({ description: null, logo: null, website: null });
  });

  it('links a restaurant manager to what they create, so they see it at once', async () => {
    const manager = await createUser(t.db, 'restaurant_manager');
    const res = await create(manager, { name: uniqueName() });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(await links(manager.id)).toEqual([id]);
    expect((await call(manager, 'GET', `/api/establishments/${id}`)).statusCode).toBe(200);
    expect((await call(manager, 'GET', '/api/establishments')).json().map((e: { id: string }) => e.id)).toEqual([id]);
  });

  it('refuses sommeliers and suppliers with 403, even with an invalid body, and creates nothing', async () => {
    const { sommelier, supplier } = await team();
    const name = uniqueName();
    for (const user of [sommelier, supplier]) {
      for (const payload of [{ name }, {}]) {
        const res = await create(user, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().detail).toBe('Você não tem permissão para criar estabelecimentos.');
      }
    }
    expect(await t.db.select().from(establishments).where(eq(establishments.name, name))).toHaveLength(0);
  });

  it('requires a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/establishments', payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/establishments' })).statusCode).toBe(401);
  });

  it.each([
    [{}, 'name', 'Informe o nome do estabelecimento.'],
    [{ name: '   ' }, 'name', 'Informe o nome do estabelecimento.'],
    [{ name: 'x'.repeat(121) }, 'name', 'Nome: no máximo 120 caracteres.'],
    [{ name: 'Bar', email: 'não-é-email' }, 'email', 'Informe um e-mail válido.'],
    [{ name: 'Bar', website: 'rosecia' }, 'website', FIELD_MESSAGES.website],
    [{ name: 'Bar', website: 'javascript:alert(1)' }, 'website', FIELD_MESSAGES.website],
    [{ name: 'Bar', logo: 'javascript:alert(1)' }, 'logo', FIELD_MESSAGES.imageUrl],
    [{ name: 'Bar', logo: '/uploads/../etc/passwd' }, 'logo', FIELD_MESSAGES.imageUrl],
    [{ name: 'Bar', logo: '/outra/pasta.png' }, 'logo', FIELD_MESSAGES.imageUrl],
    [{ name: 'Bar', logo: 'https://cdn.exemplo.com.br/l.png"><script>' }, 'logo', FIELD_MESSAGES.imageUrl],
    [{ name: 'Bar', phone: 'ligue já' }, 'phone', FIELD_MESSAGES.phone],
    [{ name: 'Bar', phone: '(00) 1234-5678' }, 'phone', FIELD_MESSAGES.phone],
    [{ name: 'Bar', description: 'x'.repeat(2001) }, 'description', 'Descrição: no máximo 2000 caracteres.'],
    [{ name: 'Bar', sommelier: 42 }, 'sommelier', 'Sommelier: informe um texto.'],
  ])('rejects %j with 400 on %s', async (payload, field, message) => {
    const res = await create(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { [field]: message } });
  });

  it('stores the phone as E.164 and the website with https://', async () => {
    const res = await create(admin, { name: uniqueName(), phone: '(48) 99999-1234', website: 'vinhavelha.com.br' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: '+5548999991234', website: 'https://vinhavelha.com.br' });
  });

  it('accepts an http(s) logo URL', async () => {
    const res = await create(admin, { name: uniqueName(), logo: 'https://cdn.exemplo.com.br/logo.png' });
    expect(res.statusCode).toBe(201);
    expect(res.json().logo).toBe('https://cdn.exemplo.com.br/logo.png');
  });
});

describe('establishment slugs', () => {
  it('suffixes -2, -3… when the derived slug is taken', async () => {
    const name = uniqueName('Adega do Porto');
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await create(admin, { name })).json().slug);
    const base = slugs[0];
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('never derives a reserved word: "Carta", "Login", "API" get a suffix', async () => {
    for (const [name, slug] of [
      ['Carta', 'carta-2'],
      ['Login', 'login-2'],
      ['API', 'api-2'],
    ]) {
      await t.db.delete(establishments).where(eq(establishments.slug, slug as string));
      const res = await create(admin, { name });
      expect(res.statusCode).toBe(201);
      expect(res.json().slug).toBe(slug);
    }
  });

  it('derives a fallback when the name has no letters or digits', async () => {
    const res = await create(admin, { name: '¡¿!!' });
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toMatch(/^casa(-\d+)?$/);
  });

  it('normalises an explicit slug and keeps it', async () => {
    const wanted = `Meu Bar Ç ${Math.random().toString(36).slice(2, 6)}`;
    const res = await create(admin, { name: uniqueName(), slug: wanted });
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toMatch(/^meu-bar-c-[a-z0-9]{4}$/);
  });

  it('answers 409 for an explicit slug already used, and creates nothing', async () => {
    const first = (await create(admin, { name: uniqueName() })).json();
    const name = uniqueName();
    const res = await create(admin, { name, slug: first.slug });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      detail: `Já existe um estabelecimento com o endereço "${first.slug}". Escolha outro.`,
      fields: { slug: `Já existe um estabelecimento com o endereço "${first.slug}". Escolha outro.` },
    });
    expect(await t.db.select().from(establishments).where(eq(establishments.name, name))).toHaveLength(0);
  });

  it.each(['carta', 'API', 'login', 'uploads', 'estabelecimento', '3f1b2c4d-1111-4222-8333-444455556666'])(
    'answers 409 for the reserved explicit slug %s',
    async (slug) => {
      const res = await create(admin, { name: uniqueName(), slug });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(`O endereço "${slug.toLowerCase()}" é reservado pelo sistema. Escolha outro.`);
    },
  );

  it('answers 400 for an explicit slug with nothing usable', async () => {
    const res = await create(admin, { name: uniqueName(), slug: '!!!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.slug).toBe('Informe um endereço (slug) válido: letras, números e hífens.');
  });
});

describe('GET /api/establishments', () => {
  it('lists everything for an admin, with menu_count, in pt-BR name order', async () => {
    const est = await createEstablishmentRow(t.db, { name: 'AAA Primeiro da lista' });
    await t.db.insert(wineMenus).values([
      { establishmentId: est.id, name: 'Carta 1', slug: 'c1' },
      { establishmentId: est.id, name: 'Carta 2', slug: 'c2' },
    ]);
    const res = await call(admin, 'GET', '/api/establishments');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const names = list.map((e: { name: string }) => e.name);
    const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
    expect(list.find((e: { id: string }) => e.id === est.id)).toMatchObject({
      name: 'AAA Primeiro da lista',
      slug: est.slug,
      menu_count: 2,
    });
  });

  it('scopes managers and sommeliers to their establishments and gives suppliers nothing', async () => {
    const { own, manager, sommelier, supplier } = await team();
    for (const user of [manager, sommelier]) {
      const res = await call(user, 'GET', '/api/establishments');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((e: { id: string }) => e.id)).toEqual([own.id]);
    }
    const res = await call(supplier, 'GET', '/api/establishments');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('GET /api/establishments/:id', () => {
  it('returns one the caller may see and 404 otherwise', async () => {
    const { own, other, manager, sommelier, supplier } = await team();
    for (const user of [admin, manager, sommelier]) {
      const res = await call(user, 'GET', `/api/establishments/${own.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: own.id, name: own.name, slug: own.slug, menu_count: 0 });
    }
    for (const [user, id] of [
      [manager, other.id],
      [sommelier, other.id],
      [supplier, own.id],
      [admin, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await call(user, 'GET', `/api/establishments/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: 'Estabelecimento não encontrado.' });
    }
    const bad = await call(admin, 'GET', '/api/establishments/nao-e-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.id).toBe('Identificador inválido.');
  });
});

describe('PUT /api/establishments/:id', () => {
  it('lets a manager update their own and returns the saved object; the slug survives a rename', async () => {
    const { own, manager } = await team();
    const res = await call(manager, 'PUT', `/api/establishments/${own.id}`, { ...FULL, name: 'Novo Nome da Casa' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: own.id,
      name: 'Novo Nome da Casa',
      slug: own.slug,
      sommelier: 'Ana Souza',
      email: 'contato@rosecia.com.br',
    });
    expect(await row(own.id)).toMatchObject({ name: 'Novo Nome da Casa', slug: own.slug, phone: '+554832321000' });
    expect(invalidate).toHaveBeenCalledWith(own.id);
  });

  it('replaces every field: an absent optional field becomes null', async () => {
    const est = (await create(admin, { ...FULL, name: uniqueName() })).json();
    const res = await call(admin, 'PUT', `/api/establishments/${est.id}`, { name: est.name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: null, logo: null, sommelier: null, slug: est.slug });
  });

  it('changes the slug only when one is given, with the same rules as creation', async () => {
    const a = (await create(admin, { name: uniqueName() })).json();
    const b = (await create(admin, { name: uniqueName() })).json();
    const wanted = `novo-endereco-${Math.random().toString(36).slice(2, 6)}`;
    const changed = await call(admin, 'PUT', `/api/establishments/${a.id}`, { name: a.name, slug: wanted });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().slug).toBe(wanted);
    expect((await call(admin, 'PUT', `/api/establishments/${a.id}`, { name: a.name, slug: wanted })).statusCode).toBe(200);
    const taken = await call(admin, 'PUT', `/api/establishments/${a.id}`, { name: a.name, slug: b.slug });
    expect(taken.statusCode).toBe(409);
    const reserved = await call(admin, 'PUT', `/api/establishments/${a.id}`, { name: a.name, slug: 'pedidos' });
    expect(reserved.statusCode).toBe(409);
    expect((await row(a.id))?.slug).toBe(wanted);
  });

  it('validates the body like creation', async () => {
    const { own, manager } = await team();
    const res = await call(manager, 'PUT', `/api/establishments/${own.id}`, { name: '', email: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ name: 'Informe o nome do estabelecimento.', email: 'Informe um e-mail válido.' });
  });

  it("answers 404 for another team's establishment, 403 to sommeliers and suppliers, 404 for a missing id", async () => {
    const { own, other, manager, sommelier, supplier } = await team();
    const payload = { name: 'Tentativa' };
    expect((await call(manager, 'PUT', `/api/establishments/${other.id}`, payload)).statusCode).toBe(404);
    for (const user of [sommelier, supplier]) {
      const res = await call(user, 'PUT', `/api/establishments/${own.id}`, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Você não tem permissão para alterar estabelecimentos.');
    }
    expect((await call(admin, 'PUT', '/api/establishments/00000000-0000-4000-8000-000000000000', payload)).statusCode).toBe(404);
    expect((await row(own.id))?.name).toBe(own.name);
    expect((await row(other.id))?.name).toBe(other.name);
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('DELETE /api/establishments/:id', () => {
  it('deletes it with its menus and their wines (204)', async () => {
    const { own, manager } = await team();
    const [menu] = await t.db.insert(wineMenus).values({ establishmentId: own.id, name: 'Carta', slug: 'carta' }).returning();
    await t.db.insert(menuWines).values({ menuId: menu!.id, position: 0, name: 'Vinho', price: 10, category: 'Espumantes' });
    const res = await call(manager, 'DELETE', `/api/establishments/${own.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await row(own.id)).toBeUndefined();
    expect(await t.db.select().from(wineMenus).where(eq(wineMenus.establishmentId, own.id))).toHaveLength(0);
    expect(await t.db.select().from(menuWines).where(eq(menuWines.menuId, menu!.id))).toHaveLength(0);
    expect(await links(manager.id)).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith(own.id);
    expect((await call(manager, 'DELETE', `/api/establishments/${own.id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 while purchase orders point at it, keeping it and its orders', async () => {
    const { own, manager } = await team();
    const supplier = await createSupplierRow(t.db);
    await t.db
      .insert(orders)
      .values({ establishmentId: own.id, supplierId: supplier.id, totalAmount: '50.00', commissionRate: '0.00', commissionAmount: '0.00' });
    for (const user of [manager, admin]) {
      const res = await call(user, 'DELETE', `/api/establishments/${own.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'conflict',
        detail: 'Este estabelecimento tem pedidos registrados e não pode ser excluído: o histórico de pedidos é preservado.',
      });
    }
    expect(await row(own.id)).toBeDefined();
    expect(await t.db.select().from(orders).where(eq(orders.establishmentId, own.id))).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("answers 404 for another team's, 403 to sommeliers and suppliers; an admin deletes any", async () => {
    const { own, other, manager, sommelier, supplier } = await team();
    expect((await call(manager, 'DELETE', `/api/establishments/${other.id}`)).statusCode).toBe(404);
    for (const user of [sommelier, supplier]) {
      const res = await call(user, 'DELETE', `/api/establishments/${own.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Você não tem permissão para excluir estabelecimentos.');
    }
    expect(await row(own.id)).toBeDefined();
    expect(await row(other.id)).toBeDefined();
    expect((await call(admin, 'DELETE', `/api/establishments/${other.id}`)).statusCode).toBe(204);
    expect(await row(other.id)).toBeUndefined();
    expect((await call(admin, 'DELETE', `/api/establishments/${other.id}`)).statusCode).toBe(404);
  });
});
