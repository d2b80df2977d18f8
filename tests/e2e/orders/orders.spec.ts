import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE, seedSampleMenu } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { apiToken, type Credentials, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

/** A supplier user (role supplier, linked to the supplier) created through the admin API. */
async function createSupplierUser(request: APIRequestContext, supplierId: string): Promise<Credentials> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const credentials = { email: `fornecedor-${randomUUID().slice(0, 8)}@adega.test`, password: 'senha-de-teste-123' };
  const res = await request.post('/api/users', { headers, data: { ...credentials, role: 'supplier', supplier_id: supplierId } });
  expect(res.status(), await res.text()).toBe(201);
  return credentials;
}

async function supplierIdByName(request: APIRequestContext, name: string): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.get(`/api/suppliers?search=${encodeURIComponent(name)}`, { headers });
  const [supplier] = await res.json();
  expect(supplier, `supplier ${name}`).toBeTruthy();
  return supplier.id;
}

/** Types like a person: one key at a time. */
async function typeSlowly(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await page.keyboard.type(text, { delay: 40 });
}

/** Picks a catalogue wine in the item row `index` by typing part of its name. */
async function pickWine(page: Page, index: number, search: string, option: RegExp) {
  const picker = page.getByRole('combobox', { name: 'Vinho' }).nth(index);
  await picker.click();
  await page.keyboard.type(search, { delay: 30 });
  await page.getByRole('option', { name: option }).click();
}

async function newSession(browser: Browser, who: Credentials, options: object = {}) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', ...options });
  const page = await context.newPage();
  await loginViaUi(page, who);
  return { context, page };
}

test.describe('suppliers and purchase orders', () => {
  test('supplier -> order with two catalogue wines -> list -> supplier confirms and ships (390 px) -> manager marks delivered', async ({
    page,
    browser,
    request,
    admin,
  }) => {
    test.setTimeout(180_000);
    const { establishmentId } = await seedSampleMenu(request);
    const manager = await createUserViaApi(request, 'restaurant_manager', [establishmentId]);
    const tag = randomUUID().slice(0, 6);
    const supplierName = `Importadora Ventos do Sul ${tag}`;
    const companyName = `Ventos do Sul Importação de Vinhos ${tag} Ltda.`;

    // The admin registers the supplier, typing the commission key by key.
    await loginViaUi(page, admin);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Fornecedores/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Fornecedores', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Novo fornecedor' }).click();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(supplierName);
    await page.getByLabel('Razão social').fill(companyName);
    await page.getByLabel('E-mail').fill(`vendas-${tag}@ventosdosul.com.br`);
    await page.getByLabel('Telefone').fill('(51) 3333-4455');
    await typeSlowly(page, page.getByLabel('Comissão (%)'), '12,5');
    await page.getByLabel('Início do contrato').fill('2026-01-01');
    await page.getByLabel('Fim do contrato').fill('2027-12-31');
    await page.getByRole('button', { name: 'Cadastrar fornecedor' }).click();
    await expect(page.getByText(`Fornecedor “${supplierName}” cadastrado.`)).toBeVisible();
    await page.getByLabel('Buscar', { exact: true }).fill(tag);
    const row = page.getByRole('row', { name: new RegExp(supplierName) });
    await expect(row).toContainText('12,5%');
    await expect(row).toContainText('(51) 3333-4455');
    await expect(row).toContainText('01/01/2026 – 31/12/2027');
    expect(await seriousViolations(page), '/fornecedores').toEqual([]);
    await snapshot(page, 'fornecedores-1280', { fullPage: true });

    // The manager orders two catalogue wines; choosing a wine fills its reference price, one price is retyped.
    const managerSession = await newSession(browser, manager);
    const m = managerSession.page;
    await m.goto('/pedidos');
    await m.getByRole('link', { name: 'Novo pedido' }).click();
    await expect(m.getByRole('heading', { name: 'Novo pedido' })).toBeVisible();
    await m.getByRole('combobox', { name: 'Fornecedor' }).click();
    await m.keyboard.type(tag, { delay: 30 });
    // The supplier is named by its company; the contact person shows under the field.
    await m.getByRole('option', { name: companyName }).click();
    await expect(m.getByText(`Contato: ${supplierName} · comissão 12,5%`)).toBeVisible();
    await pickWine(m, 0, 'Lote 43', /Miolo Lote 43/);
    await expect(m.getByLabel('Preço unitário').first()).toHaveValue('289,00');
    await typeSlowly(m, m.getByLabel('Preço unitário').first(), '1.250,50');
    await m.getByRole('button', { name: 'Adicionar vinho' }).click();
    await pickWine(m, 1, 'Storia Merlot', /Casa Valduga Storia Merlot/);
    await expect(m.getByLabel('Preço unitário').nth(1)).toHaveValue('399,00');
    await typeSlowly(m, m.getByLabel('Quantidade').nth(1), '2');
    // 1 × 1.250,50 + 2 × 399,00
    await expect(m.getByTestId('order-total')).toHaveText('R$ 2.048,50');
    await expect(m.getByText('Comissão estimada (12,5%): R$ 256,06')).toBeVisible();
    expect(await seriousViolations(m), '/pedidos/novo').toEqual([]);
    await snapshot(m, 'pedidos-novo-1280', { fullPage: true });
    await m.getByRole('button', { name: 'Criar pedido' }).click();

    await expect(m.getByRole('heading', { name: /Pedido #[0-9A-F]{8}/ })).toBeVisible();
    const orderUrl = m.url();
    const orderId = orderUrl.split('/').pop() as string;
    const number = orderId.slice(-8).toUpperCase();
    await expect(m.getByTestId('order-total')).toHaveText('R$ 2.048,50');
    await expect(m.getByRole('row', { name: /Miolo Lote 43/ })).toContainText('R$ 1.250,50');
    await expect(m.getByRole('row', { name: /Casa Valduga Storia Merlot/ })).toContainText('R$ 798,00');
    await expect(m.getByRole('cell', { name: 'R$ 256,06' })).toBeVisible();
    await expect(m.getByText(`→ ${companyName}`)).toBeVisible();
    await expect(m.getByText(`Contato: ${supplierName}`)).toBeVisible();
    // A manager may cancel a pending order but not confirm it.
    await expect(m.getByRole('button', { name: 'Cancelar pedido' })).toBeVisible();
    await expect(m.getByRole('button', { name: 'Confirmar pedido' })).toHaveCount(0);

    // The list shows it, newest first.
    await m.getByRole('link', { name: 'Pedidos' }).first().click();
    const listed = m.getByRole('row', { name: new RegExp(number) });
    await expect(listed).toContainText(companyName);
    await expect(listed).toContainText(`Contato: ${supplierName}`);
    await expect(listed).toContainText('R$ 2.048,50');
    await expect(listed).toContainText('R$ 256,06');
    await expect(listed).toContainText('Pendente');
    await listed.getByRole('link', { name: `Pedido ${number}` }).click();
    await expect(m).toHaveURL(orderUrl);

    // The supplier's user, on a phone, confirms and ships it.
    const supplierUser = await createSupplierUser(request, await supplierIdByName(request, supplierName));
    const phone = await newSession(browser, supplierUser, PHONE);
    const s = phone.page;
    await s.goto('/pedidos');
    await s.getByRole('link', { name: `Pedido ${number}` }).click();
    await expect(s.getByRole('heading', { name: new RegExp(`Pedido #${number}`) })).toBeVisible();
    await expectNoSidewaysScroll(s, 390);
    await s.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(s.getByText('Pedido confirmado.')).toBeVisible();
    await s.getByRole('button', { name: 'Marcar como enviado' }).click();
    await expect(s.getByText('Pedido marcado como enviado.')).toBeVisible();
    await expect(s.getByRole('button', { name: 'Marcar como entregue' })).toHaveCount(0);
    await expectNoSidewaysScroll(s, 390);
    expect(await seriousViolations(s), '/pedidos/{id} at 390 px').toEqual([]);
    await snapshot(s, 'pedido-390', { fullPage: true });

    // The manager marks it delivered; the timeline tells who did what.
    await m.reload();
    await m.getByRole('button', { name: 'Marcar como entregue' }).click();
    await m.getByRole('dialog', { name: 'Marcar como entregue' }).getByRole('button', { name: 'Marcar como entregue' }).click();
    await expect(m.getByText('Pedido marcado como entregue.')).toBeVisible();
    await expect(m.getByRole('heading', { name: /Pedido #/ })).toContainText('Entregue');
    for (const [status, who] of [
      ['Pendente', manager.email],
      ['Confirmado', supplierUser.email],
      ['Enviado', supplierUser.email],
      ['Entregue', manager.email],
    ]) {
      await expect(m.locator('.mantine-Timeline-item', { hasText: status })).toContainText(who as string);
    }
    await expect(m.getByRole('button', { name: /Cancelar pedido|Confirmar pedido|Marcar como/ })).toHaveCount(0);
    expect(await seriousViolations(m), '/pedidos/{id}').toEqual([]);
    await snapshot(m, 'pedido-1280', { fullPage: true });

    await managerSession.context.close();
    await phone.context.close();
  });

  test('the suppliers list and the order form at 390 px', async ({ browser, request, admin }) => {
    test.setTimeout(150_000);
    await seedSampleMenu(request);
    const { context, page } = await newSession(browser, admin, PHONE);
    await page.goto('/fornecedores');
    await expect(page.getByRole('heading', { name: 'Fornecedores', level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    await snapshot(page, 'fornecedores-390', { fullPage: true });
    await page.goto('/pedidos/novo');
    await pickWine(page, 0, 'Lote 43', /Miolo Lote 43/);
    await typeSlowly(page, page.getByLabel('Preço unitário').first(), '1.250,50');
    await typeSlowly(page, page.getByLabel('Quantidade').first(), '3');
    await expect(page.getByTestId('order-total')).toHaveText('R$ 3.751,50');
    await expectNoSidewaysScroll(page, 390);
    expect(await seriousViolations(page), '/pedidos/novo at 390 px').toEqual([]);
    await snapshot(page, 'pedidos-novo-390', { fullPage: true });
    await page.goto('/pedidos');
    await expectNoSidewaysScroll(page, 390);
    await snapshot(page, 'pedidos-390', { fullPage: true });
    await context.close();
  });
});
