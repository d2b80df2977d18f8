import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';
import { createEstablishmentAndMenu, PHONE } from './admin-api.js';

async function importDialogKeepsItsAction(page: Page, menuId: string, wineName: string) {
  await page.goto(`/carta/${menuId}/editar`);
  await page.getByRole('button', { name: 'Importar do catálogo' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Importar do catálogo' });
  await dialog.getByLabel('Buscar no catálogo').pressSequentially(wineName.toLowerCase(), { delay: 20 });
  const row = dialog.getByRole('button', { name: `Selecionar ${wineName}` });
  await expect(row).toBeVisible();
  const cue = row.getByText('Selecionar', { exact: true });
  const [dialogBox, cueBox] = [await dialog.boundingBox(), await cue.boundingBox()];
  if (!dialogBox || !cueBox) throw new Error('dialog or action not laid out');
  expect(cueBox.x).toBeGreaterThanOrEqual(dialogBox.x);
  expect(cueBox.x + cueBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  const viewport = page.viewportSize();
  expect(cueBox.x + cueBox.width).toBeLessThanOrEqual(viewport?.width ?? 0);
  return { dialog, row };
}

test.describe('Importar do catálogo keeps its action inside the dialog (defect 3)', () => {
  const tag = randomUUID().slice(0, 6);
  const wineName = `Gran Reserva Extraordinariamente Longo de Vinhedos Antigos ${tag}`;
  let menuId = '';

  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request);
    const res = await request.post('/api/catalog/wines', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: wineName, producer: 'Bodega Muito Comprida', region: 'Valle de Colchagua', grape_variety: 'Cabernet Sauvignon' },
    });
    expect(res.status(), await res.text()).toBe(201);
    menuId = (await createEstablishmentAndMenu(request, `Casa Importa ${tag}`, 'Carta')).menuId;
  });

  test('desktop: the row is chosen with Enter', async ({ page, admin }) => {
    await loginViaUi(page, admin);
    const { row } = await importDialogKeepsItsAction(page, menuId, wineName);
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Adicionar vinho' }).getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(
      wineName,
    );
  });

  test.describe('phone', () => {
    test.use(PHONE);
    test('390 px: the row is chosen with a tap', async ({ page, admin }) => {
      await loginViaUi(page, admin);
      const { row } = await importDialogKeepsItsAction(page, menuId, wineName);
      await row.tap();
      await expect(page.getByRole('dialog', { name: 'Adicionar vinho' })).toBeVisible();
    });
  });
});
