import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';

async function apiPost<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const token = await apiToken(request);
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function apiGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const token = await apiToken(request);
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function menuWithoutWines(request: APIRequestContext): Promise<{ id: string }> {
  const tag = randomUUID().slice(0, 6);
  const establishment = await apiPost<{ id: string }>(request, '/api/establishments', { name: `Casa Formulários ${tag}` });
  return apiPost(request, '/api/wine-menus', { name: `Carta ${tag}`, establishment_id: establishment.id });
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Adds a wine typing its price key by key, as a person does; returns the field's text once left. */
async function addWineTypingPrice(page: Page, name: string, typedPrice: string): Promise<string> {
  await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar vinho' });
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).pressSequentially(name, { delay: 10 });
  await dialog.getByLabel('Preço').click();
  await page.keyboard.type(typedPrice, { delay: 30 });
  await page.keyboard.press('Tab');
  const shown = await dialog.getByLabel('Preço').inputValue();
  await choose(page, dialog, 'Categoria', 'Vinhos Tintos Médios');
  await dialog.getByRole('button', { name: 'Salvar vinho' }).click();
  await expect(dialog).toBeHidden();
  return shown;
}

test.describe('forms', () => {
  test('a price typed key by key keeps its thousands (defect 2); "Adicionar vinho" opens blank every time (defect 1)', async ({
    page,
    request,
    admin,
  }) => {
    const menu = await menuWithoutWines(request);
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menu.id}/editar`);

    expect(await addWineTypingPrice(page, 'Mil e Duzentos', '1.250,50')).toBe('1.250,50');
    await expect(page.getByTestId('menu-wine').filter({ hasText: 'Mil e Duzentos' })).toContainText(/R\$\s1\.250,50/);

    // The form opens blank after a save, not with the wine just added.
    await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar vinho' });
    await expect(dialog.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('Preço')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    expect(await addWineTypingPrice(page, 'Dois Mil', '2.400')).toBe('2.400,00');
    expect(await addWineTypingPrice(page, 'Oitenta', '89.90')).toBe('89,90');
    await expect(page.getByTestId('menu-wine').filter({ hasText: 'Dois Mil' })).toContainText(/R\$\s2\.400,00/);
    await expect(page.getByTestId('menu-wine').filter({ hasText: 'Oitenta' })).toContainText(/R\$\s89,90/);

    const saved = await apiGet<{ wines: { name: string; price: number }[] }>(request, `/api/wine-menus/${menu.id}`);
    expect(Object.fromEntries(saved.wines.map((w) => [w.name, w.price]))).toEqual({
      'Mil e Duzentos': 1250.5,
      'Dois Mil': 2400,
      Oitenta: 89.9,
    });

    // An edit opens with the wine being edited, twice in a row.
    for (const [name, price] of [
      ['Dois Mil', '2.400,00'],
      ['Oitenta', '89,90'],
    ] as const) {
      await page.getByRole('button', { name: `Editar ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Editar ${name}` });
      await expect(edit.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(name);
      await expect(edit.getByLabel('Preço')).toHaveValue(price);
      await edit.getByRole('button', { name: 'Cancelar' }).click();
      await expect(edit).toBeHidden();
    }
  });

  test('"Novo usuário" opens blank after creating a user; "Editar" opens with that user (defect 1)', async ({ page, admin }) => {
    const email = `gerente-${randomUUID().slice(0, 8)}@adega.test`;
    await loginViaUi(page, admin);
    await page.goto('/usuarios');

    await page.getByRole('button', { name: 'Novo usuário' }).click();
    let dialog = page.getByRole('dialog', { name: 'Novo usuário' });
    await dialog.getByLabel('E-mail').pressSequentially(email, { delay: 10 });
    await dialog.getByLabel('Senha').pressSequentially('senha-forte-123', { delay: 10 });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Novo usuário' }).click();
      dialog = page.getByRole('dialog', { name: 'Novo usuário' });
      await expect(dialog.getByLabel('E-mail')).toHaveValue('');
      await expect(dialog.getByLabel('Senha')).toHaveValue('');
      await expect(dialog.getByRole('combobox', { name: 'Perfil' })).toHaveValue('Gerente de restaurante');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
    }

    for (const who of [email, admin.email]) {
      await page.getByRole('button', { name: `Editar ${who}` }).click();
      dialog = page.getByRole('dialog', { name: 'Editar usuário' });
      await expect(dialog.getByLabel('E-mail')).toHaveValue(who);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('Esc on a changed form asks before discarding; an untouched one just closes (defect 5)', async ({ page, request, admin }) => {
    const menu = await menuWithoutWines(request);
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menu.id}/editar`);
    const dialog = page.getByRole('dialog', { name: 'Adicionar vinho' });
    const question = page.getByRole('dialog', { name: 'Descartar alterações?' });

    // Untouched: Esc closes without a question.
    await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
    await expect(dialog.getByRole('textbox', { name: 'Nome', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(question).toBeHidden();

    // Changed: Esc asks; "Continuar editando" keeps what was typed.
    await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
    await page.keyboard.type('Malbec da Serra', { delay: 20 });
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Malbec da Serra');

    // The X and Cancelar ask too; "Descartar alterações" closes and the next opening is blank.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Descartar alterações' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
    await expect(dialog.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('');
  });

  test('leaving a changed page form asks first (defect 5)', async ({ page, admin }) => {
    await loginViaUi(page, admin);
    await page.getByRole('link', { name: 'Novo estabelecimento' }).click();
    const name = page.getByRole('textbox', { name: 'Nome', exact: true });
    await name.pressSequentially('Casa Sem Salvar', { delay: 10 });
    const question = page.getByRole('dialog', { name: 'Descartar alterações?' });

    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(name).toHaveValue('Casa Sem Salvar');

    // A link away (the header's Início) is held by the router until the user decides.
    await page.getByRole('link', { name: 'Início' }).first().click();
    await expect(question).toBeVisible();
    await expect(page).toHaveURL(/\/estabelecimento\/novo$/);
    await question.getByRole('button', { name: 'Descartar alterações' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Closing the tab with changes triggers the browser's own question.
    await page.getByRole('link', { name: 'Novo estabelecimento' }).click();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).pressSequentially('Outra', { delay: 10 });
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });

  test('an empty new establishment focuses its first invalid field below the sticky header (defect 6)', async ({ page, admin }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await loginViaUi(page, admin);
    await page.goto('/estabelecimento/novo');
    const name = page.getByRole('textbox', { name: 'Nome', exact: true });
    const header = await page.locator('header').first().boundingBox();
    if (!header) throw new Error('header not found');

    // Scrolled so that "Nome" sits right under the sticky header, the person submits with Enter from another field.
    await page.getByLabel('Sommelier').click();
    const before = await name.boundingBox();
    if (!before) throw new Error('field not found');
    await page.mouse.wheel(0, before.y - 12);
    await expect.poll(async () => (await name.boundingBox())?.y ?? 0).toBeLessThan(header.y + header.height);
    await page.keyboard.press('Enter');

    await expect(name).toBeFocused();
    await expect(page.getByText('Informe o nome do estabelecimento.')).toBeVisible();
    const field = await name.boundingBox();
    if (!field) throw new Error('field not found');
    expect(field.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(field.y + field.height).toBeLessThanOrEqual(700);
  });

  test('phone and website are tidied as typed and saved normalized', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    await loginViaUi(page, admin);
    await page.goto('/estabelecimento/novo');
    await page.getByRole('textbox', { name: 'Nome', exact: true }).pressSequentially(`Vinha Velha ${tag}`, { delay: 10 });
    const phone = page.getByLabel('Telefone');
    await phone.pressSequentially('48999991234', { delay: 10 });
    await page.keyboard.press('Tab');
    await expect(phone).toHaveValue('(48) 99999-1234');
    const site = page.getByLabel('Site');
    await site.pressSequentially('vinhavelha.com.br', { delay: 10 });
    await page.keyboard.press('Tab');
    await expect(site).toHaveValue('https://vinhavelha.com.br');
    await page.getByRole('button', { name: 'Criar estabelecimento' }).click();
    await expect(page).toHaveURL(/\/$/);

    const list = await apiGet<{ name: string; phone: string; website: string }[]>(request, '/api/establishments');
    expect(list.find((e) => e.name === `Vinha Velha ${tag}`)).toMatchObject({
      phone: '+5548999991234',
      website: 'https://vinhavelha.com.br',
    });
  });
});
