import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiToken, expect, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const MENU_PATH = '/pedra-da-ilha/carta-de-vinhos';

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'laptop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

async function seedSampleMenu(request: APIRequestContext): Promise<void> {
  const token = await apiToken(request);
  const res = await request.post('/api/seed/pedra-da-ilha', { headers: { authorization: `Bearer ${token}` } });
  expect([200, 201], await res.text()).toContain(res.status());
}

async function guest(browser: Browser, screen: (typeof SCREENS)[number], reducedMotion: 'reduce' | 'no-preference') {
  const { name: _name, ...options } = screen;
  const context = await browser.newContext({ ...options, locale: 'pt-BR', reducedMotion });
  const page = await context.newPage();
  expect((await page.goto(MENU_PATH))?.status()).toBe(200);
  return page;
}

/** Resolves when the document's scrolling has come to rest (the browser's scrollend event). */
function scrollEnd(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => document.addEventListener('scrollend', () => resolve(), { once: true })));
}

for (const screen of SCREENS) {
  for (const motion of ['no-preference', 'reduce'] as const) {
    test(`${screen.name}, motion ${motion}: a far category chip lands its section under the chip bar`, async ({ browser, request }) => {
      await seedSampleMenu(request);
      const page = await guest(browser, screen, motion);
      const nav = page.getByRole('navigation', { name: 'Categorias' });
      const chips = nav.getByRole('link');
      const count = await chips.count();
      expect(count).toBeGreaterThan(5);
      // A chip far down the list, whose section has enough page below it to reach the top.
      const chip = chips.nth(count - 4);
      const target = (await chip.getAttribute('href'))?.slice(1) ?? '';
      const heading = page.locator(`[id="${target}"] h2`);

      const settled = scrollEnd(page);
      if (screen.hasTouch) await chip.tap();
      else await chip.click();
      await settled;

      const bar = await nav.boundingBox();
      const box = await heading.boundingBox();
      if (!bar || !box) throw new Error('chip bar or heading not laid out');
      // The heading sits just under the sticky chip bar: not hidden under it, not far below it.
      expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      expect(box.y).toBeLessThanOrEqual(bar.y + bar.height + 40);
      await expect(heading).toBeInViewport();
      await expect(chip).toHaveAttribute('aria-current', 'location');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
      if (screen.name === 'phone' && motion === 'no-preference') {
        await snapshot(page, `public-menu-chip-${screen.viewport.width}`);
      }
      await page.context().close();
    });
  }
}
