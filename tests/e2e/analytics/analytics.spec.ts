import type { Locator, Page } from '@playwright/test';
import { formatBRL } from '../../../src/shared/money.js';
import { seedSampleMenu } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';
import { newSupplierUser } from './analytics-api.js';

// Every figure comes from the real server: the busy marketplace is the sample data (six suppliers, six months of
// orders, some pending for over a week, contracts ending soon) seeded through the API, and the screen is checked
// against the answer the page received. Only the error panel comes from an answer given in the browser (page.route).

interface Dashboard {
  total_revenue: number;
  total_orders: number;
  previous: { total_revenue: number; total_orders: number; active_suppliers: number };
  changes: { total_revenue: number | null; total_orders: number | null; active_suppliers: number | null };
  top_suppliers: { name: string; revenue: number; orders: number }[];
  alerts: { priority: 'high' | 'medium' | 'low'; message: string }[];
  period: { days: number; start: string; end: string };
}

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1, signDisplay: 'exceptZero' });
const integer = new Intl.NumberFormat('pt-BR');
/** "2025-03-04" -> "04/03/2025". */
const fullDay = (day: string) => day.split('-').reverse().join('/');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A money figure as a pattern: the space after R$ may be a non-breaking one. */
const brlPattern = (value: number) => escaped(formatBRL(value)).replace(/\s/, '\\s');

/** A stat card shows its change against the previous period, or says there is no base for one. */
async function expectChange(card: Locator, change: number | null, previous: string, days: number) {
  if (change === null) await expect(card).toContainText(`Sem base de comparação (${previous} nos ${days} dias anteriores)`);
  else {
    await expect(card).toContainText(`${percent.format(change)}%`);
    await expect(card).toContainText(`vs. ${previous} nos ${days} dias anteriores`);
  }
}

/** The colour of the (first) alert of this priority, as [r, g, b]. */
const colourOf = async (page: Page, priority: string) =>
  page
    .locator(`[data-priority="${priority}"]`)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor.match(/\d+/g)!.map(Number));

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
function dashboardAnswer(page: Page, days: number): Promise<Dashboard> {
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
  request,
  admin,
}) => {
  await seedSampleMenu(request);
  const answered = dashboardAnswer(page, 30);
  await openAnalytics(page, admin);
  const answer = await answered;
  // The sample marketplace is busy: five suppliers ranked, a base to compare with, late orders and ending contracts.
  expect(answer.top_suppliers).toHaveLength(5);
  expect(answer.changes.total_revenue).not.toBeNull();
  expect(answer.alerts.map((a) => a.priority)).toEqual(expect.arrayContaining(['high', 'medium']));

  const revenue = page.getByRole('region', { name: 'Receita total' });
  await expect(revenue.getByTestId('stat-value')).toHaveText(formatBRL(answer.total_revenue));
  await expectChange(revenue, answer.changes.total_revenue, formatBRL(answer.previous.total_revenue), 30);
  const orders = page.getByRole('region', { name: 'Pedidos' });
  await expectChange(orders, answer.changes.total_orders, integer.format(answer.previous.total_orders), 30);
  await expectChange(
    page.getByRole('region', { name: 'Fornecedores ativos' }),
    answer.changes.active_suppliers,
    integer.format(answer.previous.active_suppliers),
    30,
  );

  const [first] = answer.top_suppliers;
  if (!first) throw new Error('no supplier ranked');
  const ranking = page.getByRole('region', { name: 'Ranking de fornecedores' });
  await expect(ranking.getByRole('row')).toHaveCount(6);
  await expect(ranking.getByRole('row').nth(1)).toContainText(
    new RegExp(`1º\\s*${escaped(first.name)}.*${integer.format(first.orders)}\\s*${brlPattern(first.revenue)}`),
  );
  await expect(ranking.getByRole('row').nth(5)).toContainText('5º');

  const { start, end } = answer.period;
  await expect(
    page.getByRole('img', {
      name: new RegExp(`Gráfico de linha da receita por dia de ${escaped(fullDay(start))} a ${escaped(fullDay(end))}`),
    }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Gráfico de barras dos pedidos por dia/ })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`${escaped(first.name)} ${brlPattern(first.revenue)}`) })).toBeVisible();

  const [hr, hg, hb] = await colourOf(page, 'high');
  expect(hr!).toBeGreaterThan(hg! + 10);
  expect(hr!).toBeGreaterThan(hb! + 10);
  const [mr, mg, mb] = await colourOf(page, 'medium');
  expect(mr! + mg!).toBeGreaterThan(2 * mb! + 20);
  await expect(page.locator('[data-priority="high"]').first()).toContainText('Prioridade alta');

  const answered7 = dashboardAnswer(page, 7);
  await page.getByText('7 dias', { exact: true }).click();
  const week = (await answered7).period;
  await expect(
    page.getByRole('img', { name: new RegExp(`de ${escaped(fullDay(week.start))} a ${escaped(fullDay(week.end))}`) }).first(),
  ).toBeVisible();
});

test('a supplier without orders: no base to compare with, and the "no orders" note coloured as information', async ({ page, request }) => {
  const { credentials } = await newSupplierUser(request);
  const answered = dashboardAnswer(page, 30);
  await loginViaUi(page, credentials);
  await page.goto('/analytics');
  const answer = await answered;
  expect(answer.total_orders).toBe(0);
  await expect(page.getByRole('region', { name: 'Receita total' })).toContainText('Sem base de comparação');
  const low = page.locator('[data-priority="low"]');
  await expect(low).toContainText('Nenhum pedido nos últimos 30 dias.');
  const [lr, , lb] = await colourOf(page, 'low');
  expect(lb!).toBeGreaterThan(lr! + 10);
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

test('fits a 390 px phone', async ({ page, request, admin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedSampleMenu(request);
  await loginViaUi(page, admin);
  const answered = dashboardAnswer(page, 30);
  await page.goto('/analytics');
  const answer = await answered;
  await expect(page.getByRole('region', { name: 'Receita total' })).toContainText(formatBRL(answer.total_revenue));
  await expect(page.getByRole('region', { name: 'Alertas' })).toBeVisible();
  const ranking = page.getByRole('region', { name: 'Ranking de fornecedores' });
  const orders = answer.top_suppliers[0]?.orders ?? 0;
  await expect(ranking.getByText(orders === 1 ? '1 pedido' : `${integer.format(orders)} pedidos`)).toBeVisible();
  const tableInsideCard = await ranking
    .getByRole('table')
    .evaluate((table) => table.getBoundingClientRect().right <= (table.closest('section')?.getBoundingClientRect().right ?? 0));
  expect(tableInsideCard).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const width of [1280, 390]) {
  test(`/analytics with a busy month at ${width} px`, async ({ browser, request, admin }) => {
    await seedSampleMenu(request);
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
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
