import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { slugify } from '../../../src/shared/slug.js';
import { apiToken, createUserViaApi, expect, loginViaUi, openFromNav, test } from '../support/fixtures.js';

const LOGO = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/logo-casa-e2e.png');

async function createCatalogWine(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const token = await apiToken(request);
  const res = await request.post('/api/catalog/wines', { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

const wineNames = (page: Page) => page.getByTestId('menu-wine').evaluateAll((els) => els.map((el) => el.getAttribute('data-wine-name')));

test.describe('wine lists', () => {
  test('establishment with logo → menu → wines by hand and from the catalogue → reorder → unavailable → public page → QR', async ({
    page,
    browser,
    request,
    admin,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const establishmentName = `Casa E2E ${tag}`;
    const handWine = `Tinto da Casa ${tag}`;
    const catalogWine = await createCatalogWine(request, {
      name: `Reserva do Catálogo ${tag}`,
      country: 'Chile',
      grape_variety: 'Carménère',
      wine_style: 'Tinto',
      alcohol_content: '13,5%',
      volume: '750ml',
      aroma: 'Pimentão e frutas negras',
      price_reference: 99.9,
    });

    await loginViaUi(page, admin);

    // Establishment with a logo.
    await page.getByRole('link', { name: 'Novo estabelecimento' }).click();
    await expect(page.getByRole('heading', { name: 'Novo estabelecimento' })).toBeVisible();
    await page.getByRole('button', { name: 'Criar estabelecimento' }).click();
    await expect(page.getByText('Informe o nome do estabelecimento.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(establishmentName);
    await page.getByLabel('Sommelier').fill('Joana Prado');
    await page.getByLabel('Telefone').fill('(48) 3333-4444');
    await page.getByLabel('Site').fill('https://casa-e2e.example');
    await page.locator('input[type="file"]').setInputFiles(LOGO);
    await expect(page.getByRole('img', { name: 'Logo do estabelecimento' })).toBeVisible();
    await page.getByRole('button', { name: 'Criar estabelecimento' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(establishmentName, { exact: true })).toBeVisible();

    // Menu: the slug is shown as it is derived from the name.
    await page.getByRole('link', { name: 'Nova carta' }).click();
    await choose(page, page, 'Estabelecimento', establishmentName);
    await page.getByLabel('Nome da carta').fill('Carta de Verão & Rosés');
    await expect(page.getByLabel('Endereço da carta')).toHaveValue('carta-de-verao-roses');
    await page.getByRole('button', { name: 'Criar carta' }).click();
    await expect(page).toHaveURL(/\/carta\/[0-9a-f-]+\/editar$/);
    await expect(page.getByRole('heading', { name: 'Carta de Verão & Rosés', level: 1 })).toBeVisible();
    await expect(page.getByText('Sommelier: Joana Prado')).toBeVisible();
    const menuPath = new URL(page.url()).pathname;

    // A wine by hand (required fields first).
    await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Adicionar vinho' });
    await dialog.getByRole('button', { name: 'Salvar vinho' }).click();
    await expect(dialog.getByText('Informe o nome do vinho.')).toBeVisible();
    await expect(dialog.getByText('Escolha a categoria.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(handWine);
    await dialog.getByLabel('Preço').fill('89,90');
    await choose(page, dialog, 'Categoria', 'Vinhos Tintos Médios');
    await choose(page, dialog, 'País', 'Brasil');
    await dialog.getByLabel('Uva').fill('Merlot');
    await expect(dialog.getByRole('combobox', { name: 'Volume' })).toHaveValue('750ml');
    await dialog.getByRole('button', { name: 'Salvar vinho' }).click();
    await expect(dialog).toBeHidden();
    const handRow = page.getByTestId('menu-wine').filter({ hasText: handWine });
    await expect(handRow).toContainText(/R\$\s89,90/);
    await expect(handRow).toContainText('Disponível');

    // A wine from the catalogue: pre-filled, price and category left empty.
    await page.getByRole('button', { name: 'Importar do catálogo' }).first().click();
    const search = page.getByRole('dialog', { name: 'Importar do catálogo' });
    await search.getByLabel('Buscar no catálogo').fill(`reserva do catalogo ${tag}`);
    await search.getByRole('button', { name: `Selecionar ${catalogWine.name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Adicionar vinho' });
    await expect(dialog.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(catalogWine.name);
    await expect(dialog.getByLabel('Uva')).toHaveValue('Carménère');
    await expect(dialog.getByLabel('Aroma')).toHaveValue('Pimentão e frutas negras');
    await expect(dialog.getByLabel('Preço')).toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Categoria' })).toHaveValue('');
    await dialog.getByLabel('Preço').fill('129');
    await choose(page, dialog, 'Categoria', 'Vinhos Tintos Médios');
    await dialog.getByRole('button', { name: 'Salvar vinho' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('menu-wine').filter({ hasText: catalogWine.name })).toContainText(/R\$\s129,00/);
    await expect.poll(() => wineNames(page)).toEqual([handWine, catalogWine.name]);

    // Reorder by drag: the catalogue wine goes above the hand-made one, and stays there after a reload.
    const from = await page.getByRole('button', { name: `Mover ${catalogWine.name}` }).boundingBox();
    const to = await page.getByRole('button', { name: `Mover ${handWine}` }).boundingBox();
    if (!from || !to) throw new Error('drag handles not found');
    const saved = page.waitForResponse((r) => r.url().endsWith('/reorder') && r.request().method() === 'PUT');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 8, { steps: 12 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => wineNames(page)).toEqual([catalogWine.name, handWine]);
    await page.reload();
    await expect.poll(() => wineNames(page)).toEqual([catalogWine.name, handWine]);

    // And by keyboard: Space picks the wine up, the arrow moves it, Space drops it.
    const keyboardSaved = page.waitForResponse((r) => r.url().endsWith('/reorder') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: `Mover ${handWine}` }).focus();
    // dnd-kit announces every step in pt-BR through its live region.
    const announcement = (text: string) => page.getByRole('status').filter({ hasText: text });
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: `Mover ${handWine}` })).toHaveAttribute('aria-pressed', 'true');
    // dnd-kit listens for the arrows only from a timer after the pick-up (KeyboardSensor.attach), so an arrow sent at
    // once can go unheard; a person is never that fast. Press again until it moves: at the top a press does nothing.
    await expect(async () => {
      await page.keyboard.press('ArrowUp');
      await expect(announcement(`${handWine} movido para a posição 1 de 2`)).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Space');
    await expect(announcement(`${handWine} solto na posição 1 de 2`)).toHaveCount(1);
    expect((await keyboardSaved).status()).toBe(200);
    await expect.poll(() => wineNames(page)).toEqual([handWine, catalogWine.name]);

    // Mark the hand-made wine unavailable.
    const toggled = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/wines\/[0-9a-f-]+$/.test(r.url()));
    await page.getByRole('switch', { name: `Disponível: ${handWine}` }).click({ force: true });
    expect((await toggled).status()).toBe(200);
    await expect(handRow).toContainText('Indisponível');

    // The public page on a phone: the unavailable wine is absent.
    const publicHref = await page.getByRole('link', { name: 'Visualizar' }).first().getAttribute('href');
    expect(publicHref).toBe(`/${slugify(establishmentName)}/carta-de-verao-roses`);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
    const guest = await phone.newPage();
    const res = await guest.goto(publicHref as string);
    expect(res?.status()).toBe(200);
    await expect(guest.getByText(establishmentName).first()).toBeVisible();
    await expect(guest.getByText(catalogWine.name).first()).toBeVisible();
    await expect(guest.getByText(handWine)).toHaveCount(0);
    await phone.close();

    // QR page: image, address, download named after the establishment.
    await page.getByRole('link', { name: 'QR code' }).click();
    await expect(page).toHaveURL(`${menuPath.replace(/\/editar$/, '')}/qr`);
    await expect(page.getByRole('img', { name: /QR code da carta/ })).toBeVisible();
    await expect(page.getByLabel('URL pública')).toHaveValue(new RegExp(`${publicHref}$`));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar PNG para impressão' }).click();
    expect((await download).suggestedFilename()).toBe(`${slugify(establishmentName)}-carta-de-verao-roses-qr-code.png`);
    const svg = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar SVG para impressão' }).click();
    expect((await svg).suggestedFilename()).toBe(`${slugify(establishmentName)}-carta-de-verao-roses-qr-code.svg`);
    await page.getByRole('link', { name: 'Voltar à carta' }).click();
    await expect(page).toHaveURL(new RegExp(`${menuPath}$`));
  });

  test('catalogue: filter, then delete after the confirmation', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const chilean = await createCatalogWine(request, {
      name: `Filtro ${tag} Alfa`,
      country: 'Chile',
      grape_variety: 'Carménère',
      wine_style: 'Tinto',
    });
    await createCatalogWine(request, { name: `Filtro ${tag} Beta`, country: 'Portugal', grape_variety: 'Alvarinho', wine_style: 'Branco' });

    await loginViaUi(page, admin);
    await openFromNav(page, 'Cartas', 'Catálogo');
    await expect(page.getByRole('heading', { name: 'Catálogo global' })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filtrar catálogo' });
    await filters.getByLabel('Nome').pressSequentially(`filtro ${tag}`, { delay: 20 });
    const rows = page.getByRole('row').filter({ hasText: `Filtro ${tag}` });
    await expect(rows).toHaveCount(2);
    await choose(page, filters, 'País', 'Chile');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(chilean.name);

    await filters.getByLabel('Uva').pressSequentially('carmenere', { delay: 20 });
    await expect(rows).toHaveCount(1);

    // Cancel keeps it; confirm deletes it.
    await page.getByRole('button', { name: `Excluir ${chilean.name}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Excluir vinho' });
    await expect(confirm.getByText('Excluir este vinho do catálogo?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: `Excluir ${chilean.name}` }).click();
    confirm = page.getByRole('dialog', { name: 'Excluir vinho' });
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect(page.getByText('Vinho excluído do catálogo.')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await expect(page.getByText('Nenhum vinho encontrado')).toBeVisible();
  });

  test('catalogue form: an unknown wine alerts and returns to the list; a new wine is saved', async ({ page, admin }) => {
    await loginViaUi(page, admin);
    await page.goto('/catalogo/00000000-0000-4000-8000-000000000000/editar');
    await expect(page.getByText('Falha ao carregar o item')).toBeVisible();
    await expect(page).toHaveURL(/\/catalogo$/);

    const name = `Novo do Catálogo ${randomUUID().slice(0, 6)}`;
    await page.getByRole('link', { name: 'Novo vinho' }).click();
    await page.getByRole('button', { name: 'Adicionar ao catálogo' }).click();
    await expect(page.getByText('Informe o nome do vinho.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
    await page.getByLabel('Produtor').fill('Vinícola Teste');
    await page.getByLabel('Safra').fill('2020');
    await page.getByLabel('Preço de referência').fill('149,90');
    await choose(page, page, 'País', 'Portugal');
    await page.getByRole('button', { name: 'Adicionar ao catálogo' }).click();
    await expect(page).toHaveURL(/\/catalogo$/);
    await page.getByRole('search', { name: 'Filtrar catálogo' }).getByLabel('Nome').pressSequentially(name, { delay: 20 });
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(/R\$\s149,90/);
    await expect(row).toContainText('2020');
  });

  test('catalogue write buttons follow the role: sommelier creates and edits, supplier only reads', async ({ page, request }) => {
    const sommelier = await createUserViaApi(request, 'sommelier');
    await loginViaUi(page, sommelier);
    await page.goto('/catalogo');
    await expect(page.getByRole('heading', { name: 'Catálogo global' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo vinho' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Editar / }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Excluir / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sair' }).click();

    const supplier = await createUserViaApi(request, 'supplier');
    await loginViaUi(page, supplier);
    await page.goto('/catalogo');
    await expect(page.getByRole('heading', { name: 'Catálogo global' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo vinho' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Editar|Excluir) / })).toHaveCount(0);
  });

  test('a menu and an establishment are deleted only after confirming', async ({ page, request, admin }) => {
    const token = await apiToken(request);
    const headers = { authorization: `Bearer ${token}` };
    const name = `Casa Efêmera ${randomUUID().slice(0, 6)}`;
    const est = await request.post('/api/establishments', { headers, data: { name } });
    expect(est.status(), await est.text()).toBe(201);
    const establishment = await est.json();
    for (const menuName of ['Carta do Almoço', 'Carta do Jantar']) {
      const res = await request.post('/api/wine-menus', { headers, data: { name: menuName, establishment_id: establishment.id } });
      expect(res.status(), await res.text()).toBe(201);
    }

    await loginViaUi(page, admin);
    await page.goto(`/cartas?establishment_id=${establishment.id}`);
    await expect(page.getByRole('heading', { name: `Cartas de ${name}` })).toBeVisible();
    const menuRows = page.getByRole('list', { name: 'Cartas' }).getByRole('listitem');
    await expect(menuRows).toHaveCount(2);
    await page.getByRole('button', { name: 'Mais ações da carta Carta do Almoço' }).click();
    await page.getByRole('menuitem', { name: 'Excluir carta' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir carta' });
    await expect(confirm).toContainText('Carta do Almoço');
    await confirm.getByRole('button', { name: 'Excluir carta' }).click();
    await expect(menuRows.filter({ hasText: 'Carta do Almoço' })).toHaveCount(0);
    await expect(menuRows.filter({ hasText: 'Carta do Jantar' })).toHaveCount(1);

    await page.getByRole('link', { name: 'Editar estabelecimento' }).click();
    await page.getByRole('button', { name: 'Excluir estabelecimento' }).click();
    const confirmEst = page.getByRole('dialog', { name: 'Excluir estabelecimento' });
    await expect(confirmEst).toContainText(name);
    await confirmEst.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirmEst).toBeHidden();
    await expect(page).toHaveURL(/\/editar$/);
    await page.getByRole('button', { name: 'Excluir estabelecimento' }).click();
    await page.getByRole('dialog', { name: 'Excluir estabelecimento' }).getByRole('button', { name: 'Excluir estabelecimento' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
    const menus = await request.get(`/api/wine-menus?establishment_id=${establishment.id}`, { headers });
    expect(menus.status()).toBe(200);
    expect(await menus.json()).toEqual([]);
  });
});
