import { expect as baseExpect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';
import { seedSampleMenu } from './admin-api.js';

// The main screens with the full sample data: each shows its content (checked in every run); the pictures for a person
// to look at are taken only when SHOTS_DIR names where to put them.
// Screens with the full sample data: allow a busy machine more time than the suite's default.
const expect = baseExpect.configure({ timeout: 30_000 });

for (const width of [1280, 390]) {
  test(`main screens with the sample data at ${width} px`, async ({ browser, request, admin }) => {
    test.setTimeout(240_000);
    const { menuId, establishmentId } = await seedSampleMenu(request);
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await loginViaUi(page, admin);
    const shot = (name: string, fullPage = false) => snapshot(page, `${name}-${width}`, { fullPage });

    await expect(page.getByRole('heading', { name: 'Cartas' })).toBeVisible();
    await shot('home', true);
    await page.goto('/cartas');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await shot('cartas', true);
    await page.goto(`/cartas?establishment_id=${establishmentId}`);
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await shot('cartas-estabelecimento');
    await page.goto('/usuarios');
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await shot('usuarios', true);
    await page.goto('/catalogo');
    await expect(page.getByRole('table')).toBeVisible();
    await shot('catalogo');
    await page.goto(`/carta/${menuId}/qr`);
    await expect(page.getByRole('img', { name: /QR code da carta/ })).toBeVisible();
    await shot('qr', true);
    await page.goto(`/carta/${menuId}/editar`);
    await expect(page.getByTestId('menu-wine').first()).toBeVisible();
    await shot('menu-editor');
    await page.getByRole('searchbox', { name: 'Buscar vinho' }).pressSequentially('malbec', { delay: 20 });
    await shot('menu-editor-busca');
    await page.getByRole('searchbox', { name: 'Buscar vinho' }).clear();
    await page.getByRole('button', { name: 'Importar do catálogo' }).first().click();
    await page
      .getByRole('dialog', { name: 'Importar do catálogo' })
      .getByLabel('Buscar no catálogo')
      .pressSequentially('gran', { delay: 20 });
    await expect(page.getByRole('button', { name: /^Selecionar / }).first()).toBeVisible();
    await shot('importar');
    await context.close();
  });
}
