import { randomUUID } from 'node:crypto';
import { expect, loginViaUi, test } from '../support/fixtures.js';
import { addMenuWine, createEstablishmentAndMenu, expectNoSidewaysScroll, PHONE, seedSampleMenu } from './admin-api.js';

test.describe('menu editor on a phone (390 px)', () => {
  test.use(PHONE);

  test('the 52-wine sample menu fits the screen; a wine is found by search and switched off and on', async ({ page, request, admin }) => {
    const { menuId } = await seedSampleMenu(request);
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menuId}/editar`);
    const rows = page.getByTestId('menu-wine');
    await expect(rows.first()).toBeVisible();
    const total = await rows.count();
    expect(total).toBeGreaterThan(40);
    await expectNoSidewaysScroll(page, 390);

    // Each row keeps its name on one readable block: far shorter than the 439 px rows of before, even with the
    // cellar's count and its "−1 garrafa" button (every sample wine is linked to the house cellar).
    const box = await rows.first().boundingBox();
    expect(box?.height).toBeLessThan(240);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

    const name = (await rows.nth(5).getAttribute('data-wine-name')) as string;
    const search = page.getByRole('searchbox', { name: 'Buscar vinho' });
    await search.pressSequentially(name.split(' ').slice(0, 2).join(' ').toLowerCase(), { delay: 30 });
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
    expect(await rows.count()).toBeLessThan(total);

    const row = rows.filter({ hasText: name });
    const toggle = row.getByRole('switch', { name: `Disponível: ${name}` });
    await expect(toggle).toBeChecked();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/wines\/[0-9a-f-]+$/.test(r.url()));
    await toggle.tap();
    expect((await saved).status()).toBe(200);
    await expect(toggle).not.toBeChecked();
    await expect(row).toContainText('Indisponível');

    // The availability filter finds it among the unavailable wines, then it goes back on.
    await search.clear();
    await page.getByText('Indisponíveis', { exact: true }).tap();
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
    const back = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/wines\/[0-9a-f-]+$/.test(r.url()));
    await rows.filter({ hasText: name }).getByRole('switch').tap();
    expect((await back).status()).toBe(200);
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
    await page.getByText('Todos', { exact: true }).tap();
    await expect(rows).toHaveCount(total);
    await expectNoSidewaysScroll(page, 390);
  });

  test('a long name wraps, price and actions stay on screen; Editar and Excluir are in the row menu', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const longName = `Château Grand Vin de Bordeaux Supérieur Réserve Spéciale ${tag}`;
    const { menuId } = await createEstablishmentAndMenu(request, `Casa Longa ${tag}`, 'Carta');
    await addMenuWine(request, menuId, {
      name: longName,
      price: 1250.5,
      category: 'Vinhos Tintos Encorpados',
      country: 'França',
      grape_variety: 'Cabernet Sauvignon, Merlot, Cabernet Franc',
      alcohol_content: '14',
      description: 'Um vinho longo para testar a quebra de linha no celular.',
    });
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menuId}/editar`);
    const row = page.getByTestId('menu-wine').filter({ hasText: longName });
    await expect(row).toContainText(/R\$\s1\.250,50/);
    await expect(row).toContainText('14%');
    await expectNoSidewaysScroll(page, 390);
    const rowBox = await row.boundingBox();
    for (const control of [row.getByRole('switch'), row.getByRole('button', { name: `Ações de ${longName}` }), row.getByText(/R\$/)]) {
      const b = await control.boundingBox();
      expect(b && rowBox && b.x + b.width <= rowBox.x + rowBox.width).toBe(true);
    }
    await row.getByRole('button', { name: `Ações de ${longName}` }).tap();
    await page.getByRole('menuitem', { name: 'Editar' }).tap();
    await expect(page.getByRole('dialog', { name: `Editar ${longName}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: `Ações de ${longName}` }).tap();
    await page.getByRole('menuitem', { name: 'Excluir' }).tap();
    await expect(page.getByRole('dialog', { name: 'Excluir vinho' })).toContainText(longName);
  });
});

test('desktop: searching hides reordering until the search is cleared; the search matches the grape', async ({ page, request, admin }) => {
  const tag = randomUUID().slice(0, 6);
  const { menuId } = await createEstablishmentAndMenu(request, `Casa Busca ${tag}`, 'Carta');
  await addMenuWine(request, menuId, { name: `Tinto A ${tag}`, price: 80, category: 'Vinhos Tintos Médios', grape_variety: 'Carménère' });
  await addMenuWine(request, menuId, { name: `Tinto B ${tag}`, price: 90, category: 'Vinhos Tintos Médios', grape_variety: 'Merlot' });
  await loginViaUi(page, admin);
  await page.goto(`/carta/${menuId}/editar`);
  await expect(page.getByRole('button', { name: `Mover Tinto A ${tag}` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar vinho' }).pressSequentially('carmenere', { delay: 30 });
  await expect(page.getByTestId('menu-wine')).toHaveCount(1);
  await expect(page.getByTestId('menu-wine')).toContainText(`Tinto A ${tag}`);
  await expect(page.getByRole('button', { name: /^Mover / })).toHaveCount(0);
  await expect(page.getByText('1 de 2 vinhos. Limpe a busca para reordenar.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(page.getByRole('button', { name: /^Mover / })).toHaveCount(2);
});
