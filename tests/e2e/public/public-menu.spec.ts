import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiToken, expect, test } from '../support/fixtures.js';

const MENU_PATH = '/pedra-da-ilha/carta-de-vinhos';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' };

async function seedSampleMenu(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request);
  const res = await request.post('/api/seed/pedra-da-ilha', { headers: { authorization: `Bearer ${token}` } });
  expect([200, 201], await res.text()).toContain(res.status());
}

async function guestPhone(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled });
  const page = await context.newPage();
  const res = await page.goto(MENU_PATH);
  expect(res?.status()).toBe(200);
  return page;
}

const wineHeadings = (page: Page) => page.getByRole('heading', { level: 3 });

test.describe('public menu on a phone', () => {
  test.beforeEach(async ({ request }) => {
    await seedSampleMenu(request);
  });

  test('without JavaScript the first wine is on the first screen, and a wine opens on tap', async ({ browser }) => {
    const page = await guestPhone(browser, false);
    await expect(page.getByRole('heading', { name: 'Pedra da Ilha', level: 1 })).toBeVisible();
    const first = wineHeadings(page).first();
    await expect(first).toBeInViewport();
    const box = await first.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);

    // Each row shows producer, region and vintage; the details open on tap.
    const row = page.locator('details', { has: page.getByRole('heading', { name: 'Catena Malbec', level: 3 }) });
    await expect(row.getByText('Bodega Catena Zapata · Mendoza · 2021')).toBeVisible();
    const pairing = row.getByText('Harmoniza com');
    await expect(pairing).toBeHidden();
    await row.getByRole('heading', { name: 'Catena Malbec' }).tap();
    await expect(pairing).toBeVisible();
    await expect(row.getByText('Paladar')).toBeVisible();

    // The establishment's description and contacts are folded, one tap away.
    const phone = page.getByRole('link', { name: /Ligar para/ });
    await expect(phone).toBeHidden();
    await page.getByText('Sobre a casa e contatos').tap();
    await expect(phone).toBeVisible();
    await page.context().close();
  });

  test('without JavaScript a filter lands on the results, not the top of the page', async ({ browser }) => {
    const page = await guestPhone(browser, false);
    await page.getByText('Filtrar por país, uva ou preço').tap();
    await page.getByLabel('País').selectOption('Argentina');
    await page.getByRole('button', { name: 'Filtrar' }).tap();
    await expect(page).toHaveURL(/\?(.*&)?pais=Argentina.*#vinhos$/);
    const status = page.getByRole('status');
    await expect(status).toHaveText(/Mostrando \d+ de \d+ vinhos\./);
    await expect(status).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(wineHeadings(page).first()).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Catena Malbec', level: 3 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cave Geisse Brut Nature', level: 3 })).toHaveCount(0);
    await page.context().close();
  });

  test('without JavaScript the search finds a wine by its name', async ({ browser }) => {
    const page = await guestPhone(browser, false);
    const search = page.getByRole('searchbox', { name: 'Buscar vinho' });
    await search.tap();
    await search.pressSequentially('lote 43', { delay: 30 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]q=lote\+43(&[^#]*)?#vinhos$/);
    await expect(wineHeadings(page)).toHaveText(['Miolo Lote 43']);
    await expect(page.getByRole('status')).toHaveText(/Mostrando 1 de \d+ vinhos para “lote 43”\./);
    await expect(wineHeadings(page).first()).toBeInViewport();
    await page.context().close();
  });

  test('with JavaScript the chip of the section in view is highlighted while scrolling', async ({ browser }) => {
    const page = await guestPhone(browser, true);
    const nav = page.getByRole('navigation', { name: 'Categorias' });
    const chip = nav.getByRole('link', { name: /^Tintos encorpados/ });
    await expect(chip).not.toHaveAttribute('aria-current', 'location');
    const heading = page.getByRole('heading', { name: 'Tintos encorpados', level: 2 });
    // Scroll like a thumb would, until the section sits under the chip bar. Sections off screen count with an
    // estimated height (content-visibility): a swipe measured from afar can land short, so swipe again from there.
    await page.mouse.move(200, 600);
    for (let swipe = 0; swipe < 4; swipe++) {
      const box = await heading.boundingBox();
      if (!box) throw new Error('heading not laid out');
      if (box.y >= 60 && box.y <= 200) break;
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, box.y - 120);
      // The wheel does not wait for the scroll: wait until it moved and then stood still for a frame.
      await expect.poll(() => page.evaluate(() => window.scrollY)).not.toBe(before);
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let last = window.scrollY;
            const frame = () => {
              if (window.scrollY === last) return resolve();
              last = window.scrollY;
              requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          }),
      );
    }
    await expect(heading).toBeInViewport();
    await expect(chip).toHaveAttribute('aria-current', 'location');
    await expect(chip).toBeInViewport();
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
    await page.context().close();
  });

  // axe-core runs inside the page: it needs JavaScript, the markup is the same without it.
  test('axe-core finds no serious or critical violation, details open', async ({ browser }) => {
    const page = await guestPhone(browser, true);
    await page.getByText('Sobre a casa e contatos').tap();
    await page.getByRole('heading', { name: 'Catena Malbec', level: 3 }).tap();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.context().close();
  });
});
