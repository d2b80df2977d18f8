import { randomUUID } from 'node:crypto';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';

for (const [width, options] of [
  [390, PHONE],
  [1280, { viewport: { width: 1280, height: 800 } }],
] as const) {
  test.describe(`"Novo produto" at ${width} px`, () => {
    test.use(options);

    test('the Categoria list opens under its field, inside the screen, and the page keeps its width', async ({ page, request, admin }) => {
      const tag = randomUUID().slice(0, 6);
      const headers = { authorization: `Bearer ${await apiToken(request)}` };
      const parent = await request.post('/api/products/categories', { headers, data: { name: `Vinhos Tintos Importados ${tag}` } });
      expect(parent.status(), await parent.text()).toBe(201);
      const child = await request.post('/api/products/categories', {
        headers,
        data: { name: `Argentina Mendoza Vale de Uco Reservas ${tag}`, parent_id: (await parent.json()).id },
      });
      expect(child.status(), await child.text()).toBe(201);
      await loginViaUi(page, admin);
      await page.goto('/produtos/gerenciar');
      await page.getByRole('button', { name: 'Novo Produto' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
      await expect(dialog.getByRole('textbox', { name: 'Nome' })).toBeFocused();
      await dialog.getByRole('textbox', { name: 'Nome' }).pressSequentially('Malbec da casa', { delay: 20 });
      const category = dialog.getByRole('combobox', { name: 'Categoria' });
      await category.click();
      await category.pressSequentially('uco', { delay: 20 });
      const listbox = page.getByRole('listbox');
      await expect(listbox.getByRole('option', { name: new RegExp(`Vale de Uco Reservas ${tag}`) })).toBeVisible();
      const box = await listbox.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      const field = await category.boundingBox();
      // The list lies under its field (its own frame and padding aside), not from the field's centre.
      expect(Math.abs((box?.x ?? 0) - (field?.x ?? 0))).toBeLessThan(8);
      await expectNoSidewaysScroll(page, width);
      await listbox.getByRole('option', { name: new RegExp(`Vale de Uco Reservas ${tag}`) }).click();
      await expect(category).toHaveValue(new RegExp(`Vale de Uco Reservas ${tag}`));
      await expectNoSidewaysScroll(page, width);
    });
  });
}
