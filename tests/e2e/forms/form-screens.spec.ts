import { randomUUID } from 'node:crypto';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

/**
 * Every form at 1280 and 390 px: each screen has no sideways scroll, the one thing a screenshot review most often
 * misses, and a refused save puts the focus on the invalid field (checked in every run). The pictures for a person to
 * look at are taken only with SHOTS_DIR=/some/folder.
 */

test.describe('form screens', () => {
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
        await snapshot(page, `${name}-${width}`, { fullPage: true });
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
      await snapshot(page, `establishment-invalid-${width}`);

      await page.goto(`/carta/nova?establishment_id=${est.id}`);
      await page.getByLabel('Nome da carta').pressSequentially('Carta de Inverno', { delay: 5 });
      await shot('menu-new');

      await page.goto(`/carta/${menu.id}/editar`);
      await page.getByRole('button', { name: 'Adicionar vinho' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Adicionar vinho' });
      await dialog.getByLabel('Preço').pressSequentially('1.250,50', { delay: 5 });
      await dialog.getByLabel('Teor alcoólico').pressSequentially('13,5', { delay: 5 });
      await page.keyboard.press('Tab');
      await snapshot(page, `menu-wine-${width}`);
      await page.keyboard.press('Escape');
      await snapshot(page, `discard-question-${width}`);

      await page.goto('/catalogo/novo');
      await shot('catalog-new');

      await page.goto('/usuarios');
      await page.getByRole('button', { name: 'Novo usuário' }).click();
      await snapshot(page, `user-new-${width}`);
    });
  }
});
