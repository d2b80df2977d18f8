import type { Page, Route } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

// The figures of the first test are the real marketplace; the
// rendering of a busy one, its alerts and the error panel come from answers given in the browser (page.route).

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A busy marketplace for `days` days ending 2025-03-10, with every kind of alert. */
function busyDashboard(days: number) {
  const end = '2025-03-10';
  const start = addDays(end, 1 - days);
  const dates = Array.from({ length: days }, (_, i) => addDays(start, i));
  const orders = dates.map((_, i) => (i % 6 === 5 ? 0 : 3 + ((i * 7) % 9)));
  return {
    total_revenue: 48210.5 * (days / 30),
    total_orders: orders.reduce((a, b) => a + b, 0),
    total_commissions: 4821.05 * (days / 30),
    active_suppliers: 6,
    revenue_trend: dates.map((date, i) => ({ date, value: (orders[i] ?? 0) * 412.35 })),
    orders_trend: dates.map((date, i) => ({ date, value: orders[i] ?? 0 })),
    top_suppliers: [
      { name: 'Mistral Importadora', revenue: 15230.4, orders: 41 },
      { name: 'Vinícola Serra Gaúcha', revenue: 11020, orders: 33 },
      { name: 'Casa do Porto Importações', revenue: 9875.25, orders: 27 },
      { name: 'Adega Andina', revenue: 7110.6, orders: 19 },
      { name: 'Vale do São Francisco Vinhos', revenue: 4974.25, orders: 12 },
    ],
    alerts: [
      { priority: 'high', message: '3 pedidos pendentes há mais de 7 dias, sem confirmação do fornecedor.' },
      { priority: 'medium', message: 'O contrato com Adega Andina termina em 12 dias (22/03/2025).' },
      { priority: 'low', message: 'Mensagem informativa de teste.' },
    ],
    previous: { total_revenue: 42850, total_orders: 150, total_commissions: 4285, active_suppliers: 5 },
    changes: { total_revenue: 12.5, total_orders: -4.2, total_commissions: 12.5, active_suppliers: null },
    period: { days, start, end, previous_start: addDays(start, -days), previous_end: addDays(start, -1) },
  };
}

async function answerBusy(page: Page) {
  await page.route('**/api/analytics/dashboard*', (route: Route) => {
    const days = Number(new URL(route.request().url()).searchParams.get('days') ?? 30);
    return route.fulfill({ json: busyDashboard(days) });
  });
}

async function openAnalytics(page: Page, admin: { email: string; password: string }) {
  await loginViaUi(page, admin);
  await page
    .getByRole('link', { name: /Indicadores/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Indicadores', level: 1 })).toBeVisible();
}

/** Rows of the text alternative of the daily orders chart (its visually hidden table), header included. */
const orderRows = (page: Page) => page.getByRole('table', { name: 'Pedidos por dia' }).getByRole('row');

/** The dashboard the page is about to receive for `days`, as the server answered it. */
function dashboardAnswer(page: Page, days: number): Promise<{ total_orders: number }> {
  return page.waitForResponse((r) => r.url().includes(`/api/analytics/dashboard?days=${days}`) && r.status() === 200).then((r) => r.json());
}

/** What the page shows must be what the server said: the order count, and the "no orders" alert only when there were none. */
async function expectShows(page: Page, answer: { total_orders: number }, days: number) {
  const shown = page.getByRole('region', { name: 'Pedidos' }).getByTestId('stat-value');
  await expect(shown).toHaveText(new Intl.NumberFormat('pt-BR').format(answer.total_orders));
  const noOrders = page.getByText(`Nenhum pedido nos últimos ${days} dias.`);
  if (answer.total_orders === 0) await expect(noOrders).toBeVisible();
  else await expect(noOrders).toHaveCount(0);
}

// Other tests may have placed orders (or seeded the sample marketplace) in this shared database, so the figures are
// read from the answer the page received rather than assumed to be zero.
test('the analytics screen switches periods and refreshes, on the real marketplace (empty or seeded by other tests)', async ({
  page,
  admin,
}) => {
  const answer30 = dashboardAnswer(page, 30);
  await openAnalytics(page, admin);
  await expect(page.getByRole('region', { name: 'Receita total' })).toContainText(/R\$\s[\d.]+,\d{2}/);
  await expect(page.getByRole('radio', { name: '30 dias' })).toBeChecked();
  await expect(orderRows(page)).toHaveCount(31);
  await expectShows(page, await answer30, 30);

  const answer7 = dashboardAnswer(page, 7);
  await page.getByText('7 dias', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '7 dias' })).toBeChecked();
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(orderRows(page)).toHaveCount(8);
  await expectShows(page, await answer7, 7);
  await expect(page.getByText('Receita, pedidos e comissões dos últimos 7 dias, comparados aos 7 dias anteriores.')).toBeVisible();

  await page.getByText('90 dias', { exact: true }).click();
  await expect(orderRows(page)).toHaveCount(91);

  const refreshed = dashboardAnswer(page, 90);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expectShows(page, await refreshed, 90);

  expect(await seriousViolations(page)).toEqual([]);
});

test('a busy marketplace: cards in R$ with their change, ranking, charts described, alerts coloured by priority', async ({
  page,
  admin,
}) => {
  await answerBusy(page);
  await openAnalytics(page, admin);
  const revenue = page.getByRole('region', { name: 'Receita total' });
  await expect(revenue).toContainText('R$ 48.210,50');
  await expect(revenue).toContainText('+12,5%');
  await expect(revenue).toContainText('vs. R$ 42.850,00 nos 30 dias anteriores');
  await expect(page.getByRole('region', { name: 'Pedidos' })).toContainText('-4,2%');
  await expect(page.getByRole('region', { name: 'Fornecedores ativos' })).toContainText('Sem base de comparação');

  const ranking = page.getByRole('region', { name: 'Ranking de fornecedores' });
  await expect(ranking.getByRole('row')).toHaveCount(6);
  await expect(ranking.getByRole('row').nth(1)).toContainText(/1º\s*Mistral Importadora.*41\s*R\$\s15\.230,40/);
  await expect(ranking.getByRole('row').nth(5)).toContainText('5º');

  await expect(page.getByRole('img', { name: /Gráfico de linha da receita por dia de 09\/02\/2025 a 10\/03\/2025/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Gráfico de barras dos pedidos por dia/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Mistral Importadora R\$\s15\.230,40/ })).toBeVisible();

  const colourOf = async (priority: string) =>
    page.locator(`[data-priority="${priority}"]`).evaluate((el) => getComputedStyle(el).backgroundColor.match(/\d+/g)!.map(Number));
  const [hr, hg, hb] = await colourOf('high');
  expect(hr!).toBeGreaterThan(hg! + 10);
  expect(hr!).toBeGreaterThan(hb! + 10);
  const [mr, mg, mb] = await colourOf('medium');
  expect(mr! + mg!).toBeGreaterThan(2 * mb! + 20);
  const [lr, , lb] = await colourOf('low');
  expect(lb!).toBeGreaterThan(lr! + 10);
  await expect(page.locator('[data-priority="high"]')).toContainText('Prioridade alta');

  await page.getByText('7 dias', { exact: true }).click();
  await expect(page.getByRole('img', { name: /de 04\/03\/2025 a 10\/03\/2025/ }).first()).toBeVisible();
});

test('shows the loading text, then the error panel when the dashboard cannot be loaded', async ({ page, admin }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/analytics/dashboard*', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { detail: 'Erro interno do servidor.', code: 'internal_error' } });
  });
  await openAnalytics(page, admin);
  await expect(page.getByText('Carregando dados do dashboard...')).toBeVisible();
  release();
  const panel = page.getByRole('alert').filter({ hasText: 'Erro ao carregar dados' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toContainText('Não foi possível carregar os dados do dashboard.');
});

test('fits a 390 px phone', async ({ page, admin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await answerBusy(page);
  await loginViaUi(page, admin);
  await page.goto('/analytics');
  await expect(page.getByRole('region', { name: 'Receita total' })).toContainText('R$ 48.210,50');
  await expect(page.getByRole('region', { name: 'Alertas' })).toBeVisible();
  const ranking = page.getByRole('region', { name: 'Ranking de fornecedores' });
  await expect(ranking.getByText('41 pedidos')).toBeVisible();
  const tableInsideCard = await ranking
    .getByRole('table')
    .evaluate((table) => table.getBoundingClientRect().right <= (table.closest('section')?.getBoundingClientRect().right ?? 0));
  expect(tableInsideCard).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const width of [1280, 390]) {
  test(`/analytics with a busy month at ${width} px`, async ({ browser, admin }) => {
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await answerBusy(page);
    // Playwright's clock: the charts' entry animations are run to their end at once before the picture.
    await page.clock.install();
    await loginViaUi(page, admin);
    await page.goto('/analytics');
    await expect(page.getByRole('region', { name: 'Ranking de fornecedores' }).getByRole('row')).toHaveCount(6);
    await page.clock.runFor(1_000);
    await snapshot(page, `analytics-${width}`, { fullPage: true });
    await context.close();
  });
}
