/**
 * Issue 28: a manager hands the menu's texts to a translator as a spreadsheet and imports it filled: English becomes
 * visible to guests; a sheet with a line that is not the menu's is refused, naming the line, and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { addMenuWine, createEstablishmentAndMenu, expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { apiToken, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

/** Picks `file` in the browser's file chooser opened by the "Importar planilha" button. */
async function importSheet(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importar planilha' }).click();
  await (await chooser).setFiles(file);
}

for (const [width, options] of [
  [1280, { viewport: { width: 1280, height: 900 }, locale: 'pt-BR' }],
  [390, PHONE],
] as const) {
  test(`a manager exports the translations, imports them filled in, and English is shown to guests (${width} px)`, async ({
    browser,
    request,
  }, testInfo) => {
    const tag = randomUUID().slice(0, 6);
    const place = await createEstablishmentAndMenu(request, `Bistrô Planilha ${tag}`, 'Carta da Casa');
    await addMenuWine(request, place.menuId, {
      name: `Malbec ${tag}`,
      description: 'Fruta negra e taninos macios.',
      price: 150,
      category: 'Vinhos Tintos Encorpados',
    });
    await addMenuWine(request, place.menuId, {
      name: `Branco ${tag}`,
      description: 'Cítrico e fresco.',
      price: 98,
      category: 'Vinhos Brancos Leves',
    });
    // English is offered already (offering it on the screen is the languages editor's spec): the sheet fills it.
    const offered = await request.put(`/api/wine-menus/${place.menuId}/languages`, {
      headers: { authorization: `Bearer ${await apiToken(request)}` },
      data: { offered: ['en'] },
    });
    expect(offered.status(), await offered.text()).toBe(200);
    const manager = await createUserViaApi(request, 'restaurant_manager', [place.establishmentId]);
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await loginViaUi(page, manager);
    await page.goto(`/carta/${place.menuId}/idiomas`);
    await expect(page.getByRole('heading', { name: 'Idiomas da carta', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Idiomas oferecidos' }).getByRole('checkbox', { name: 'Inglês (English)' }),
    ).toBeChecked();

    const sheetCard = page.getByRole('region', { name: 'Planilha para tradutores' });
    const download = page.waitForEvent('download');
    await sheetCard.getByRole('button', { name: 'Exportar planilha' }).click();
    const exported = testInfo.outputPath('traducoes.xlsx');
    await (await download).saveAs(exported);
    const book = XLSX.read(readFileSync(exported), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Traduções']!, { header: 1, defval: '', raw: false });
    expect(rows.map((r) => r[3])).toEqual(['Português (original)', 'Carta da Casa', 'Fruta negra e taninos macios.', 'Cítrico e fresco.']);

    // A sheet with a line that is not the menu's: refused, naming the line; nothing changes.
    const wrong = rows.map((r) => [...r]);
    wrong[2]![1] = '00000000-0000-4000-8000-000000000000';
    wrong[2]![4] = 'Black fruit.';
    const wrongFile = path.join(path.dirname(exported), 'errada.xlsx');
    writeSheet(wrongFile, wrong);
    await importSheet(page, wrongFile);
    await expect(page.getByText(/Linha 3: este texto não é da carta .* Nada foi importado\./)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Idiomas oferecidos' }).getByText('EN: 0 de 2 descrições · 0 de 3 textos prontos'),
    ).toBeVisible();

    // The translator fixes that same file, every English cell filled, and it is sent again under the same name.
    const english = ['House wines', 'Black fruit and soft tannins.', 'Citrus and fresh.'];
    const filled = rows.map((r, i) => (i === 0 ? r : [...r.slice(0, 4), english[i - 1] ?? '', r[5] ?? '']));
    writeSheet(wrongFile, filled);
    await importSheet(page, wrongFile);
    await expect(page.getByText('Planilha importada: 3 textos traduzidos.')).toBeVisible();
    const languages = page.getByRole('region', { name: 'Idiomas oferecidos' });
    await expect(languages.getByText('Visível aos clientes')).toBeVisible();
    await expect(languages.getByText('EN: 2 de 2 descrições · 3 de 3 textos prontos')).toBeVisible();
    await expect(page.getByRole('textbox', { name: `Descrição de Malbec ${tag} em inglês` })).toHaveValue('Black fruit and soft tannins.');
    await expectNoSidewaysScroll(page, width);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `translations-spreadsheet-${width}`, { fullPage: true });
    await context.close();

    const guest = await browser.newContext({ ...PHONE, locale: 'en-US' });
    const menu = await guest.newPage();
    await menu.goto(`/${place.establishmentSlug}/${place.menuSlug}`);
    await expect(menu.getByText('House wines · 2 wines')).toBeVisible();
    await expect(menu.getByText('Black fruit and soft tannins.')).toBeAttached();
    await guest.close();
  });
}

function writeSheet(file: string, rows: string[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Traduções');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}
