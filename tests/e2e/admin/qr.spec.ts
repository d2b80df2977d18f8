import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as newRequest } from '@playwright/test';
import sharp from 'sharp';
import { pdfText } from '../../../src/server/test-support/pdf-text.js';
import { seriousViolations } from '../support/axe.js';
import { E2E_ADMIN, E2E_PORT } from '../support/constants.js';
import { expect, loginViaUi, test } from '../support/fixtures.js';
import { serverWithoutPublicBaseUrl } from '../support/server-without-base-url.js';
import { snapshot } from '../support/shots.js';
import { addMenuWine, createEstablishmentAndMenu } from './admin-api.js';

test.describe('QR page (defect 8)', () => {
  test('downloads are named after establishment and menu and are print cards with both names', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const { menuId, establishmentSlug, menuSlug } = await createEstablishmentAndMenu(request, `Bistrô QR ${tag}`, 'Carta de Inverno');
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menuId}/qr`);
    await expect(page).toHaveTitle('QR code · Adega');
    await expect(page.getByRole('img', { name: /QR code da carta/ })).toBeVisible();
    // PUBLIC_BASE_URL is set for this server: no warning even though it is local.
    await expect(page.getByText('Este QR code não abre no celular dos clientes')).toHaveCount(0);

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar PNG para impressão' }).click();
    const pngFile = await png;
    expect(pngFile.suggestedFilename()).toBe(`${establishmentSlug}-${menuSlug}-qr-code.png`);
    const meta = await sharp(await readFile((await pngFile.path()) as string)).metadata();
    expect(meta.height).toBeGreaterThan(meta.width ?? 0);

    const svg = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar SVG para impressão' }).click();
    const svgFile = await svg;
    expect(svgFile.suggestedFilename()).toBe(`${establishmentSlug}-${menuSlug}-qr-code.svg`);
    const svgText = await readFile((await svgFile.path()) as string, 'utf8');
    expect(svgText).toContain(`Bistrô QR ${tag}</text>`);
    expect(svgText).toContain('Carta de Inverno</text>');
  });

  test('"Baixar PDF" downloads the whole menu as a PDF with its wines and prices', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const { menuId, establishmentSlug, menuSlug } = await createEstablishmentAndMenu(request, `Adega São João ${tag}`, 'Carta de Verão');
    await addMenuWine(request, menuId, { name: 'Château Margaux Pavillon', price: 1234.5, category: 'Vinhos Tintos Encorpados' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 1280) await loginViaUi(page, admin);
      await page.goto(`/carta/${menuId}/qr`);
      await expect(page.getByRole('img', { name: /QR code da carta/ })).toBeVisible();
      await snapshot(page, `qr-page-${width}`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Baixar PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${establishmentSlug}-${menuSlug}.pdf`);
    const text = pdfText(await readFile((await file.path()) as string)).replace(/\s+/g, ' ');
    expect(text).toContain(`Adega São João ${tag}`);
    expect(text).toContain('Carta de Verão');
    expect(text).toContain('Château Margaux Pavillon');
    expect(text).toContain('R$ 1.234,50');
  });

  test('prints QR codes for tables 1..N as a PDF and refuses more than 200', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const { menuId, establishmentSlug, menuSlug } = await createEstablishmentAndMenu(request, `Cantina Mesa ${tag}`, 'Carta do Salão');
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menuId}/qr`);
    const count = page.getByRole('textbox', { name: 'Número de mesas' });
    await count.fill('');
    await count.pressSequentially('201', { delay: 20 });
    await expect(page.getByText('Informe um número de mesas entre 1 e 200.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Baixar PDF A4 das mesas' })).toBeDisabled();
    await count.fill('');
    await count.pressSequentially('7', { delay: 20 });
    await expect(page.getByText('Informe um número de mesas entre 1 e 200.')).toHaveCount(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('heading', { name: 'QR codes por mesa' }).scrollIntoViewIfNeeded();
      await snapshot(page, `qr-tables-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar PDF A4 das mesas' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${establishmentSlug}-${menuSlug}-qr-mesas-1-a-7.pdf`);
    const text = pdfText(await readFile((await file.path()) as string));
    // Whole lines: the establishment's name ("Cantina Mesa 8…", from a random tag) must not count as a table.
    expect(text).toMatch(/^Mesa 7$/m);
    expect(text).not.toMatch(/^Mesa 8$/m);
    expect(text).toContain(`Cantina Mesa ${tag}`);
    expect(text).toContain('Carta do Salão');
  });

  test.describe('without PUBLIC_BASE_URL', () => {
    const port = E2E_PORT + 1000;
    const base = serverWithoutPublicBaseUrl(port);

    test('warns that a local address will not open on guests’ phones', async ({ page }) => {
      const api = await newRequest.newContext({ baseURL: base });
      const { menuId } = await createEstablishmentAndMenu(api, 'Casa Local', 'Carta');
      await api.dispose();
      await page.goto(`${base}/login`);
      await loginViaUi(page, E2E_ADMIN);
      await page.goto(`${base}/carta/${menuId}/qr`);
      const warning = page.getByText('Este QR code não abre no celular dos clientes');
      await expect(warning).toBeVisible();
      await expect(page.getByText('PUBLIC_BASE_URL')).toBeVisible();
      await expect(page.getByText(`127.0.0.1:${port}`, { exact: true })).toBeVisible();
    });
  });
});
