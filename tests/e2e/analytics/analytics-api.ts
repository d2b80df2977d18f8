import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiToken, expect } from '../support/fixtures.js';

/** A supplier of its own, with no orders yet, and a user signed to it; `headers` are the admin's who made them. */
export async function newSupplierUser(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const tag = randomUUID().slice(0, 6);
  const supplier = await request.post('/api/suppliers', {
    headers,
    data: { name: `Contato ${tag}`, company_name: `Vinhos ${tag} Ltda.`, email: `v-${tag}@adega.test`, phone: '(51) 3333-4455' },
  });
  expect(supplier.status(), await supplier.text()).toBe(201);
  const supplierId: string = (await supplier.json()).id;
  const credentials = { email: `fornecedor-${tag}@adega.test`, password: 'senha-de-teste-123' };
  const user = await request.post('/api/users', { headers, data: { ...credentials, role: 'supplier', supplier_id: supplierId } });
  expect(user.status(), await user.text()).toBe(201);
  return { credentials, supplierId, headers, tag };
}
