import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '../../../shared/products.js';
import { productCategories, products } from '../../db/schema/index.js';
import { createSupplierRow, createUser, type TestUser, uniqueTag } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { createCategoryRow, createProductRow } from '../../test-support/product-factories.js';
import { validateProductInput } from './service.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const manager = testUserPerFile(t, 'restaurant_manager');
const sommelier = testUserPerFile(t, 'sommelier');
let supplierA: { id: string };
let supplierB: { id: string };
let userA: TestUser;
let userB: TestUser;
beforeAll(async () => {
  supplierA = await createSupplierRow(t.db);
  supplierB = await createSupplierRow(t.db);
  userA = await createUser(t.db, 'supplier', { supplierId: supplierA.id });
  userB = await createUser(t.db, 'supplier', { supplierId: supplierB.id });
});

const row = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
const names = (res: { json(): unknown }) => (res.json() as { products: { name: string }[] }).products.map((p) => p.name);

describe('categories', () => {
  it('creates a tree and lists it', async () => {
    const s = uniqueTag();
    const root = await t.call(admin, 'POST', '/api/products/categories', { name: `  Vinhos ${s} `, description: 'Todos os vinhos' });
    expect(root.statusCode).toBe(201);
    expect(root.json()).toMatchObject({ name: `Vinhos ${s}`, description: 'Todos os vinhos', parent_id: null, active: true });
    const child = await t.call(admin, 'POST', '/api/products/categories', {
      name: `Tintos ${s}`,
      parent_id: root.json().id,
      active: false,
    });
    expect(child.json()).toMatchObject({ parent_id: root.json().id, active: false });
    const list = await t.call(manager, 'GET', '/api/products/categories');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { name: string }[]).map((c) => c.name)).toEqual(expect.arrayContaining([`Vinhos ${s}`, `Tintos ${s}`]));
  });

  it.each([
    [{}, 'name', PRODUCT_MESSAGES.categoryNameRequired],
    [{ name: '  ' }, 'name', PRODUCT_MESSAGES.categoryNameRequired],
    [{ name: 'A', parent_id: 'x' }, 'parent_id', PRODUCT_MESSAGES.parentNotFound],
  ])('rejects %j with 400 on %s', async (payload, field, message) => {
    const res = await t.call(admin, 'POST', '/api/products/categories', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('answers 400 for a parent that does not exist, and stores nothing', async () => {
    const name = `Órfã ${uniqueTag()}`;
    const res = await t.call(admin, 'POST', '/api/products/categories', { name, parent_id: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: PRODUCT_MESSAGES.parentNotFound });
    expect(await t.db.select().from(productCategories).where(eq(productCategories.name, name))).toEqual([]);
  });

  it('refuses to make a category its own ancestor (itself, a child, a grandchild) with a pt-BR 400; a real move works', async () => {
    const a = await createCategoryRow(t.db);
    const b = await createCategoryRow(t.db, { parentId: a.id });
    const c = await createCategoryRow(t.db, { parentId: b.id });
    for (const parent of [a, b, c]) {
      const res = await t.call(admin, 'PUT', `/api/products/categories/${a.id}`, { name: a.name, parent_id: parent.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: PRODUCT_MESSAGES.categoryCycle, fields: { parent_id: PRODUCT_MESSAGES.categoryCycle } });
    }
    expect((await t.db.select().from(productCategories).where(eq(productCategories.id, a.id)))[0]?.parentId).toBeNull();
    // c moves to the root, then a may go under c (no longer its descendant).
    expect((await t.call(admin, 'PUT', `/api/products/categories/${c.id}`, { name: 'C', parent_id: null })).statusCode).toBe(200);
    const moved = await t.call(admin, 'PUT', `/api/products/categories/${a.id}`, { name: 'A renomeada', parent_id: c.id, active: false });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'A renomeada', parent_id: c.id, active: false });
  });

  it('answers 404 on PUT of a missing category', async () => {
    const res = await t.call(admin, 'PUT', `/api/products/categories/${randomUUID()}`, { name: 'X' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(PRODUCT_MESSAGES.categoryNotFound);
  });

  it('suppliers create categories but only the admin edits them; managers and sommeliers only read', async () => {
    expect((await t.call(userA, 'POST', '/api/products/categories', { name: `Do fornecedor ${uniqueTag()}` })).statusCode).toBe(201);
    const cat = await createCategoryRow(t.db);
    expect((await t.call(userA, 'PUT', `/api/products/categories/${cat.id}`, { name: 'Outro' })).statusCode).toBe(403);
    for (const user of [manager, sommelier]) {
      expect((await t.call(user, 'POST', '/api/products/categories', { name: 'X' })).statusCode).toBe(403);
      expect((await t.call(user, 'PUT', `/api/products/categories/${cat.id}`, { name: 'X' })).statusCode).toBe(403);
    }
    expect((await t.db.select().from(productCategories).where(eq(productCategories.id, cat.id)))[0]?.name).toBe(cat.name);
  });
});

const fullProduct = (s: string, categoryId: string) => ({
  name: `Malbec Reserva ${s}`,
  description: 'Tinto argentino, 12 meses em carvalho.',
  category_id: categoryId,
  sku: `00${s}`,
  price: '1.250,50',
  cost: 'R$ 800,00',
  stock_quantity: '12',
  min_stock: 3,
  unit: 'garrafa',
  weight: '1,350',
  volume: '750ml',
  alcohol_content: '13,5',
  origin: 'Mendoza, Argentina',
  vintage: '2020',
  grape_variety: 'Malbec',
  brand: 'Bodega Exemplo',
  active: false,
});

describe('POST/PUT/DELETE /api/products', () => {
  it('creates a product with every SPEC field (201), money exact, and reads it back in the list', async () => {
    const s = uniqueTag();
    const cat = await createCategoryRow(t.db);
    const res = await t.call(admin, 'POST', '/api/products', { ...fullProduct(s, cat.id), supplier_id: supplierA.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: `Malbec Reserva ${s}`,
      category_id: cat.id,
      category_name: cat.name,
      supplier_id: supplierA.id,
      sku: `00${s}`,
      price: 1250.5,
      cost: 800,
      stock_quantity: 12,
      min_stock: 3,
      low_stock: false,
      weight: 1.35,
      alcohol_content: '13,5%',
      vintage: 2020,
      active: false,
    });
    const stored = await row(res.json().id);
    expect(stored).toMatchObject({ price: '1250.50', cost: '800.00', weight: '1.350', sku: `00${s}` });
    expect(stored?.searchText).toContain('malbec reserva');
  });

  it('needs a name; price, cost, stock and min_stock are never negative; nothing is stored', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', PRODUCT_MESSAGES.nameRequired],
      [{ name: ' ' }, 'name', PRODUCT_MESSAGES.nameRequired],
      [{ name: 'A', price: -1 }, 'price', PRODUCT_MESSAGES.price],
      [{ name: 'A', price: '-0,01' }, 'price', PRODUCT_MESSAGES.price],
      [{ name: 'A', price: 'caro' }, 'price', PRODUCT_MESSAGES.price],
      [{ name: 'A', cost: -5 }, 'cost', PRODUCT_MESSAGES.cost],
      [{ name: 'A', stock_quantity: -1 }, 'stock_quantity', PRODUCT_MESSAGES.stock],
      [{ name: 'A', stock_quantity: 1.5 }, 'stock_quantity', PRODUCT_MESSAGES.stock],
      [{ name: 'A', min_stock: '-2' }, 'min_stock', PRODUCT_MESSAGES.minStock],
      [{ name: 'A', weight: -1 }, 'weight', PRODUCT_MESSAGES.weight],
      [{ name: 'A', category_id: 'abc' }, 'category_id', PRODUCT_MESSAGES.categoryNotFound],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.call(userA, 'POST', '/api/products', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await t.db.select().from(products).where(eq(products.name, 'A'))).toEqual([]);
  });

  it('the database refuses negatives too, whoever writes', async () => {
    await expect(createProductRow(t.db, supplierA.id, { stockQuantity: -1 })).rejects.toThrow();
    await expect(createProductRow(t.db, supplierA.id, { price: '-1.00' })).rejects.toThrow();
  });

  it('answers 400 for a category or supplier that does not exist', async () => {
    const cat = await t.call(admin, 'POST', '/api/products', { name: 'X', category_id: randomUUID(), supplier_id: supplierA.id });
    expect(cat.statusCode).toBe(400);
    expect(cat.json().fields.category_id).toBe(PRODUCT_MESSAGES.categoryNotFound);
    const sup = await t.call(admin, 'POST', '/api/products', { name: 'X', supplier_id: randomUUID() });
    expect(sup.statusCode).toBe(400);
    expect(sup.json().fields.supplier_id).toBe(PRODUCT_MESSAGES.supplierNotFound);
    const none = await t.call(admin, 'POST', '/api/products', { name: 'X' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.supplier_id).toBe(PRODUCT_MESSAGES.supplierRequired);
  });

  it('keeps a SKU unique per supplier (409 on create and update); another supplier may reuse it', async () => {
    const sku = `SKU-${uniqueTag()}`;
    expect((await t.call(userA, 'POST', '/api/products', { name: 'Primeiro', sku })).statusCode).toBe(201);
    const dup = await t.call(userA, 'POST', '/api/products', { name: 'Segundo', sku });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ detail: PRODUCT_MESSAGES.skuTaken, fields: { sku: PRODUCT_MESSAGES.skuTaken } });
    expect((await t.call(userB, 'POST', '/api/products', { name: 'Do B', sku })).statusCode).toBe(201);
    const other = (await t.call(userA, 'POST', '/api/products', { name: 'Terceiro', sku: `${sku}-2` })).json();
    expect((await t.call(userA, 'PUT', `/api/products/${other.id}`, { name: 'Terceiro', sku })).statusCode).toBe(409);
    expect((await row(other.id))?.sku).toBe(`${sku}-2`);
  });

  it("puts a supplier user's product under its own supplier, whatever the body says, on create and update", async () => {
    const res = await t.call(userA, 'POST', '/api/products', { name: `Meu ${uniqueTag()}`, supplier_id: supplierB.id });
    expect(res.statusCode).toBe(201);
    expect((await row(res.json().id))?.supplierId).toBe(supplierA.id);
    const upd = await t.call(userA, 'PUT', `/api/products/${res.json().id}`, { name: 'Ainda meu', supplier_id: supplierB.id });
    expect(upd.json()).toMatchObject({ supplier_id: supplierA.id, name: 'Ainda meu' });
  });

  it('replaces every field on PUT; the admin may move a product to another supplier', async () => {
    const p = await createProductRow(t.db, supplierA.id, { sku: `P-${uniqueTag()}`, price: '10.00', stockQuantity: 9 });
    const res = await t.call(admin, 'PUT', `/api/products/${p.id}`, { name: 'Novo', supplier_id: supplierB.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Novo',
      sku: null,
      price: null,
      stock_quantity: 0,
      supplier_id: supplierB.id,
      low_stock: true,
    });
    const kept = await t.call(admin, 'PUT', `/api/products/${p.id}`, { name: 'Mantém fornecedor' });
    expect(kept.json().supplier_id).toBe(supplierB.id);
  });

  it("hides another supplier's product (404) from PUT and DELETE, and deletes one's own (204)", async () => {
    const theirs = await createProductRow(t.db, supplierB.id);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.call(userA, method, `/api/products/${theirs.id}`, method === 'PUT' ? { name: 'X' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(PRODUCT_MESSAGES.notFound);
    }
    expect((await row(theirs.id))?.name).toBe(theirs.name);
    expect((await t.call(userB, 'DELETE', `/api/products/${theirs.id}`)).statusCode).toBe(204);
    expect(await row(theirs.id)).toBeUndefined();
    expect((await t.call(admin, 'DELETE', `/api/products/${theirs.id}`)).statusCode).toBe(404);
  });

  it('managers and sommeliers cannot write products (403)', async () => {
    const p = await createProductRow(t.db, supplierA.id);
    for (const user of [manager, sommelier]) {
      expect((await t.call(user, 'POST', '/api/products', { name: 'X', supplier_id: supplierA.id })).statusCode).toBe(403);
      expect((await t.call(user, 'PUT', `/api/products/${p.id}`, { name: 'X' })).statusCode).toBe(403);
      expect((await t.call(user, 'DELETE', `/api/products/${p.id}`)).statusCode).toBe(403);
    }
    expect(await row(p.id)).toBeDefined();
  });
});

describe('GET /api/products', () => {
  it('pages 20 by default with total and total_pages; limit is bounded', async () => {
    const supplier = await createSupplierRow(t.db);
    const user = await createUser(t.db, 'supplier', { supplierId: supplier.id });
    await t.db
      .insert(products)
      .values(Array.from({ length: 45 }, (_, i) => ({ supplierId: supplier.id, name: `Item ${String(i).padStart(2, '0')}` })));
    const first = await t.call(user, 'GET', '/api/products');
    expect(first.json()).toMatchObject({ total: 45, total_pages: 3 });
    expect(names(first)).toEqual(Array.from({ length: 20 }, (_, i) => `Item ${String(i).padStart(2, '0')}`));
    expect(names(await t.call(user, 'GET', '/api/products?page=3'))).toEqual(['Item 40', 'Item 41', 'Item 42', 'Item 43', 'Item 44']);
    expect((await t.call(user, 'GET', '/api/products?page=9')).json()).toMatchObject({ products: [], total: 45, total_pages: 3 });
    const big = await t.call(user, 'GET', '/api/products?limit=5000');
    expect(big.json()).toMatchObject({ total_pages: 1 });
    expect(names(big)).toHaveLength(45);
    for (const q of ['page=0', 'limit=0', 'limit=abc', 'category_id=x'])
      expect((await t.call(user, 'GET', `/api/products?${q}`)).statusCode).toBe(400);
  });

  it('searches name, SKU and description, ignoring case and accents; every word must match', async () => {
    const s = uniqueTag();
    await createProductRow(t.db, supplierA.id, { name: `Vinho Rosé ${s}`, sku: 'ROS-001' });
    await createProductRow(t.db, supplierA.id, { name: `Espumante ${s}`, description: 'Método Champenoise, açúcar zero' });
    await createProductRow(t.db, supplierA.id, { name: `Outro ${s}`, sku: '000123' });
    const find = async (q: string) => names(await t.call(admin, 'GET', `/api/products?search=${encodeURIComponent(q)}`));
    expect(await find(`rose ${s}`)).toEqual([`Vinho Rosé ${s}`]);
    expect(await find(`ros-001 ${s}`)).toEqual([`Vinho Rosé ${s}`]);
    expect(await find(`ACUCAR ${s}`)).toEqual([`Espumante ${s}`]);
    expect(await find(`metodo champenoise ${s}`)).toEqual([`Espumante ${s}`]);
    expect(await find(`000123 ${s}`)).toEqual([`Outro ${s}`]);
    expect(await find(`${s}`)).toEqual([`Espumante ${s}`, `Outro ${s}`, `Vinho Rosé ${s}`]);
    expect(await find(`rose espumante ${s}`)).toEqual([]);
  });

  it('filters by a category and all its subcategories', async () => {
    const s = uniqueTag();
    const root = await createCategoryRow(t.db);
    const child = await createCategoryRow(t.db, { parentId: root.id });
    const grandchild = await createCategoryRow(t.db, { parentId: child.id });
    const other = await createCategoryRow(t.db);
    await createProductRow(t.db, supplierA.id, { name: `Raiz ${s}`, categoryId: root.id });
    await createProductRow(t.db, supplierA.id, { name: `Neto ${s}`, categoryId: grandchild.id });
    await createProductRow(t.db, supplierA.id, { name: `Fora ${s}`, categoryId: other.id });
    await createProductRow(t.db, supplierA.id, { name: `Sem ${s}` });
    const byCategory = async (id: string) => names(await t.call(admin, 'GET', `/api/products?search=${s}&category_id=${id}`));
    expect(await byCategory(root.id)).toEqual([`Neto ${s}`, `Raiz ${s}`]);
    expect(await byCategory(child.id)).toEqual([`Neto ${s}`]);
    expect(await byCategory(other.id)).toEqual([`Fora ${s}`]);
  });

  it("shows a supplier only its own products; managers and sommeliers read everyone's", async () => {
    const s = uniqueTag();
    await createProductRow(t.db, supplierA.id, { name: `De A ${s}` });
    await createProductRow(t.db, supplierB.id, { name: `De B ${s}` });
    expect(names(await t.call(userA, 'GET', `/api/products?search=${s}`))).toEqual([`De A ${s}`]);
    for (const user of [manager, sommelier, admin])
      expect(names(await t.call(user, 'GET', `/api/products?search=${s}`))).toEqual([`De A ${s}`, `De B ${s}`]);
  });
});

describe('GET /api/products/stats', () => {
  it('counts products, active ones, low stock (stock <= minimum) in scope, and every category', async () => {
    const supplier = await createSupplierRow(t.db);
    const user = await createUser(t.db, 'supplier', { supplierId: supplier.id });
    await createProductRow(t.db, supplier.id, { stockQuantity: 10, minStock: 2 });
    await createProductRow(t.db, supplier.id, { stockQuantity: 2, minStock: 2 });
    await createProductRow(t.db, supplier.id, { stockQuantity: 1, minStock: 5, active: false });
    const categories = (await t.db.select().from(productCategories)).length;
    const res = await t.call(user, 'GET', '/api/products/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total_products: 3, active_products: 2, total_categories: categories, low_stock_products: 2 });
    const all = (await t.call(admin, 'GET', '/api/products/stats')).json();
    expect(all.total_products).toBe((await t.db.select().from(products)).length);
  });
});

describe('validateProductInput (shared with the import)', () => {
  it('normalises a spreadsheet row or says per field what is wrong, in pt-BR', () => {
    expect(validateProductInput({ name: ' Cabernet ', price: 'R$ 1.234,56', stock_quantity: '1.200', sku: '000789' })).toMatchObject({
      ok: true,
      value: { name: 'Cabernet', price: 1234.56, stock_quantity: 1200, sku: '000789', min_stock: 0, active: true },
    });
    expect(validateProductInput({ price: 'abc', stock_quantity: -3 })).toEqual({
      ok: false,
      fields: { name: PRODUCT_MESSAGES.nameRequired, price: PRODUCT_MESSAGES.price, stock_quantity: PRODUCT_MESSAGES.stock },
    });
  });
});

describe('access', () => {
  it('requires a token', async () => {
    for (const url of ['/api/products', '/api/products/stats', '/api/products/categories']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
