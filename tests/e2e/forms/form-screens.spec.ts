import { randomUUID } from 'node:crypto';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';

/**
 * Screenshots of every form at 1280 and 390 px for a person to look at (SHOTS_DIR=/some/folder). Each screen is
 * checked to have no sideways scroll, the one thing a screenshot review most often misses.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;

test.describe('form screens', () => {
  test.skip(!SHOTS_DIR, 'set SHOTS_DIR to take the screenshots');

  for (const width of [1280, 390]) {
    test(`forms at ${width} px`, async ({ page, request, admin }) => {
      const token = await apiToken(request);
      const headers = { authorization: `Bearer ${token}` };
      const tag = randomUUID().slice(0, 6);
      const est = await (
        await request.post('/api/establishments', {
          headers,
          data: { name: `Casa das Telas ${tag}`, phone: '(48) 99999-1234', website: 'casadastelas.com.br' },
        })
      ).json();
      const menu = await (await request.post('/api/wine-menus', { headers, data: { name: 'Carta', establishment_id: est.id } })).json();

      await page.setViewportSize({ width, height: 900 });
      const shot = async (name: string) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
      };

      await page.goto('/login');
      await shot('login');
      await loginViaUi(page, admin);

      await page.goto(`/estabelecimento/${est.id}/editar`);
      await expect(page.getByLabel('Telefone')).toHaveValue('(48) 99999-1234');
      await shot('establishment-edit');
      await page.goto('/estabelecimento/novo');
      await page.getByRole('button', { name: 'Criar estabelecimento' }).click();
      await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toBeFocused();
      await page.screenshot({ path: `${SHOTS_DIR}/establishment-invalid-${width}.png` });

      await page.goto(`/carta/nova?establishment_id=${est.id}`);
      await page.getByLabel('Nome da carta').pressSequentially('Carta de Inverno', { delay: 5 });
      await shot('menu-new');

      await page.goto(`/carta/${menu.id}/editar`);
      await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Adicionar vinho' });
      await dialog.getByLabel('Preço').pressSequentially('1.250,50', { delay: 5 });
      await dialog.getByLabel('Teor alcoólico').pressSequentially('13,5', { delay: 5 });
      await page.keyboard.press('Tab');
      await page.screenshot({ path: `${SHOTS_DIR}/menu-wine-${width}.png` });
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `${SHOTS_DIR}/discard-question-${width}.png` });

      await page.goto('/catalogo/novo');
      await shot('catalog-new');

      await page.goto('/usuarios');
      await page.getByRole('button', { name: 'Novo usuário' }).click();
      await page.screenshot({ path: `${SHOTS_DIR}/user-new-${width}.png` });
    });
  }
});
