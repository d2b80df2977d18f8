import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { apiToken, expect, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const MENU_PATH = '/pedra-da-ilha/carta-de-vinhos';
const VIEWPORTS = [
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'laptop', options: { viewport: { width: 1280, height: 800 } } },
] as const;

async function seedSampleMenu(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request);
  const res = await request.post('/api/seed/pedra-da-ilha', { headers: { authorization: `Bearer ${token}` } });
  expect([200, 201], await res.text()).toContain(res.status());
}

/** "HH:MM" in Brasília time of an HTTP Date header. */
function hourMinute(httpDate: string): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(new Date(httpDate));
}

/** Opens the menu once, touching nothing, and waits until its worker holds a copy of it. Returns the page's Date. */
async function openMenuOnce(page: Page): Promise<string> {
  const res = await page.goto(MENU_PATH);
  expect(res?.status()).toBe(200);
  // The worker is registered once the page has loaded, with no scroll or tap (issue 27).
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe(MENU_PATH);
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(location.href)))).toBe(true);
  return (await res?.allHeaders())?.date ?? '';
}

/** The URLs the worker keeps (every cache of the origin). */
function keptUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test.describe('public menu on weak Wi-Fi', () => {
  test.beforeEach(async ({ request }) => {
    await seedSampleMenu(request);
  });

  for (const { name, options } of VIEWPORTS) {
    test(`${name}: a menu opened once reloads with no connection, with the time of its copy`, async ({ browser }) => {
      const context: BrowserContext = await browser.newContext({ ...options, locale: 'pt-BR' });
      const page = await context.newPage();
      const date = await openMenuOnce(page);

      await context.setOffline(true);
      await page.reload();
      const notice = page.getByRole('status').filter({ hasText: 'Sem conexão' });
      await expect(notice).toHaveText(`Sem conexão · carta de ${hourMinute(date)}`);
      await expect(notice).toBeInViewport();
      await expect(page.getByRole('heading', { name: 'Pedra da Ilha', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Catena Malbec', level: 3 })).toBeAttached();
      await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      await snapshot(page, `offline-menu-${name}`);

      // Back online, the page comes from the server again: no notice.
      await context.setOffline(false);
      const online = await page.reload();
      expect(online?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Pedra da Ilha', level: 1 })).toBeVisible();
      await expect(page.getByText('Sem conexão')).toHaveCount(0);
      await context.close();
    });
  }

  test('online, a changed menu shows at once: the worker never answers from its copy while the server answers', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await openMenuOnce(page);
    // The establishment is renamed on the server (PUT replaces every field: send back what it has).
    const token = await apiToken(request);
    const headers = { authorization: `Bearer ${token}` };
    const list = await request.get('/api/establishments', { headers });
    expect(list.status()).toBe(200);
    const est = ((await list.json()) as Record<string, unknown>[]).find((e) => e.slug === 'pedra-da-ilha');
    expect(est).toBeTruthy();
    const fields = ['name', 'description', 'address', 'phone', 'email', 'website', 'sommelier', 'logo', 'slug'];
    const input = Object.fromEntries(fields.filter((f) => est?.[f] != null).map((f) => [f, est?.[f]]));
    const rename = (name: string) => request.put(`/api/establishments/${est?.id}`, { headers, data: { ...input, name } });
    const renamed = await rename('Pedra da Ilha Bistrô');
    expect(renamed.status(), await renamed.text()).toBe(200);
    try {
      const res = await page.reload();
      expect(res?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('heading', { name: 'Pedra da Ilha Bistrô', level: 1 })).toBeVisible();
      await expect(page.getByText('Sem conexão')).toHaveCount(0);
    } finally {
      expect((await rename(String(input.name))).status()).toBe(200);
      await context.close();
    }
  });

  test('the worker keeps only the menu: the admin app, /api and the establishment page never come from it', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await openMenuOnce(page);

    // On the menu page, an API call passes the worker by and is never kept.
    const api = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(api).toBe(200);
    expect(await keptUrls(page)).toEqual([MENU_PATH]);

    // The admin app is not controlled by the worker and does not answer from it.
    const login = await page.goto('/login');
    expect(login?.fromServiceWorker()).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/login')) ?? null)).toBeNull();

    await context.setOffline(true);
    // Offline, the admin app, the establishment page and /api simply fail: nothing is served from the menu's copy.
    // Each in a tab of its own, as a guest would open them: in one tab, Chrome commits its error page a moment after
    // page.goto rejects, and that commit interrupted the next navigation in CI.
    for (const path of ['/login', '/pedra-da-ilha', '/api/health']) {
      const tab = await context.newPage();
      await expect(tab.goto(path)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      await tab.close();
    }
    // The menu itself still opens, and from its controlled page an API call fails instead of being answered.
    const menu = await context.newPage();
    await menu.goto(MENU_PATH);
    await expect(menu.getByRole('status').filter({ hasText: 'Sem conexão' })).toBeVisible();
    const offlineApi = await menu.evaluate(() =>
      fetch('/api/health').then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    expect(offlineApi).toBe('failed');
    await context.close();
  });
});
