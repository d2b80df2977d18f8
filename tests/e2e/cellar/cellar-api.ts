import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiToken, type Credentials, createUserViaApi, expect } from '../support/fixtures.js';

/** A call to the API as `who` (the admin by default), expecting success; answers the JSON body. */
export async function callApi<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'patch',
  url: string,
  data?: object,
  who?: Credentials,
): Promise<T> {
  const headers = { authorization: `Bearer ${await apiToken(request, who)}` };
  const res = await request[method](url, { headers, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<T>;
}

/** An establishment of its own with a menu, a catalogue wine, a supplier and the four people of the scenario. */
export interface CellarWorld {
  tag: string;
  establishmentId: string;
  publicPath: string;
  menuId: string;
  wineId: string;
  wineName: string;
  supplierId: string;
  companyName: string;
  manager: Credentials;
  sommelier: Credentials;
  supplierUser: Credentials;
}

export async function makeCellarWorld(request: APIRequestContext): Promise<CellarWorld> {
  const tag = randomUUID().slice(0, 6);
  const est = await callApi<{ id: string; slug: string }>(request, 'post', '/api/establishments', { name: `Bistrô da Adega ${tag}` });
  const menu = await callApi<{ id: string; slug: string }>(request, 'post', '/api/wine-menus', {
    name: `Carta da Casa ${tag}`,
    establishment_id: est.id,
  });
  const wineName = `Reserva da Serra ${tag}`;
  const wine = await callApi<{ id: string }>(request, 'post', '/api/catalog/wines', {
    name: wineName,
    producer: 'Vinícola Altos do Sul',
    vintage: 2021,
    country: 'Brasil',
    price_reference: 98.5,
  });
  const companyName = `Importadora Adega ${tag} Ltda.`;
  const supplier = await callApi<{ id: string }>(request, 'post', '/api/suppliers', {
    name: `Contato Adega ${tag}`,
    company_name: companyName,
    email: `adega-${tag}@importadora.com.br`,
    phone: '(48) 3333-4455',
  });
  const manager = await createUserViaApi(request, 'restaurant_manager', [est.id]);
  const sommelier = await createUserViaApi(request, 'sommelier', [est.id]);
  const supplierUser = { email: `fornecedor-${tag}@adega.test`, password: 'senha-de-teste-123' };
  await callApi(request, 'post', '/api/users', { ...supplierUser, role: 'supplier', supplier_id: supplier.id });
  return {
    tag,
    establishmentId: est.id,
    publicPath: `/${est.slug}/${menu.slug}`,
    menuId: menu.id,
    wineId: wine.id,
    wineName,
    supplierId: supplier.id,
    companyName,
    manager,
    sommelier,
    supplierUser,
  };
}
