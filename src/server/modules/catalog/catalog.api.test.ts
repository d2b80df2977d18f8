import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../../shared/field-rules.js';
import { ROLES, type Role } from '../../../shared/roles.js';
import { foldText } from '../../../shared/text-search.js';
import { catalogWines } from '../../db/schema/index.js';
import { createCatalogWineRow, uniqueTag } from '../../test-support/factories.js';
import { testAppPerFile, testUsersPerFile } from '../../test-support/file-app.js';
import { catalogSearchText } from './search-text.js';

const t = testAppPerFile();
const users = testUsersPerFile(t, ROLES);

const list = (query: string, role: Role = 'admin') => t.as(users[role].token, { method: 'GET', url: `/api/catalog/wines?${query}` });
const names = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((w) => w.name);
const filterNames = async (s: string, query: string) => names(await list(`q=${s}&${query}&limit=100`));
/** `count` wines named "<prefix> 000", "<prefix> 001", ... (`digits` wide), in one statement. */
const insertNumbered = (prefix: string, count: number, digits: number) =>
  t.db.insert(catalogWines).values(
    Array.from({ length: count }, (_, i) => {
      const name = `${prefix} ${String(i).padStart(digits, '0')}`;
      return { name, searchText: catalogSearchText({ name }) };
    }),
  );
const create = (payload: Record<string, unknown>, role: Role = 'admin') =>
  t.as(users[role].token, { method: 'POST', url: '/api/catalog/wines', payload });

const fullWine = (suffix: string) => ({
  name: `Casa Valduga Terroir Chardonnay ${suffix}`,
  description: 'Branco de altitude, fresco e mineral.',
  country: 'Brasil',
  region: 'Vale dos Vinhedos (RS)',
  grape_variety: 'Chardonnay',
  wine_style: 'Branco',
  alcohol_content: '12,5%',
  volume: '750ml',
  color: 'Amarelo-palha com reflexos esverdeados',
  aroma: 'Abacaxi, pera e notas tostadas',
  palate: 'Fresco, boa acidez, final longo',
  pairing: 'Peixes grelhados e frutos do mar',
  image_url: 'https://cdn.exemplo.com.br/chardonnay.jpg',
  producer: 'Casa Valduga',
  vintage: 2021,
  price_reference: 129.9,
  sku_code: `CV-${suffix}`,
});

describe('POST /api/catalog/wines', () => {
  it('creates a wine with every field (201) and stores the folded search text', async () => {
    const s = uniqueTag();
    const res = await create(fullWine(s));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ ...fullWine(s), id: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) });
    const [row] = await t.db.select().from(catalogWines).where(eq(catalogWines.id, body.id));
    expect(row?.searchText).toBe(`casa valduga terroir chardonnay ${s} casa valduga vale dos vinhedos (rs) chardonnay branco`);
    const got = await t.as(users.supplier.token, { method: 'GET', url: `/api/catalog/wines/${body.id}` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(body);
  });

  it('needs only a name; empty optional fields become null', async () => {
    const res = await create({
      name: '  Vinho Simples  ',
      description: '',
      price_reference: '',
      vintage: '',
      sku_code: ' ',
      image_url: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Vinho Simples',
      description: null,
      price_reference: null,
      vintage: null,
      sku_code: null,
      image_url: null,
      country: null,
    });
  });

  const PRICE = 'O preço de referência deve ser um número maior ou igual a zero, com no máximo duas casas decimais.';
  it.each([
    [{}, 'name', 'Informe o nome do vinho.'],
    [{ name: '   ' }, 'name', 'Informe o nome do vinho.'],
    [{ name: 'x'.repeat(201) }, 'name', 'Nome: no máximo 200 caracteres.'],
    [{ name: 'A', price_reference: -1 }, 'price_reference', PRICE],
    [{ name: 'A', price_reference: 10.999 }, 'price_reference', PRICE],
    [{ name: 'A', price_reference: 'caro' }, 'price_reference', PRICE],
    [{ name: 'A', price_reference: 100_000_000 }, 'price_reference', PRICE],
    [{ name: 'A', vintage: 1799 }, 'vintage', 'Safra: informe um ano a partir de 1800.'],
    [{ name: 'A', vintage: new Date().getFullYear() + 2 }, 'vintage', `Safra: informe um ano até ${new Date().getFullYear() + 1}.`],
    [{ name: 'A', vintage: 2019.5 }, 'vintage', 'Safra: informe um ano inteiro (ex.: 2019).'],
    [{ name: 'A', vintage: 'antiga' }, 'vintage', 'Safra: informe um ano (ex.: 2019).'],
    [{ name: 'A', image_url: 'javascript:alert(1)' }, 'image_url', FIELD_MESSAGES.imageUrl],
    [{ name: 'A', image_url: 'https://x.com/a.png"><script>' }, 'image_url', FIELD_MESSAGES.imageUrl],
    [{ name: 'A', alcohol_content: 'forte' }, 'alcohol_content', 'Teor alcoólico: informe uma porcentagem entre 0 e 100, ex.: 13,5%.'],
    [{ name: 'A', image_url: 'data:image/png;base64,AAAA' }, 'image_url', FIELD_MESSAGES.imageUrl],
    [{ name: 'A', image_url: '/etc/passwd' }, 'image_url', FIELD_MESSAGES.imageUrl],
    [{ name: 'A', image_url: '/uploads/../segredo' }, 'image_url', FIELD_MESSAGES.imageUrl],
    [{ name: 'A', image_url: 'https://x.com/a b.jpg' }, 'image_url', FIELD_MESSAGES.imageUrl],
    [{ name: 'A', sku_code: 'x'.repeat(65) }, 'sku_code', 'Código SKU: no máximo 64 caracteres.'],
    [{ name: 'A', country: 42 }, 'country', 'País: informe um texto.'],
  ])('rejects %j with 400 on %s', async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_error');
    expect(body.fields[field]).toBe(message);
  });

  it('accepts boundary values: price 0 and 2 decimals, vintages 1800 and next year, numeric strings, /uploads/ and http images', async () => {
    const next = new Date().getFullYear() + 1;
    for (const payload of [
      { name: 'Limite 1', price_reference: 0, vintage: 1800, image_url: '/uploads/rotulo.webp' },
      { name: 'Limite 2', price_reference: 99_999_999.99, vintage: next, image_url: 'http://exemplo.com/a.png' },
      { name: 'Limite 3', price_reference: '89,90', vintage: '2019' },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    }
    const res = await create({ name: 'Limite 4', price_reference: '89,90', vintage: '2019' });
    expect(res.json()).toMatchObject({ price_reference: 89.9, vintage: 2019 });
  });

  it('stores text in NFC so decomposed accents are still found', async () => {
    const s = uniqueTag();
    const res = await create({ name: `Rose\u0301 ${s}`, country: 'França'.normalize('NFD') });
    expect(res.json()).toMatchObject({ name: `Rosé ${s}`, country: 'França' });
    expect(names(await list(`q=rose+${s}&country=franca`))).toEqual([`Rosé ${s}`]);
  });

  it('answers 409 with a pt-BR detail when the SKU is taken, on create and on update', async () => {
    const sku = `DUP-${uniqueTag()}`;
    expect((await create({ name: 'Primeiro', sku_code: sku })).statusCode).toBe(201);
    const dup = await create({ name: 'Segundo', sku_code: sku });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      detail: 'Já existe um vinho no catálogo com este código SKU.',
      fields: { sku_code: 'Já existe um vinho no catálogo com este código SKU.' },
    });
    const other = (await create({ name: 'Terceiro', sku_code: `${sku}-b` })).json();
    const upd = await t.as(users.admin.token, {
      method: 'PUT',
      url: `/api/catalog/wines/${other.id}`,
      payload: { name: 'Terceiro', sku_code: sku },
    });
    expect(upd.statusCode).toBe(409);
    // Wines without a SKU never conflict.
    expect((await create({ name: 'Sem SKU 1' })).statusCode).toBe(201);
    expect((await create({ name: 'Sem SKU 2' })).statusCode).toBe(201);
  });
});

describe('GET/PUT/DELETE /api/catalog/wines/:id', () => {
  it('replaces every field on PUT and recomputes the search text', async () => {
    const wine = await createCatalogWineRow(t.db, { name: 'Antigo', country: 'Chile', producer: 'Velho' });
    const res = await t.as(users.sommelier.token, {
      method: 'PUT',
      url: `/api/catalog/wines/${wine.id}`,
      payload: { name: 'Novo Nome Rosé', producer: 'Château Açaí' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: wine.id, name: 'Novo Nome Rosé', producer: 'Château Açaí', country: null });
    const [row] = await t.db.select().from(catalogWines).where(eq(catalogWines.id, wine.id));
    expect(row?.searchText).toBe('novo nome rose chateau acai');
    expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(wine.updatedAt.getTime());
  });

  it('deletes (204) and then answers 404 with a pt-BR detail', async () => {
    const wine = await createCatalogWineRow(t.db);
    const del = await t.as(users.admin.token, { method: 'DELETE', url: `/api/catalog/wines/${wine.id}` });
    expect(del.statusCode).toBe(204);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.as(users.admin.token, {
        method,
        url: `/api/catalog/wines/${wine.id}`,
        ...(method === 'PUT' && { payload: { name: 'X' } }),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Vinho não encontrado no catálogo.');
    }
  });

  it('answers 400 for an id that is not a uuid', async () => {
    expect((await t.as(users.admin.token, { method: 'GET', url: '/api/catalog/wines/123' })).statusCode).toBe(400);
  });
});

describe('GET /api/catalog/wines search and filters', () => {
  it('sees every write at once, through the API or straight into the table (the search index follows the revision)', async () => {
    const s = uniqueTag();
    expect(names(await list(`q=${s}`))).toEqual([]);
    const created = await create({ name: `Vinho ${s} Um` });
    expect(names(await list(`q=${s}`))).toEqual([`Vinho ${s} Um`]);
    await t.db.insert(catalogWines).values({ name: `Vinho ${s} Dois`, searchText: catalogSearchText({ name: `Vinho ${s} Dois` }) });
    expect(names(await list(`q=${s}`))).toEqual([`Vinho ${s} Dois`, `Vinho ${s} Um`]);
    const id = (created.json() as { id: string }).id;
    await t.db
      .update(catalogWines)
      .set({ name: `Vinho ${s} Três`, searchText: catalogSearchText({ name: `Vinho ${s} Três` }) })
      .where(eq(catalogWines.id, id));
    expect(names(await list(`q=${s}`))).toEqual([`Vinho ${s} Dois`, `Vinho ${s} Três`]);
    await t.db.delete(catalogWines).where(eq(catalogWines.id, id));
    expect(names(await list(`q=${s}`))).toEqual([`Vinho ${s} Dois`]);
  });

  it("finds 'Rosé' with 'rose' and 'Casa Valduga' with 'VALDUGA', case- and accent-insensitively", async () => {
    const s = uniqueTag();
    await createCatalogWineRow(t.db, { name: `Rosé de Provence ${s}`, producer: 'Château Minuty' });
    await createCatalogWineRow(t.db, { name: `Gran Reserva ${s}`, producer: 'Casa Valduga' });
    await createCatalogWineRow(t.db, { name: `Outro ${s}`, producer: 'Miolo' });
    expect(names(await list(`q=rose+${s}`))).toEqual([`Rosé de Provence ${s}`]);
    expect(names(await list(`q=VALDUGA%20${s.toUpperCase()}`))).toEqual([`Gran Reserva ${s}`]);
    expect(names(await list(`q=${encodeURIComponent(`CHÂTEAU ${s}`)}`))).toEqual([`Rosé de Provence ${s}`]);
  });

  it('matches name, producer, region and grape; every word must match', async () => {
    const s = uniqueTag();
    await createCatalogWineRow(t.db, { name: `Alpha ${s}`, region: 'Mendoza', grapeVariety: 'Malbec' });
    await createCatalogWineRow(t.db, { name: `Beta ${s}`, region: 'Maipo', grapeVariety: 'Carménère' });
    expect(names(await list(`q=mendoza+${s}`))).toEqual([`Alpha ${s}`]);
    expect(names(await list(`q=carmenere+${s}`))).toEqual([`Beta ${s}`]);
    expect(names(await list(`q=${s}+malbec+maipo`))).toEqual([]);
    expect(names(await list(`q=${s}`))).toEqual([`Alpha ${s}`, `Beta ${s}`]);
  });

  it("matches the style too: 'espumante' finds the sparkling wines, written through the API or stored directly", async () => {
    const s = uniqueTag();
    const created = await create({ name: `Cave Geisse Brut ${s}`, wine_style: 'Espumante' });
    expect(created.statusCode).toBe(201);
    await createCatalogWineRow(t.db, { name: `Chandon Réserve ${s}`, wineStyle: 'Espumante Rosé' });
    await createCatalogWineRow(t.db, { name: `Malbec Reserva ${s}`, wineStyle: 'Tinto' });
    expect(names(await list(`q=espumante+${s}`))).toEqual([`Cave Geisse Brut ${s}`, `Chandon Réserve ${s}`]);
    expect(names(await list(`q=espumante+rose+${s}`))).toEqual([`Chandon Réserve ${s}`]);
    expect(names(await list(`q=TINTO+${s}`))).toEqual([`Malbec Reserva ${s}`]);
  });

  it('sorts by name ignoring case and accents, on the plain and the many-matches path alike', async () => {
    const s = uniqueTag();
    const sorted = ['abacaxi', 'Ástor', 'baco', 'Écrin', 'eden', 'Zebra', 'zênite'].map((w) => `${s} ${w}`);
    for (const name of [...sorted].reverse()) await createCatalogWineRow(t.db, { name });
    expect(names(await list(`q=${s}`))).toEqual(sorted);
    expect(names(await list(`q=${s}&limit=2&offset=3`))).toEqual(sorted.slice(3, 5));
  });

  it('treats % and _ in q literally', async () => {
    const s = uniqueTag();
    await createCatalogWineRow(t.db, { name: `Cem_Por_Cento 100% ${s}` });
    await createCatalogWineRow(t.db, { name: `CemXPorXCento 100 ${s}` });
    expect(names(await list(`q=${encodeURIComponent(`100% ${s}`)}`))).toEqual([`Cem_Por_Cento 100% ${s}`]);
    expect(names(await list(`q=${encodeURIComponent(`cem_por ${s}`)}`))).toEqual([`Cem_Por_Cento 100% ${s}`]);
  });

  it('filters by country, grape and style, accent- and case-insensitively (grape anywhere in the blend)', async () => {
    const s = uniqueTag();
    await createCatalogWineRow(t.db, {
      name: `Bordeaux ${s}`,
      country: 'França',
      grapeVariety: 'Cabernet Sauvignon, Merlot',
      wineStyle: 'Tinto',
    });
    await createCatalogWineRow(t.db, { name: `Provence ${s}`, country: 'França', grapeVariety: 'Grenache, Cinsault', wineStyle: 'Rosé' });
    await createCatalogWineRow(t.db, { name: `Chianti ${s}`, country: 'Itália', grapeVariety: 'Sangiovese', wineStyle: 'Tinto' });
    expect(names(await list(`q=${s}&country=FRANCA`))).toEqual([`Bordeaux ${s}`, `Provence ${s}`]);
    expect(names(await list(`q=${s}&grape_variety=merlot`))).toEqual([`Bordeaux ${s}`]);
    expect(names(await list(`q=${s}&wine_style=rose`))).toEqual([`Provence ${s}`]);
    expect(names(await list(`q=${s}&country=${encodeURIComponent('itália')}&wine_style=Tinto`))).toEqual([`Chianti ${s}`]);
    expect(names(await list(`q=${s}&country=Chile`))).toEqual([]);
  });

  it('filters fold exactly like q: ß, æ and œ spelled out, any accent, whitespace runs', async () => {
    const s = uniqueTag();
    await createCatalogWineRow(t.db, { name: `Pfalz ${s}`, country: 'Alemanha', grapeVariety: 'Weißburgunder', wineStyle: 'Branco' });
    await createCatalogWineRow(t.db, { name: `Cuvée ${s}`, country: 'Dinamarca', grapeVariety: 'Ævelin', wineStyle: 'Œil de Perdrix' });
    await createCatalogWineRow(t.db, { name: `Graševina ${s}`, country: 'Croácia', grapeVariety: 'Graševina', wineStyle: 'Branco' });
    await createCatalogWineRow(t.db, {
      name: `Zinfandel ${s}`,
      country: 'Estados \u00a0 Unidos',
      grapeVariety: 'Zinfandel',
      wineStyle: 'Tinto',
    });
    const filter = async (query: string) => names(await list(`q=${s}&${query}`));
    expect(names(await list(`q=${s}+weissburgunder`))).toEqual([`Pfalz ${s}`]);
    for (const grape of ['Weißburgunder', 'weissburgunder', 'WEISSBURGUNDER', 'eißb', 'sburg', 'weiß']) {
      expect(await filter(`grape_variety=${encodeURIComponent(grape)}`), grape).toEqual([`Pfalz ${s}`]);
    }
    expect(await filter('grape_variety=aevelin')).toEqual([`Cuvée ${s}`]);
    expect(await filter(`wine_style=${encodeURIComponent('œil de')}`)).toEqual([`Cuvée ${s}`]);
    expect(await filter('wine_style=OEIL')).toEqual([`Cuvée ${s}`]);
    expect(await filter('grape_variety=grasevina')).toEqual([`Graševina ${s}`]);
    expect(await filter('country=croacia')).toEqual([`Graševina ${s}`]);
    expect(await filter('country=estados+unidos')).toEqual([`Zinfandel ${s}`]);
    expect(await filter('grape_variety=burgunderx')).toEqual([]);
  });

  it('filters agree with foldText() on every value, whatever its letters', async () => {
    const s = uniqueTag();
    const values = [
      'França',
      'Straße',
      'STRASSE',
      'Smaß',
      'Ærø',
      'Œnologie',
      'ẞtraße',
      'Tămâioasă',
      'Žilavka',
      'Olasz\tRizling',
      'Rose\u0301',
      'Cem_Por 100%',
      'sas',
      'Ésse',
    ];
    for (const [i, value] of values.entries()) {
      await createCatalogWineRow(t.db, {
        name: `${s} ${String(i).padStart(2, '0')}`,
        country: value,
        grapeVariety: value,
        wineStyle: value,
      });
    }
    const queries = [
      'ss',
      'strasse',
      'sse',
      'asse',
      's',
      'ae',
      'aer',
      'oen',
      'e',
      'tamaioasa',
      'zilavka',
      'olasz rizling',
      'rose',
      '100%',
      '_por',
      'a',
      'smass',
    ];
    for (const query of queries) {
      const expected = values.flatMap((v, i) => (foldText(v).includes(foldText(query)) ? [`${s} ${String(i).padStart(2, '0')}`] : []));
      for (const field of ['country', 'grape_variety', 'wine_style']) {
        expect(await filterNames(s, `${field}=${encodeURIComponent(query)}`), `${field}=${query}`).toEqual(expected);
      }
    }
  });

  it('answers a plain array ordered by name with the total in X-Total-Count; limit defaults to 50 and is capped at 100', async () => {
    const s = uniqueTag();
    await insertNumbered(`Lote ${s}`, 120, 3);
    const first = await list(`q=lote+${s}`, 'supplier');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('120');
    expect(names(first)).toHaveLength(50);
    expect(names(first)[0]).toBe(`Lote ${s} 000`);
    expect(names(await list(`q=lote+${s}&limit=1000`))).toHaveLength(100);
    const page = await list(`q=lote+${s}&limit=10&offset=115`);
    expect(names(page)).toEqual([115, 116, 117, 118, 119].map((i) => `Lote ${s} ${i}`));
    expect(page.headers['x-total-count']).toBe('120');
    expect(names(await list(`q=lote+${s}&limit=20&page=3`))[0]).toBe(`Lote ${s} 040`);
    const beyond = await list(`q=lote+${s}&offset=500`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('120');
  });

  it('caps the count at 1,000 matches (X-Total-Count-Capped), exact again when paging past it', async () => {
    const s = uniqueTag();
    await insertNumbered(`Safra ${s}`, 1010, 4);
    const first = await list(`q=safra+${s}`);
    expect(names(first).slice(0, 2)).toEqual([`Safra ${s} 0000`, `Safra ${s} 0001`]);
    expect(first.headers['x-total-count']).toBe('1000');
    expect(first.headers['x-total-count-capped']).toBe('true');
    const deep = await list(`q=safra+${s}&offset=1000&limit=50`);
    expect(names(deep)).toHaveLength(10);
    expect(deep.headers['x-total-count']).toBe('1010');
    expect(deep.headers['x-total-count-capped']).toBeUndefined();
    const exact = await list(`q=safra+${s}+0999`);
    expect(exact.headers['x-total-count']).toBe('1');
  });

  it('finds the first page of a broad search whose matches sort after thousands of other wines', async () => {
    const s = uniqueTag();
    const rows = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => {
        const name = `${prefix} ${s} ${String(i).padStart(4, '0')}`;
        return { name, searchText: catalogSearchText({ name }) };
      });
    // Early in the alphabet, not matching: a bounded walk of the name order finds no match and must fall back.
    await t.db.insert(catalogWines).values(rows('Aaa', 2500));
    await t.db.insert(catalogWines).values(rows('Zzz tardio', 1010));
    const res = await list(`q=tardio+${s}&limit=3`);
    expect(names(res)).toEqual([0, 1, 2].map((i) => `Zzz tardio ${s} ${String(i).padStart(4, '0')}`));
    expect(res.headers['x-total-count-capped']).toBe('true');
  });

  it.each(['limit=0', 'limit=abc', 'offset=-1', 'page=0', `q=${'x'.repeat(201)}`])('rejects %s with 400', async (query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });
});

describe('catalogue roles (docs/product.md §3)', () => {
  it('requires a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog/wines' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/catalog/wines', payload: { name: 'X' } })).statusCode).toBe(401);
  });

  it.each(['admin', 'restaurant_manager', 'sommelier', 'supplier'] as const)('%s reads the list and one wine', async (role) => {
    const wine = await createCatalogWineRow(t.db);
    expect((await list('', role)).statusCode).toBe(200);
    expect((await t.as(users[role].token, { method: 'GET', url: `/api/catalog/wines/${wine.id}` })).statusCode).toBe(200);
  });

  it.each(['admin', 'sommelier'] as const)('%s creates and edits', async (role) => {
    const res = await create({ name: `Criado por ${role}` }, role);
    expect(res.statusCode).toBe(201);
    const upd = await t.as(users[role].token, { method: 'PUT', url: `/api/catalog/wines/${res.json().id}`, payload: { name: 'Editado' } });
    expect(upd.statusCode).toBe(200);
  });

  it.each(['restaurant_manager', 'supplier'] as const)(
    '%s cannot create, edit or delete (403, even with an invalid body)',
    async (role) => {
      const wine = await createCatalogWineRow(t.db);
      const token = users[role].token;
      for (const payload of [{ name: 'X' }, {}]) {
        expect((await create(payload, role)).statusCode).toBe(403);
        expect((await t.as(token, { method: 'PUT', url: `/api/catalog/wines/${wine.id}`, payload })).statusCode).toBe(403);
      }
      const del = await t.as(token, { method: 'DELETE', url: `/api/catalog/wines/${wine.id}` });
      expect(del.statusCode).toBe(403);
      expect(del.json().detail).toBe('Apenas administradores podem excluir vinhos do catálogo.');
      const [row] = await t.db.select().from(catalogWines).where(eq(catalogWines.id, wine.id));
      expect(row?.name).toBe(wine.name);
    },
  );

  it('a sommelier cannot delete; an admin can', async () => {
    const wine = await createCatalogWineRow(t.db);
    expect((await t.as(users.sommelier.token, { method: 'DELETE', url: `/api/catalog/wines/${wine.id}` })).statusCode).toBe(403);
    expect((await t.as(users.admin.token, { method: 'DELETE', url: `/api/catalog/wines/${wine.id}` })).statusCode).toBe(204);
  });
});
