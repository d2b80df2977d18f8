import { randomUUID } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './constants.js';

export { expect };

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Tokens already issued in this worker, by credentials: the specs' API set-up signs in once per person instead of on
 * every call, which kept the whole suite under the login limit (60 a minute per address) only while it was small.
 * A token is only good on the server that issued it, and a few specs start servers of their own: a kept token is
 * used only while that server still answers to it (one cheap request), and otherwise replaced.
 */
const issuedTokens = new Map<string, string>();

export async function apiToken(request: APIRequestContext, who: Credentials = E2E_ADMIN): Promise<string> {
  const key = `${who.email}\n${who.password}`;
  const known = issuedTokens.get(key);
  if (known) {
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${known}` } });
    if (me.ok() && (await me.json()).email === who.email) return known;
  }
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status(), await res.text()).toBe(200);
  const token: string = (await res.json()).access_token;
  issuedTokens.set(key, token);
  return token;
}

/** Creates a user through the admin API and returns its credentials. */
export async function createUserViaApi(
  request: APIRequestContext,
  role: 'admin' | 'restaurant_manager' | 'sommelier' | 'supplier',
  establishmentIds: string[] = [],
): Promise<Credentials & { id: string }> {
  const token = await apiToken(request);
  const credentials = { email: `${role}-${randomUUID().slice(0, 8)}@adega.test`, password: 'senha-de-teste-123' };
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...credentials, role, establishment_ids: establishmentIds },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...credentials, id: (await res.json()).id };
}

export async function loginViaUi(page: Page, who: Credentials = E2E_ADMIN): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Senha').fill(who.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('header-email')).toHaveText(who.email);
}

export const test = base.extend<{ admin: Credentials }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
  admin: async ({}, use) => {
    await use(E2E_ADMIN);
  },
});

/** Opens a screen from the header at laptop widths: the group's menu, then its item (src/client/app/nav-items.ts). */
export async function openFromNav(page: Page, group: string, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('button', { name: group }).click();
  await nav.getByRole('menuitem', { name: label }).click();
}
