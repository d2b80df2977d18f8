import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { apiToken, type Credentials, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

// Issue 29: who changed what. Two people change a wine's price on its menu; its history says who, from what to
// what; /auditoria lists and filters the trail, at a phone's width and a laptop's.

const wineName = `Malbec Auditado ${randomUUID().slice(0, 6)}`;

let menuId: string;
let manager: Credentials & { id: string };
let sommelier: Credentials & { id: string };

test.beforeAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const est = await request.post('/api/establishments', { headers, data: { name: `Bistrô da Trilha ${randomUUID().slice(0, 6)}` } });
  expect(est.status(), await est.text()).toBe(201);
  const establishmentId: string = (await est.json()).id;
  const menu = await request.post('/api/wine-menus', { headers, data: { name: 'Carta auditada', establishment_id: establishmentId } });
  expect(menu.status(), await menu.text()).toBe(201);
  menuId = (await menu.json()).id;
  const wine = await request.post(`/api/wine-menus/${menuId}/wines`, {
    headers,
    data: { name: wineName, price: 120, category: 'Vinhos Tintos Médios' },
  });
  expect(wine.status(), await wine.text()).toBe(201);
  manager = await createUserViaApi(request, 'restaurant_manager', [establishmentId]);
  sommelier = await createUserViaApi(request, 'sommelier', [establishmentId]);
});

/** Signs `who` in on a fresh browser page of its own (its own session). */
async function pageOf(browser: Browser, who: Credentials, options: object = {}): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...options })).newPage();
  await page.goto('/login');
  await loginViaUi(page, who);
  return page;
}

async function openWine(page: Page) {
  await page.goto(`/carta/${menuId}/editar`);
  await page.getByRole('button', { name: `Editar ${wineName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Editar ${wineName}` });
  await expect(dialog.getByLabel('Preço')).not.toHaveValue('');
  return dialog;
}

/** Types the new price key by key, the way a person does, and saves. */
async function changePrice(page: Page, price: string) {
  const dialog = await openWine(page);
  const field = dialog.getByLabel('Preço');
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await page.keyboard.type(price, { delay: 40 });
  await dialog.getByRole('button', { name: 'Salvar vinho' }).click();
  await expect(dialog).toBeHidden();
}

test('a wine changed by two people shows who changed its price, from what to what', async ({ browser }) => {
  test.setTimeout(180_000);
  const managerPage = await pageOf(browser, manager);
  await changePrice(managerPage, '135,00');
  const sommelierPage = await pageOf(browser, sommelier);
  await changePrice(sommelierPage, '142,50');
  // A sommelier edits the wine but does not read the trail.
  const sommelierDialog = await openWine(sommelierPage);
  await expect(sommelierDialog.getByRole('region', { name: 'Histórico de alterações' })).toHaveCount(0);
  await sommelierPage.context().close();

  const dialog = await openWine(managerPage);
  const history = dialog.getByRole('region', { name: 'Histórico de alterações' });
  await history.scrollIntoViewIfNeeded();
  await expect(history.getByText(`${sommelier.email} (sommelier) alterou Preço da garrafa: R$ 135,00 → R$ 142,50`)).toBeVisible();
  await expect(history.getByText(`${manager.email} (gerente) alterou Preço da garrafa: R$ 120,00 → R$ 135,00`)).toBeVisible();
  // Newest first, each with when it happened.
  const lines = await history.locator('p').allTextContents();
  expect(lines[0]).toMatch(/\(sommelier\) alterou .* · \d{2}\/\d{2} \d{2}:\d{2}$/);
  expect(lines[1]).toMatch(/\(gerente\) alterou /);
  await snapshot(managerPage, 'auditoria-historico-vinho-1280');
  expect(await seriousViolations(managerPage)).toEqual([]);
  await managerPage.context().close();
});

for (const [label, options, width] of [
  ['390 px', PHONE, 390],
  ['1280 px', { viewport: { width: 1280, height: 800 } }, 1280],
] as const) {
  test(`/auditoria at ${label}: the trail with its filters by person, kind, action and period`, async ({ browser, admin }) => {
    test.setTimeout(180_000);
    const page = await pageOf(browser, admin, options);
    await page.goto('/auditoria');
    await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
    const entries = page.getByRole('list', { name: 'Alterações' });
    await expect(entries.getByRole('listitem').first()).toBeVisible();

    await page.getByLabel('Pessoa', { exact: true }).first().click();
    await page.getByRole('option', { name: `${sommelier.email} (sommelier)` }).click();
    await expect(page).toHaveURL(new RegExp(`actor_id=${sommelier.id}`));
    // Besides the price change, the sommelier's trail holds its own sign-ins, said in pt-BR.
    const sommelierEntries = entries.locator(':scope > li');
    await expect(sommelierEntries.filter({ hasText: 'alterou' })).toHaveCount(1);
    await expect(sommelierEntries.filter({ hasNotText: sommelier.email })).toHaveCount(0);
    await expect(sommelierEntries.filter({ hasText: `${sommelier.email} (sommelier) entrou` }).first()).toContainText(
      'Forma de entrada: senha',
    );
    await expect(
      entries.getByText(`${sommelier.email} (sommelier) alterou vinho da carta: Preço da garrafa: R$ 135,00 → R$ 142,50`),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await page.getByLabel('Tipo de registro', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Vinho da carta', exact: true }).click();
    await page.getByLabel('Ação', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Alteração', exact: true }).click();
    await expect(
      entries.getByText(`${manager.email} (gerente) alterou vinho da carta: Preço da garrafa: R$ 120,00 → R$ 135,00`),
    ).toBeVisible();
    await expect(entries.getByText(/criou/)).toHaveCount(0);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    await page.getByLabel('De', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Até', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('Nenhuma alteração encontrada')).toBeVisible();
    await page.getByLabel('Até', { exact: true }).fill(today);
    await expect(page).toHaveURL(new RegExp(`from=2020-01-01.*to=${today}|to=${today}.*from=2020-01-01`));
    await expect(page.getByLabel('De', { exact: true })).toHaveValue('2020-01-01');
    await expect(entries.getByRole('listitem').first()).toBeVisible();

    await expectNoSidewaysScroll(page, width);
    await snapshot(page, `auditoria-${width}`, { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
}
