import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { apiToken, expect } from '../support/fixtures.js';
import { seedSampleMenu } from './admin-api.js';

export interface ScreenData {
  menuId: string;
  establishmentId: string;
  supplierId: string;
  orderId: string;
  catalogWineId: string;
  onboardingId: string;
}

async function api<T>(request: APIRequestContext, method: 'get' | 'post', url: string, data?: object): Promise<T> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const res = await request[method](url, { headers, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<T>;
}

/**
 * Something on every admin screen: the sample menu, its orders, CRM and catalogue (the admin's seed), a product
 * category with products, one spreadsheet in the import history and one onboarding process.
 */
export async function fillEveryScreen(request: APIRequestContext): Promise<ScreenData> {
  const { menuId, establishmentId } = await seedSampleMenu(request);
  const tag = randomUUID().slice(0, 6);
  // A supplier of its own: the products below must not change the counts of the suites' shared suppliers.
  const { id: supplierId } = await api<{ id: string }>(request, 'post', '/api/suppliers', {
    name: `Contato da tela ${tag}`,
    company_name: `Importadora da Tela ${tag} Ltda.`,
    email: `tela-${tag}@importadora.com.br`,
    phone: '(48) 3333-4455',
  });
  const category = await api<{ id: string }>(request, 'post', '/api/products/categories', { name: `Tintos da tela ${tag}` });
  for (const [i, name] of ['Malbec Reserva Mendoza 750 ml', 'Espumante Brut Serra Gaúcha', 'Vinho Verde Alvarinho'].entries()) {
    await api(request, 'post', '/api/products', {
      name: `${name} ${tag}`,
      sku: `TELA-${tag}-${i}`,
      description: 'Caixa com seis garrafas, entrega em até cinco dias úteis para a capital.',
      price: 89.9 + i * 40,
      stock_quantity: i === 0 ? 2 : 48,
      min_stock: 5,
      unit: 'cx',
      category_id: category.id,
      supplier_id: supplierId,
    });
  }
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const upload = await request.post('/api/product-import/upload', {
    headers,
    multipart: {
      file: { name: 'tabela-precos-vinhos.csv', mimeType: 'text/csv', buffer: readFileSync('tests/e2e/fixtures/tabela-precos-vinhos.csv') },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);

  const orderId = (await api<{ id: string }[]>(request, 'get', '/api/orders'))[0]?.id ?? '';
  const catalogWineId = (await api<{ id: string }[]>(request, 'get', '/api/catalog/wines'))[0]?.id ?? '';
  const onboarding = await request.post('/api/onboarding/processes', {
    data: {
      establishment_name: `Bistrô da Tela ${tag}`,
      cnpj: '11.222.333/0001-81',
      email: `tela-${tag}@bistro.com.br`,
      phone: '(48) 99999-1234',
      address: 'Rua das Videiras, 100',
      city: 'Florianópolis',
      state: 'SC',
      zip_code: '88010-000',
      contact_name: 'Helena Prado',
      contact_email: `helena-${tag}@bistro.com.br`,
      contact_phone: '(48) 98888-4321',
    },
  });
  expect(onboarding.ok(), await onboarding.text()).toBe(true);
  const onboardingId = (await onboarding.json()).process_id as string;
  expect(orderId, 'the seed made orders').not.toBe('');
  expect(catalogWineId, 'the seed filled the catalogue').not.toBe('');
  return { menuId, establishmentId, supplierId, orderId, catalogWineId, onboardingId };
}
