import path from 'node:path';
import { expect as baseExpect, loginViaUi, test } from '../support/fixtures.js';
import { seedSampleMenu } from './admin-api.js';

// Screenshots for a person to look at; only taken when SHOTS_DIR names where to put them.
const SHOTS_DIR = process.env.SHOTS_DIR;
// Screens with the full sample data: allow a busy machine more time than the suite's default.
const expect = baseExpect.configure({ timeout: 30_000 });

for (const width of [1280, 390]) {
  test(`screenshots at ${width} px`, async ({ browser, request, admin }) => {
    test.skip(!SHOTS_DIR, 'set SHOTS_DIR to take screenshots');
    test.setTimeout(240_000);
    const { menuId, establishmentId } = await seedSampleMenu(request);
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await loginViaUi(page, admin);
    const shot = async (name: string, fullPage = false) =>
      page.screenshot({ path: path.join(SHOTS_DIR as string, `${name}-${width}.png`), fullPage });

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
