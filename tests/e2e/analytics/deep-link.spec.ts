import { seriousViolations } from '../support/axe.js';
import { apiToken, expect, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

// Opening /analytics from a bookmark: the admin's outline shows from the HTML itself, before any script has run,
// and the dashboard's own outline follows until its figures arrive.
for (const width of [390, 1280]) {
  test(`at ${width} px a deep link to /analytics shows the skeleton until the app has loaded`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 844 });
    const token = await apiToken(request);
    await page.addInitScript((t) => window.localStorage.setItem('adega.token', t), token);

    let releaseScripts: () => void = () => undefined;
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    let releaseData: () => void = () => undefined;
    const dataHeld = new Promise<void>((resolve) => {
      releaseData = resolve;
    });
    await page.route('**/api/analytics/dashboard*', async (route) => {
      await dataHeld;
      await route.continue();
    });

    await page.goto('/analytics', { waitUntil: 'commit' });
    const boot = page.getByTestId('boot-skeleton');
    await expect(boot).toBeVisible();
    await expect(boot).toHaveText('Carregando o painel…');
    await snapshot(page, `analytics-boot-${width}`);
    expect(await seriousViolations(page)).toEqual([]);

    releaseScripts();
    // The app is drawn: the page's own skeleton, then the figures.
    await expect(page.getByRole('heading', { name: 'Indicadores', level: 1 })).toBeVisible();
    await expect(boot).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Carregando dados do dashboard...' })).toBeVisible();
    await snapshot(page, `analytics-loading-${width}`);
    releaseData();
    await expect(page.getByRole('region', { name: 'Receita total' })).toBeVisible();
    await expect(page.getByText('Carregando dados do dashboard...')).toHaveCount(0);
  });
}

test('the login screen and the onboarding wizard do not show the admin outline', async ({ page }) => {
  for (const path of ['/login', '/onboarding']) {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(path);
    await expect(page.locator('#root')).toBeAttached();
    await expect(page.getByTestId('boot-skeleton')).toHaveCount(0);
    await page.unrouteAll();
  }
});
