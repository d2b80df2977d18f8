import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { type Credentials, expect, loginViaUi, openFromNav, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';
import { callApi, makeCellarWorld } from './cellar-api.js';

// Issue 18 end to end: the supplier's truck fills the cellar, the cellar drives the public menu, and what ran low
// becomes the next order.

const LAPTOP = { viewport: { width: 1280, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' } as const;

async function session(browser: Browser, who: Credentials, options: object = LAPTOP) {
  const context = await browser.newContext({ timezoneId: 'America/Sao_Paulo', ...options });
  const page = await context.newPage();
  await loginViaUi(page, who);
  return { context, page };
}

/** Types like a person: one key at a time, after clearing the field. */
async function typeSlowly(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text, { delay: 40 });
}

/**
 * Taps a sale and waits for the server's answer. The row's count changes at once, ahead of the server (decision
 * 0078); the public page changes only once the server has recorded the sale, so a guest's reload must wait for it.
 */
async function sellAndWaitForServer(page: Page, button: Locator) {
  const recorded = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/movements'));
  await button.tap();
  expect((await recorded).status()).toBe(201);
}

const cellarRow = (page: Page, name: string) => page.getByTestId('cellar-item').filter({ hasText: name });

test.describe('the house cellar', () => {
  test('delivery fills the cellar, "−1 garrafa" on a phone empties the public menu, and "Criar pedido" prefills the order', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const w = await makeCellarWorld(request);
    const order = await callApi<{ id: string }>(
      request,
      'post',
      '/api/orders',
      { establishment_id: w.establishmentId, supplier_id: w.supplierId, items: [{ wine_id: w.wineId, quantity: 3, price: 98.5 }] },
      w.manager,
    );

    // The supplier confirms and ships the order.
    const supplier = await session(browser, w.supplierUser);
    await supplier.page.goto(`/pedidos/${order.id}`);
    await supplier.page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(supplier.page.getByText('Pedido confirmado.')).toBeVisible();
    await supplier.page.getByRole('button', { name: 'Marcar como enviado' }).click();
    await expect(supplier.page.getByText('Pedido marcado como enviado.')).toBeVisible();
    await supplier.context.close();

    // The manager marks it delivered; the cellar shows the three bottles, at the order's price.
    const manager = await session(browser, w.manager);
    const m = manager.page;
    await m.goto(`/pedidos/${order.id}`);
    await m.getByRole('button', { name: 'Marcar como entregue' }).click();
    await m.getByRole('dialog', { name: 'Marcar como entregue' }).getByRole('button', { name: 'Marcar como entregue' }).click();
    await expect(m.getByText('Pedido marcado como entregue.')).toBeVisible();
    await openFromNav(m, 'Estoque', 'Adega da casa');
    await expect(m.getByRole('heading', { name: 'Adega da casa', level: 1 })).toBeVisible();
    const row = cellarRow(m, w.wineName);
    await expect(row.getByTestId('cellar-on-hand')).toHaveText('3');
    await expect(row).toContainText('R$ 98,50');
    // A wine new to the cellar keeps the bottles ordered as its par level (issue 27): at par, it reads low.
    await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    await expect(row).toContainText('Baixo');

    // A par level of 6, bought by the case of 6: the wine is now low.
    await row.getByRole('button', { name: `Editar ${w.wineName}` }).click();
    const form = m.getByRole('dialog', { name: `Editar ${w.wineName}` });
    await typeSlowly(form.getByRole('textbox', { name: 'Estoque ideal' }), '6');
    await form.getByRole('combobox', { name: 'Compra em' }).click();
    await m.getByRole('option', { name: 'Caixa com 6' }).click();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(m.getByText(`${w.wineName} atualizado.`)).toBeVisible();
    await expect(row).toContainText('Baixo');
    await expect(row).toContainText('cx 6');
    await snapshot(m, 'cellar-stock-1280', { fullPage: true });

    // Its history tells where the bottles came from.
    await row.getByRole('button', { name: `Histórico ${w.wineName}` }).click();
    const history = m.getByRole('dialog', { name: `Histórico de ${w.wineName}` });
    await expect(history.getByRole('row', { name: /Entrega/ })).toContainText('+3');
    await m.keyboard.press('Escape');
    await expect(history).toBeHidden();
    expect(await seriousViolations(m), '/adega at 1280 px').toEqual([]);

    // The manager puts the wine on the menu, drawing from the cellar and sold by the glass.
    await m.goto(`/carta/${w.menuId}/editar`);
    await m.getByRole('button', { name: 'Adicionar vinho' }).first().click();
    const wineForm = m.getByRole('dialog', { name: 'Adicionar vinho' });
    await wineForm.getByRole('textbox', { name: 'Nome' }).pressSequentially(w.wineName, { delay: 20 });
    await typeSlowly(wineForm.getByRole('textbox', { name: 'Preço', exact: true }), '189,90');
    await wineForm.getByRole('combobox', { name: 'Categoria' }).click();
    await m.getByRole('option', { name: 'Vinhos Tintos Encorpados' }).click();
    await wineForm.getByRole('combobox', { name: 'Vinho da adega' }).click();
    await m.getByRole('option', { name: new RegExp(`${w.wineName}.*3 garrafas`) }).click();
    await wineForm.getByRole('checkbox', { name: /Vendido em taça/ }).check();
    // 189,90 ÷ 5 glasses = 37,98, rounded up to whole reais.
    await expect(wineForm.getByText('Calculado: R$ 38,00')).toBeVisible();
    await wineForm.getByRole('button', { name: 'Salvar vinho' }).click();
    await expect(m.getByText(`“${w.wineName}” adicionado à carta.`)).toBeVisible();
    await expect(m.getByTestId('menu-wine').filter({ hasText: w.wineName }).getByTestId('cellar-count')).toHaveText('3 garrafas');
    await snapshot(m, 'cellar-menu-rows-1280');
    // This menu warns from two bottles down.
    await typeSlowly(m.getByRole('textbox', { name: /Avisar “Última garrafa” com até/ }), '2');
    await m.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(m.getByText('Dados da carta salvos.')).toBeVisible();
    await expect(m.getByTestId('menu-wine').filter({ hasText: w.wineName }).getByTestId('cellar-count')).toHaveText('3 garrafas');

    // During service the sommelier sells bottles from a phone, until the public menu says so.
    const sommelier = await session(browser, w.sommelier, PHONE);
    const s = sommelier.page;
    await s.goto(`/carta/${w.menuId}/editar`);
    const wineRow = s.getByTestId('menu-wine').filter({ hasText: w.wineName });
    const count = wineRow.getByTestId('cellar-count');
    const sellBottle = wineRow.getByRole('button', { name: `−1 garrafa de ${w.wineName}` });
    await expect(count).toHaveText('3 garrafas');
    await expectNoSidewaysScroll(s, 390);
    const box = await sellBottle.boundingBox();
    expect(box?.height ?? 0, 'a thumb-sized target').toBeGreaterThanOrEqual(44);
    await sellAndWaitForServer(s, sellBottle);
    await expect(count).toHaveText('Últimas 2 garrafas');

    const guest = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const g = await guest.newPage();
    await g.goto(w.publicPath);
    const publicWine = g.locator('details', { has: g.getByRole('heading', { name: w.wineName, level: 3 }) });
    await expect(publicWine.getByText('Últimas 2 garrafas')).toBeVisible();
    await expect(publicWine).toContainText('Taça R$ 38,00');

    await sellAndWaitForServer(s, sellBottle);
    await expect(count).toHaveText('Última garrafa');
    await snapshot(s, 'cellar-menu-rows-390');
    await g.reload();
    await expect(publicWine.getByText('Última garrafa')).toBeVisible();

    await sellAndWaitForServer(s, sellBottle);
    await expect(count).toHaveText('Esgotado');
    await g.reload();
    await expect(publicWine.getByText('Esgotado')).toBeVisible();
    await expect(publicWine.getByText('Última garrafa')).toHaveCount(0);
    // One more tap: the shelf is empty and the count stays.
    await sellBottle.tap();
    await expect(s.getByText('Sem estoque suficiente')).toBeVisible();
    await expect(count).toHaveText('Esgotado');
    await sommelier.context.close();

    // The manager would rather hide what ran out: the wine leaves the public menu.
    await m.reload();
    await m.getByRole('radiogroup', { name: 'Quando esgotar' }).getByText('Esconder da carta').click();
    await m.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(m.getByText('Dados da carta salvos.')).toBeVisible();
    await g.reload();
    await expect(g.getByRole('heading', { name: w.wineName })).toHaveCount(0);
    await guest.close();

    // Back at the cellar, the empty wine is first to reorder: six bottles (one case), at the last cost.
    await m.goto('/adega');
    await expect(cellarRow(m, w.wineName)).toContainText('Esgotado');
    await m.getByRole('tab', { name: 'Reposição' }).click();
    const suggestion = m.getByRole('region', { name: w.companyName });
    await expect(suggestion.getByRole('row', { name: new RegExp(w.wineName) })).toContainText('6 (1 cx de 6)');
    await expect(suggestion).toContainText('R$ 591,00');
    expect(await seriousViolations(m), '/adega reposição at 1280 px').toEqual([]);
    await snapshot(m, 'cellar-reorder-1280', { fullPage: true });
    await suggestion.getByRole('button', { name: `Criar pedido para ${w.companyName}` }).click();
    await expect(m.getByRole('heading', { name: 'Novo pedido' })).toBeVisible();
    await expect(m.getByRole('combobox', { name: 'Fornecedor' })).toHaveValue(w.companyName);
    await expect(m.getByRole('combobox', { name: 'Vinho' })).toHaveValue(new RegExp(w.wineName));
    await expect(m.getByRole('textbox', { name: 'Quantidade' })).toHaveValue('6');
    await expect(m.getByRole('textbox', { name: 'Preço unitário' })).toHaveValue('98,50');
    await expect(m.getByTestId('order-total')).toHaveText('R$ 591,00');
    await m.getByRole('button', { name: 'Criar pedido' }).click();
    await expect(m.getByRole('heading', { name: /Pedido #/ })).toBeVisible();
    await expect(m.getByRole('row', { name: new RegExp(w.wineName) })).toContainText('R$ 591,00');
    await manager.context.close();
  });

  test('item form: typed key by key, Esc with unsaved changes asks first; axe on /adega at 1280 px', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const w = await makeCellarWorld(request);
    await callApi(request, 'post', `/api/establishments/${w.establishmentId}/cellar`, {
      name: `Espumante da Casa ${w.tag}`,
      par_level: 4,
      on_hand: 2,
    });
    const { context, page } = await session(browser, w.manager);
    await page.goto('/adega');
    await expect(cellarRow(page, `Espumante da Casa ${w.tag}`)).toContainText('Baixo');

    await page.getByRole('button', { name: 'Novo vinho' }).click();
    const form = page.getByRole('dialog', { name: 'Novo vinho na adega' });
    await form.getByRole('textbox', { name: 'Nome' }).pressSequentially(`Rosé de Verão ${w.tag}`, { delay: 30 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Descartar alterações?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(form.getByRole('textbox', { name: 'Nome' })).toHaveValue(`Rosé de Verão ${w.tag}`);
    await typeSlowly(form.getByRole('textbox', { name: 'Garrafas agora' }), '12');
    await typeSlowly(form.getByRole('textbox', { name: 'Estoque ideal' }), '6');
    await typeSlowly(form.getByRole('textbox', { name: 'Último custo' }), '54,9');
    await form.getByRole('button', { name: 'Adicionar à adega' }).click();
    await expect(page.getByText(`Rosé de Verão ${w.tag} entrou na adega.`)).toBeVisible();
    const row = cellarRow(page, `Rosé de Verão ${w.tag}`);
    await expect(row.getByTestId('cellar-on-hand')).toHaveText('12');
    await expect(row).toContainText('R$ 54,90');
    await expect(row).toContainText('OK');

    // A bad count keeps the dialog open with the field's message; Esc then asks before throwing the change away.
    await row.getByRole('button', { name: `Editar Rosé de Verão ${w.tag}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar Rosé de Verão ${w.tag}` });
    await typeSlowly(edit.getByRole('textbox', { name: 'Último custo' }), 'doze');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit.getByText('O custo deve ser um valor em reais maior ou igual a zero, ex.: 89,90.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Descartar alterações' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('R$ 54,90');

    // Two bottles broke: recorded from the wine's history, with a note.
    await row.getByRole('button', { name: `Histórico Rosé de Verão ${w.tag}` }).click();
    const history = page.getByRole('dialog', { name: `Histórico de Rosé de Verão ${w.tag}` });
    await history.getByRole('combobox', { name: 'Motivo' }).click();
    await page.getByRole('option', { name: 'Quebra' }).click();
    await typeSlowly(history.getByRole('textbox', { name: 'Garrafas', exact: true }), '2');
    await history.getByRole('textbox', { name: 'Observação' }).pressSequentially('Caiu da prateleira', { delay: 20 });
    await history.getByRole('button', { name: 'Registrar' }).click();
    const broke = history.getByRole('row', { name: /Quebra/ });
    await expect(broke).toContainText('−2');
    await expect(broke).toContainText('Caiu da prateleira');
    await expect(broke).toContainText('10');
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await expect(row.getByTestId('cellar-on-hand')).toHaveText('10');

    // Filters: only the low wines.
    await page.getByRole('search', { name: 'Filtrar a adega' }).getByText('Baixo', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Baixo' })).toBeChecked();
    await expect(page.getByTestId('cellar-item')).toHaveCount(1);
    await expect(cellarRow(page, `Espumante da Casa ${w.tag}`)).toBeVisible();
    expect(await seriousViolations(page), '/adega at 1280 px').toEqual([]);
    await page.getByRole('tab', { name: 'Indicadores' }).click();
    await expect(page.getByRole('heading', { name: 'Giro por vinho' })).toBeVisible();
    expect(await seriousViolations(page), '/adega indicadores at 1280 px').toEqual([]);
    await snapshot(page, 'cellar-figures-1280', { fullPage: true });

    await page.getByRole('link', { name: 'Recontagem' }).click();
    await expect(page.getByRole('textbox', { name: 'Garrafas na prateleira' })).toBeFocused();
    await expect(page.getByText('Vinho 1 de 2')).toBeVisible();
    expect(await seriousViolations(page), '/adega/recontagem at 1280 px').toEqual([]);
    await snapshot(page, 'cellar-recount-1280');
    await context.close();
  });

  test('recount on a phone: one wine at a time, counts typed key by key, saved as count movements', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const w = await makeCellarWorld(request);
    const names = [`A Tinto ${w.tag}`, `B Branco ${w.tag}`, `C Rosé ${w.tag}`];
    for (const [i, name] of names.entries()) {
      await callApi(request, 'post', `/api/establishments/${w.establishmentId}/cellar`, { name, par_level: 6, on_hand: 5 + i });
    }
    const { context, page } = await session(browser, w.sommelier, PHONE);
    await page.goto('/adega');
    await expect(page.getByTestId('cellar-item')).toHaveCount(3);
    await expectNoSidewaysScroll(page, 390);
    expect(await seriousViolations(page), '/adega at 390 px').toEqual([]);
    await snapshot(page, 'cellar-stock-390', { fullPage: true });

    await page.getByRole('link', { name: 'Recontagem' }).click();
    await expect(page.getByRole('heading', { name: 'Recontagem', level: 1 })).toBeVisible();
    await expect(page.getByText('Vinho 1 de 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: names[0] })).toBeVisible();
    const counted = page.getByRole('textbox', { name: 'Garrafas na prateleira' });
    await expect(counted).toBeFocused();
    await page.keyboard.type('4', { delay: 40 });
    await expectNoSidewaysScroll(page, 390);
    expect(await seriousViolations(page), '/adega/recontagem at 390 px').toEqual([]);
    await snapshot(page, 'cellar-recount-390');
    await page.getByRole('button', { name: 'Salvar e próximo' }).click();
    // The second is skipped, then back to it with "Anterior" and counted after all.
    await expect(page.getByText('Vinho 2 de 3')).toBeVisible();
    await page.getByRole('button', { name: 'Pular' }).click();
    await expect(page.getByText('Vinho 3 de 3')).toBeVisible();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(page.getByRole('heading', { name: names[1] })).toBeVisible();
    await counted.pressSequentially('12', { delay: 40 });
    await page.keyboard.press('Enter');
    // Six bottles off: it asks first.
    await page
      .getByRole('dialog', { name: `Contagem de ${names[1]}` })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await expect(page.getByText('Vinho 3 de 3')).toBeVisible();
    // The last one matches the system: nothing to adjust.
    await counted.pressSequentially('7', { delay: 40 });
    await page.getByRole('button', { name: 'Salvar e concluir' }).click();
    await expect(page.getByRole('heading', { name: 'Recontagem concluída' })).toBeVisible();
    await expect(page.getByText('3 de 3 vinhos contados')).toBeVisible();
    await expect(page.getByText(`${names[0]}: 5 → 4`)).toBeVisible();
    await expect(page.getByText(`${names[1]}: 6 → 12`)).toBeVisible();
    await snapshot(page, 'cellar-recount-done-390');

    await page.getByRole('link', { name: 'Voltar à adega' }).click();
    await expect(cellarRow(page, names[0] as string).getByTestId('cellar-on-hand')).toHaveText('4');
    await expect(cellarRow(page, names[1] as string).getByTestId('cellar-on-hand')).toHaveText('12');
    await expect(cellarRow(page, names[2] as string).getByTestId('cellar-on-hand')).toHaveText('7');
    await cellarRow(page, names[1] as string)
      .getByRole('button', { name: `Histórico ${names[1]}` })
      .click();
    const history = page.getByRole('dialog', { name: `Histórico de ${names[1]}` });
    // The first count is the bottles the item was created with; the second, this recount's difference.
    await expect(history.getByRole('row', { name: /Contagem/ })).toHaveCount(2);
    await expect(history.getByRole('row', { name: /Contagem/ }).first()).toContainText('12');
    await context.close();
  });
});
