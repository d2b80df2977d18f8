import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../../shared/field-rules.js';
import { SUPPLIER_MESSAGES } from '../../../shared/suppliers.js';
import { orders, products, suppliers, users } from '../../db/schema/index.js';
import {
  createEstablishmentRow,
  createSupplierRow,
  createTeam,
  createUser,
  type TestUser,
  uniqueTag,
} from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const create = (user: TestUser, payload: object) => t.call(user, 'POST', '/api/suppliers', payload);
const row = async (id: string) => (await t.db.select().from(suppliers).where(eq(suppliers.id, id)))[0];

const FULL = {
  name: '  Marina Costa ',
  company_name: 'Vinícola Serra Gaúcha Ltda.',
  contact_person: 'Marina',
  email: ' Vendas@SerraGaucha.com.br ',
  phone: '(54) 3453-1200',
  address: 'Estrada do Vinho, 1200 – Bento Gonçalves/RS',
  website: 'serragaucha.com.br',
  commission_rate: '12,5',
  contract_start_date: '2026-01-01',
  contract_end_date: '31/12/2026',
  notes: 'Entrega às terças.',
};

/** A supplier user linked to a new supplier row. */
async function supplierUser() {
  const supplier = await createSupplierRow(t.db);
  return { supplier, user: await createUser(t.db, 'supplier', { supplierId: supplier.id }) };
}

describe('POST /api/suppliers', () => {
  it('creates it (201) with every SPEC §3 field, normalised, and stores exactly that', async () => {
    const res = await create(admin, FULL);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Marina Costa',
      company_name: 'Vinícola Serra Gaúcha Ltda.',
      contact_person: 'Marina',
      email: 'vendas@serragaucha.com.br',
      phone: '+555434531200',
      address: 'Estrada do Vinho, 1200 – Bento Gonçalves/RS',
      website: 'https://serragaucha.com.br',
      commission_rate: 12.5,
      contract_start_date: '2026-01-01',
      contract_end_date: '2026-12-31',
      notes: 'Entrega às terças.',
    });
    expect(await row(body.id)).toMatchObject({ commissionRate: 12.5, phone: '+555434531200', contractEndDate: '2026-12-31' });
  });

  it('defaults the commission to 0 and empty optional fields to null', async () => {
    const res = await create(admin, { name: 'Ana', company_name: 'Ana Vinhos', email: 'ana@vinhos.com.br', phone: '48999991234' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ commission_rate: 0, contact_person: null, website: null, contract_start_date: null, notes: null });
  });

  it.each([
    [{}, 'name', SUPPLIER_MESSAGES.nameRequired],
    [{ name: 'A' }, 'company_name', SUPPLIER_MESSAGES.companyRequired],
    [{ name: 'A', company_name: 'B', phone: '48999991234' }, 'email', SUPPLIER_MESSAGES.emailRequired],
    [{ name: 'A', company_name: 'B', email: 'x', phone: '48999991234' }, 'email', FIELD_MESSAGES.email],
    [{ name: 'A', company_name: 'B', email: 'a@b.com.br' }, 'phone', SUPPLIER_MESSAGES.phoneRequired],
    [{ name: 'A', company_name: 'B', email: 'a@b.com.br', phone: '(00) 1234-5678' }, 'phone', FIELD_MESSAGES.phone],
    [{ ...FULL, commission_rate: 100.01 }, 'commission_rate', SUPPLIER_MESSAGES.commission],
    [{ ...FULL, commission_rate: -1 }, 'commission_rate', SUPPLIER_MESSAGES.commission],
    [{ ...FULL, commission_rate: '12,345' }, 'commission_rate', SUPPLIER_MESSAGES.commission],
    [{ ...FULL, commission_rate: 'doze' }, 'commission_rate', SUPPLIER_MESSAGES.commission],
    [{ ...FULL, contract_start_date: '2026-02-30' }, 'contract_start_date', FIELD_MESSAGES.date],
    [{ ...FULL, contract_start_date: '2026-06-01', contract_end_date: '2026-05-31' }, 'contract_end_date', SUPPLIER_MESSAGES.contractEnd],
  ])('rejects %j with 400 on %s, creating nothing', async (payload, field, message) => {
    const before = (await t.db.select().from(suppliers)).length;
    const res = await create(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { [field]: message } });
    expect(await t.db.select().from(suppliers)).toHaveLength(before);
  });

  it('accepts the boundaries: commission 0 and 100, a contract of one day', async () => {
    for (const rate of [0, 100, '99,99']) {
      const res = await create(admin, {
        ...FULL,
        commission_rate: rate,
        contract_start_date: '2026-03-01',
        contract_end_date: '2026-03-01',
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it('refuses everyone but the admin with 403', async () => {
    const { manager, sommelier } = await createTeam(t.db);
    const { user } = await supplierUser();
    for (const caller of [manager, sommelier, user]) {
      const res = await create(caller, FULL);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Apenas administradores podem cadastrar fornecedores.');
    }
  });
});

describe('GET /api/suppliers', () => {
  it('answers an array in name order with X-Total-Count, paginated and searchable ignoring accents', async () => {
    const k = uniqueTag();
    for (const [name, company, email] of [
      [`Ágata ${k}`, 'Importadora Mistral', `agata-${k}@x.com.br`],
      [`Bruno ${k}`, 'Vinícola Aurora', `bruno-${k}@x.com.br`],
      [`Carla ${k}`, 'Casa Valduga', `carla-${k}@x.com.br`],
    ] as const) {
      expect((await create(admin, { ...FULL, name, company_name: company, email })).statusCode).toBe(201);
    }
    const all = await t.call(admin, 'GET', `/api/suppliers?search=${k}&limit=2`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().map((s: { name: string }) => s.name)).toEqual([`Ágata ${k}`, `Bruno ${k}`]);
    expect(Object.keys(all.json()[0])).toEqual([
      'id',
      'name',
      'company_name',
      'contact_person',
      'email',
      'phone',
      'address',
      'website',
      'commission_rate',
      'contract_start_date',
      'contract_end_date',
      'notes',
    ]);
    const page2 = await t.call(admin, 'GET', `/api/suppliers?search=${k}&limit=2&page=2`);
    expect(page2.json().map((s: { name: string }) => s.name)).toEqual([`Carla ${k}`]);
    // Accent- and case-insensitive, on company and e-mail too; every word must match.
    for (const [search, expected] of [
      [`agata ${k}`, [`Ágata ${k}`]],
      [`VINICOLA ${k}`, [`Bruno ${k}`]],
      [`carla-${k}@`, [`Carla ${k}`]],
      [`valduga aurora ${k}`, []],
    ] as const) {
      const res = await t.call(admin, 'GET', `/api/suppliers?search=${encodeURIComponent(search)}`);
      expect(res.json().map((s: { name: string }) => s.name)).toEqual(expected);
    }
    // LIKE wildcards are plain text.
    expect((await t.call(admin, 'GET', `/api/suppliers?search=%25${k}`)).json()).toEqual([]);
  });

  it('caps limit at 100 and rejects a bad page', async () => {
    expect((await t.call(admin, 'GET', '/api/suppliers?limit=500')).statusCode).toBe(200);
    const bad = await t.call(admin, 'GET', '/api/suppliers?page=0');
    expect(bad.statusCode).toBe(400);
  });

  it('lets managers and sommeliers read every supplier, and a supplier user only its own', async () => {
    const { manager, sommelier } = await createTeam(t.db);
    const { supplier, user } = await supplierUser();
    const other = await createSupplierRow(t.db);
    for (const caller of [manager, sommelier]) {
      expect((await t.call(caller, 'GET', `/api/suppliers/${other.id}`)).statusCode).toBe(200);
    }
    const mine = await t.call(user, 'GET', '/api/suppliers');
    expect(mine.json().map((s: { id: string }) => s.id)).toEqual([supplier.id]);
    expect(mine.headers['x-total-count']).toBe('1');
    expect((await t.call(user, 'GET', `/api/suppliers/${supplier.id}`)).statusCode).toBe(200);
    const hidden = await t.call(user, 'GET', `/api/suppliers/${other.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().detail).toBe(SUPPLIER_MESSAGES.notFound);
    // A supplier user not linked to any supplier has nothing.
    const orphan = await createUser(t.db, 'supplier');
    expect((await t.call(orphan, 'GET', '/api/suppliers')).statusCode).toBe(403);
  });
});

describe('PUT /api/suppliers/:id', () => {
  it('replaces every field for the admin', async () => {
    const s = await createSupplierRow(t.db, { notes: 'antes', commissionRate: 5 });
    const res = await t.call(admin, 'PUT', `/api/suppliers/${s.id}`, { ...FULL, commission_rate: 7.25, notes: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, commission_rate: 7.25, notes: null, name: 'Marina Costa' });
    expect(await row(s.id)).toMatchObject({ commissionRate: 7.25, notes: null });
  });

  it('lets a supplier user edit its contact details but not its commission or contract dates', async () => {
    const { supplier, user } = await supplierUser();
    await t.db
      .update(suppliers)
      .set({ commissionRate: 10, contractStartDate: '2026-01-01', contractEndDate: '2026-12-31' })
      .where(eq(suppliers.id, supplier.id));
    const res = await t.call(user, 'PUT', `/api/suppliers/${supplier.id}`, {
      ...FULL,
      commission_rate: 0,
      contract_start_date: '',
      contract_end_date: '2030-01-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Marina Costa',
      commission_rate: 10,
      contract_start_date: '2026-01-01',
      contract_end_date: '2026-12-31',
    });
    expect(await row(supplier.id)).toMatchObject({ name: 'Marina Costa', commissionRate: 10, contractEndDate: '2026-12-31' });
  });

  it("answers 404 for another supplier's record, 403 to managers and sommeliers, 404 for a missing id", async () => {
    const { user } = await supplierUser();
    const other = await createSupplierRow(t.db);
    expect((await t.call(user, 'PUT', `/api/suppliers/${other.id}`, FULL)).statusCode).toBe(404);
    const { manager, sommelier } = await createTeam(t.db);
    for (const caller of [manager, sommelier]) {
      const res = await t.call(caller, 'PUT', `/api/suppliers/${other.id}`, FULL);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Você não tem permissão para alterar este fornecedor.');
    }
    expect((await t.call(admin, 'PUT', '/api/suppliers/00000000-0000-4000-8000-000000000000', FULL)).statusCode).toBe(404);
    expect((await row(other.id))?.name).toBe(other.name);
  });
});

describe('DELETE /api/suppliers/:id', () => {
  it('deletes a supplier without history (204) and unlinks its users', async () => {
    const { supplier, user } = await supplierUser();
    expect((await t.call(admin, 'DELETE', `/api/suppliers/${supplier.id}`)).statusCode).toBe(204);
    expect(await row(supplier.id)).toBeUndefined();
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.supplierId).toBeNull();
    expect((await t.call(admin, 'DELETE', `/api/suppliers/${supplier.id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 when the supplier has orders or products, and keeps everything', async () => {
    const withOrder = await createSupplierRow(t.db);
    const est = await createEstablishmentRow(t.db);
    await t.db.insert(orders).values({
      establishmentId: est.id,
      supplierId: withOrder.id,
      totalAmount: '100.00',
      commissionRate: '0.00',
      commissionAmount: '0.00',
    });
    const res = await t.call(admin, 'DELETE', `/api/suppliers/${withOrder.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', detail: SUPPLIER_MESSAGES.hasOrders });
    expect(await row(withOrder.id)).toBeDefined();
    expect(await t.db.select().from(orders).where(eq(orders.supplierId, withOrder.id))).toHaveLength(1);

    const withProduct = await createSupplierRow(t.db);
    await t.db.insert(products).values({ name: 'Espumante Brut', supplierId: withProduct.id });
    const res2 = await t.call(admin, 'DELETE', `/api/suppliers/${withProduct.id}`);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().detail).toBe(SUPPLIER_MESSAGES.hasProducts);
    expect(await row(withProduct.id)).toBeDefined();
  });

  it('refuses everyone but the admin with 403', async () => {
    const { supplier, user } = await supplierUser();
    const { manager } = await createTeam(t.db);
    for (const caller of [manager, user]) {
      const res = await t.call(caller, 'DELETE', `/api/suppliers/${supplier.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('Apenas administradores podem excluir fornecedores.');
    }
    expect(await row(supplier.id)).toBeDefined();
  });
});
