/**
 * Issue 28: the restaurant translates its own texts. A sommelier on a phone (a manager on a laptop) offers English on
 * "Idiomas", reads what is missing and that guests don't see it yet, types the menu's name and two descriptions key by
 * key, saves, accepts the draft of the third description as reviewed, publishes — and a guest whose phone prefers
 * English then reads the menu in English, and the QR page makes a code for tourists that opens it in English.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addMenuWine, createEstablishmentAndMenu, expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const typeInto = async (page: Page, label: string, text: string) => {
  const field = page.getByRole('textbox', { name: label });
  await field.click();
  await page.keyboard.type(text, { delay: 15 });
};

for (const [width, options, role] of [
  [390, PHONE, 'sommelier'],
  [1280, { viewport: { width: 1280, height: 900 }, locale: 'pt-BR' }, 'restaurant_manager'],
] as const) {
  test.describe(`menu languages at ${width} px`, () => {
    test.use(options);

    test(`a ${role} offers English, types two descriptions, accepts a draft for the third, and guests read English`, async ({
      page,
      browser,
      request,
    }) => {
      const tag = randomUUID().slice(0, 6);
      const place = await createEstablishmentAndMenu(request, `Bistrô Idiomas ${tag}`, 'Carta da Casa');
      const wines = [
        { name: `Malbec Reserva ${tag}`, description: 'Fruta negra e taninos macios.', wine_style: 'Tinto', country: 'Argentina' },
        { name: `Chardonnay da Serra ${tag}`, description: 'Cítrico e fresco.', wine_style: 'Branco', country: 'Brasil' },
        { name: `Rosé de Provence ${tag}`, description: 'Morango e flores.', wine_style: 'Rosé', country: 'França' },
      ];
      for (const [i, wine] of wines.entries()) {
        await addMenuWine(request, place.menuId, { ...wine, price: 150 + i, category: 'Vinhos Tintos Encorpados' });
      }
      const person = await createUserViaApi(request, role, [place.establishmentId]);
      await loginViaUi(page, person);

      await page.goto(`/carta/${place.menuId}/editar`);
      await page.getByRole('link', { name: 'Idiomas', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Idiomas da carta', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('Idiomas da carta · Adega');

      const offered = page.getByRole('region', { name: 'Idiomas oferecidos' });
      await offered.getByRole('checkbox', { name: 'Inglês (English)' }).check();
      await expect(page.getByText('Inglês oferecido na carta.')).toBeVisible();
      await expect(offered.getByText('Incompleto: oculto aos clientes')).toBeVisible();
      await expect(offered.getByText('EN: 0 de 3 descrições · 0 de 4 textos prontos')).toBeVisible();

      // Two descriptions and the menu's name typed by the person, key by key.
      await typeInto(page, 'Nome da carta em inglês', 'House wines');
      await typeInto(page, `Descrição de Malbec Reserva ${tag} em inglês`, 'Black fruit and soft tannins.');
      await typeInto(page, `Descrição de Chardonnay da Serra ${tag} em inglês`, 'Citrus and fresh.');
      await expect(page.getByText('3 textos alterados')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Gerar rascunhos das descrições' })).toBeDisabled();
      await expect(page.getByText('Salve as traduções antes de gerar rascunhos.')).toBeVisible();

      // Leaving with unsaved texts asks first; "Continuar editando" keeps them.
      await page.getByRole('link', { name: 'Voltar à carta' }).click();
      await expect(page.getByRole('dialog', { name: 'Descartar alterações?' })).toBeVisible();
      await page.getByRole('button', { name: 'Continuar editando' }).click();
      await expect(page.getByRole('textbox', { name: 'Nome da carta em inglês' })).toHaveValue('House wines');

      const save = page.getByRole('button', { name: 'Salvar traduções (inglês)' });
      await save.click();
      await expect(page.getByText('Traduções salvas.')).toBeVisible();
      await expect(offered.getByText('EN: 2 de 3 descrições · 3 de 4 textos prontos')).toBeVisible();
      await expect(offered.getByText('Incompleto: oculto aos clientes')).toBeVisible();

      // The third from a draft, assembled from the wine's style and country, then accepted as reviewed.
      await page.getByRole('button', { name: 'Gerar rascunhos das descrições' }).click();
      await expect(page.getByText('Rascunhos criados para revisão.')).toBeVisible();
      const drafted = `Descrição de Rosé de Provence ${tag} em inglês`;
      await expect(page.getByRole('textbox', { name: drafted })).not.toHaveValue('');
      await expect(offered.getByText(/1 rascunho a revisar/)).toBeVisible();
      await expect(page.getByText('Rascunho', { exact: true })).toBeVisible();
      await page.getByRole('checkbox', { name: `${drafted}: revisado` }).check();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, width);
      await snapshot(page, `idiomas-${width}`, { fullPage: true });

      await save.click();
      await expect(page.getByText('Traduções salvas.').first()).toBeVisible();
      await expect(offered.getByText('Visível aos clientes')).toBeVisible();
      await expect(offered.getByText('EN: 3 de 3 descrições · 4 de 4 textos prontos')).toBeVisible();

      // Opened again, the screen shows what was saved.
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Nome da carta em inglês' })).toHaveValue('House wines');
      await expect(page.getByRole('checkbox', { name: `${drafted}: revisado` })).toBeChecked();

      // "QR para turistas": a code that opens the menu in English, its card written in English.
      await page.goto(`/carta/${place.menuId}/qr`);
      await page.getByText('Para turistas: Inglês').click();
      await expect(page.getByRole('radio', { name: 'Para turistas: Inglês' })).toBeChecked();
      await expect(page.getByRole('textbox', { name: 'URL pública' })).toHaveValue(/\?lang=en$/);
      await expect(page.getByText('Point your phone’s camera here to open the wine list')).toBeVisible();
      await expect(page.getByText('House wines', { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, width);
      await snapshot(page, `qr-turistas-${width}`, { fullPage: true });

      const guest = await browser.newContext({ ...PHONE, locale: 'en-US' });
      const guestPage = await guest.newPage();
      expect((await guestPage.goto(`/${place.establishmentSlug}/${place.menuSlug}`))?.status()).toBe(200);
      await expect(guestPage.locator('html')).toHaveAttribute('lang', 'en');
      await expect(guestPage.getByText('House wines · 3 wines')).toBeVisible();
      await expect(guestPage.getByRole('heading', { name: 'Full-bodied reds', level: 2 })).toBeVisible();
      // Each description sits in its wine's details, closed until tapped.
      await expect(guestPage.getByText('Black fruit and soft tannins.')).toHaveCount(1);
      await expect(guestPage.getByText('Citrus and fresh.')).toHaveCount(1);
      // The English texts, not the Portuguese ones.
      await expect(guestPage.getByText('Fruta negra e taninos macios.')).toHaveCount(0);
      await expect(guestPage.getByText('Morango e flores.')).toHaveCount(0);
      await guest.close();
    });
  });
}
