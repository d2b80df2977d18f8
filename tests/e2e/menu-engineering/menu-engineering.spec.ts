import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { type CellarWorld, callApi, makeCellarWorld } from '../cellar/cellar-api.js';
import { seriousViolations } from '../support/axe.js';
import { type Credentials, expect, loginViaUi, openFromNav, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

// Issue 32, "Engenharia da carta": a sommelier reads the matrix on a phone, simulates two suggested prices and applies
// them (the public menu shows them); a manager exports the figures to .xlsx.

const LAPTOP = { viewport: { width: 1280, height: 900 }, locale: 'pt-BR' } as const;

/**
 * Four wines sold by the bottle in the last 30 days, 22 bottles in all (the popularity line: 70 % of a quarter,
 * 17,5 %), an average margin of R$ 1.730 / 22 = R$ 78,64 a bottle:
 * - 10 × R$ 200 at cost R$ 80 (45 % of the bottles, R$ 120 a bottle): Estrela;
 * - 10 × R$ 100 at cost R$ 70 (45 %, R$ 30): Burro de carga;
 * - 1 × R$ 300 at cost R$ 100 (4,5 %, R$ 200): Quebra-cabeça;
 * - 1 × R$ 90 at cost R$ 60 (4,5 %, R$ 30): Cão.
 * Revenue R$ 3.390, cost R$ 1.660, margin 51,0 %. The menu's average margin (the default target) is
 * (60 + 30 + 66,7 + 33,3) / 4 = 47,5 %. One more wine has no cost and no sale, one is not in the cellar.
 */
const WINES = {
  star: { name: 'Cabernet Estrela', price: 200, cost: 80, sold: 10, category: 'Vinhos Tintos Encorpados' },
  plowhorse: { name: 'Merlot Burro de Carga', price: 100, cost: 70, sold: 10, category: 'Vinhos Tintos Encorpados' },
  puzzle: { name: 'Chardonnay Quebra-Cabeça', price: 300, cost: 100, sold: 1, category: 'Vinhos Brancos Leves' },
  dog: { name: 'Riesling Cão', price: 90, cost: 60, sold: 1, category: 'Vinhos Brancos Leves' },
} as const;

interface Menu {
  world: CellarWorld;
  names: Record<keyof typeof WINES | 'noCost' | 'noCellar', string>;
}

async function engineeringMenu(request: APIRequestContext): Promise<Menu> {
  const world = await makeCellarWorld(request);
  const { tag, manager } = world;
  const cellarItem = (name: string, cost: number | null) =>
    callApi<{ id: string }>(
      request,
      'post',
      `/api/establishments/${world.establishmentId}/cellar`,
      { name, on_hand: 20, ...(cost === null ? {} : { last_unit_cost: cost }) },
      manager,
    );
  const menuWine = (data: object) => callApi<{ id: string }>(request, 'post', `/api/wine-menus/${world.menuId}/wines`, data, manager);
  const names = {} as Menu['names'];
  const sales: object[] = [];
  for (const [key, wine] of Object.entries(WINES) as [keyof typeof WINES, (typeof WINES)[keyof typeof WINES]][]) {
    const name = `${wine.name} ${tag}`;
    names[key] = name;
    const item = await cellarItem(name, wine.cost);
    const onMenu = await menuWine({ name, price: wine.price, category: wine.category, cellar_item_id: item.id });
    sales.push({
      till_sale_id: `ENG-${tag}-${key}`,
      sold_at: new Date(Date.now() - 60_000).toISOString(),
      lines: [{ menu_wine_id: onMenu.id, quantity: wine.sold, unit: 'bottle' }],
    });
  }
  names.noCost = `Espumante Sem Custo ${tag}`;
  const noCost = await cellarItem(names.noCost, null);
  await menuWine({ name: names.noCost, price: 150, category: 'Espumantes', cellar_item_id: noCost.id });
  names.noCellar = `Rosé Fora da Adega ${tag}`;
  await menuWine({ name: names.noCellar, price: 120, category: 'Vinho Rosé' });
  await callApi(request, 'post', `/api/establishments/${world.establishmentId}/cellar/sales`, { sales }, manager);
  return { world, names };
}

async function session(browser: Browser, who: Credentials, device: object) {
  const context = await browser.newContext({ timezoneId: 'America/Sao_Paulo', ...device });
  const page = await context.newPage();
  await loginViaUi(page, who);
  return { context, page };
}

const region = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

test.describe('Engenharia da carta', () => {
  test('a sommelier on a phone reads the quadrants, simulates two suggested prices and applies them', async ({ browser, request }) => {
    test.setTimeout(150_000);
    const { world, names } = await engineeringMenu(request);
    const { context, page } = await session(browser, world.sommelier, PHONE);

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Engenharia da carta', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Engenharia da carta');
    await expect(page.getByRole('combobox', { name: 'Carta' })).toHaveValue(`Carta da Casa ${world.tag}`);

    await expect(region(page, 'Receita').getByTestId('stat-value')).toHaveText('R$ 3.390,00');
    await expect(region(page, 'Custo').getByTestId('stat-value')).toHaveText('R$ 1.660,00');
    await expect(region(page, 'Margem').getByTestId('stat-value')).toHaveText('R$ 1.730,00');
    await expect(region(page, 'Margem %').getByTestId('stat-value')).toHaveText('51,0%');

    // At 390 px the matrix is a list grouped by quadrant, each wine where the numbers put it.
    const matrix = region(page, 'Matriz de engenharia');
    await expect(matrix.locator('canvas')).toHaveCount(0);
    const quadrants = { star: 'Estrela', plowhorse: 'Burro de carga', puzzle: 'Quebra-cabeça', dog: 'Cão' } as const;
    for (const [key, label] of Object.entries(quadrants) as [keyof typeof quadrants, string][]) {
      const group = region(matrix, label);
      await expect(group.getByRole('listitem')).toHaveCount(1);
      await expect(group.getByRole('listitem')).toContainText(names[key]);
    }
    await expect(region(matrix, 'Estrela')).toContainText('45,45% das vendas · R$ 120,00 por garrafa');
    await expect(region(matrix, 'Quebra-cabeça')).toContainText('Boa margem, pouco pedido');

    // The wines left out say what they miss.
    const missing = region(page, 'Sem dados suficientes');
    await expect(missing.getByRole('row', { name: new RegExp(names.noCost) })).toContainText('sem vendas no período; sem custo');
    await expect(missing.getByRole('row', { name: new RegExp(names.noCellar) })).toContainText('não está ligado a um vinho da adega');

    // The figures: a table that scrolls sideways inside its own labelled region, never the page.
    const figures = page.getByRole('table', { name: 'Números por vinho' });
    await expect(page.getByRole('region', { name: 'Números por vinho (role para os lados)' })).toBeVisible();
    const starRow = figures.getByRole('row', { name: new RegExp(names.star) });
    await expect(starRow).toContainText('2.000,00');
    await expect(starRow).toContainText('Estrela');
    await page.getByRole('textbox', { name: 'Buscar vinho' }).pressSequentially('riesling', { delay: 40 });
    await expect(figures.getByRole('row')).toHaveCount(2);
    await expect(figures.getByRole('row').nth(1)).toContainText(names.dog);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(figures.getByRole('row')).toHaveCount(7);

    await expectNoSidewaysScroll(page, 390);
    expect(await seriousViolations(page), '/engenharia at 390 px').toEqual([]);
    await snapshot(page, 'menu-engineering-390', { fullPage: true });

    // The target: the menu's average (47,5 %) until the sommelier sets 65 %.
    const suggestions = region(page, 'Sugestões de preço');
    const target = suggestions.getByRole('textbox', { name: 'Margem-alvo (%)' });
    await expect(target).toHaveValue('47,5');
    await expect(suggestions).toContainText('Média atual da carta: 47,5% (em uso).');
    await target.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('65', { delay: 60 });
    await suggestions.getByRole('button', { name: 'Salvar margem-alvo' }).click();
    await expect(page.getByText('Margem-alvo salva.')).toBeVisible();
    await expect(suggestions).toContainText('Média atual da carta: 47,5%.');
    await expect(target).toHaveValue('65');

    // 65 %: R$ 70 / 0,35 = R$ 200,00 for the Merlot, R$ 60 / 0,35 = R$ 171,43 -> R$ 171,00 for the Riesling.
    const merlot = suggestions.getByRole('checkbox', { name: names.plowhorse, exact: true });
    const riesling = suggestions.getByRole('checkbox', { name: names.dog, exact: true });
    await expect(suggestions.getByRole('group', { name: 'Vinhos Tintos Encorpados' })).toContainText('R$ 100,00 → R$ 200,00');
    await expect(suggestions.getByRole('group', { name: 'Vinhos Brancos Leves' })).toContainText('R$ 90,00 → R$ 171,00');
    await expect(suggestions.getByRole('button', { name: /Aplicar/ })).toHaveCount(0);
    await merlot.check();
    await riesling.check();

    // Nothing saved yet: the same 22 bottles at the new prices give R$ 4.471 of revenue and R$ 2.811 of margin, 62,9 %;
    // the average a bottle rises to R$ 127,77, so the Cabernet (R$ 120) becomes a Burro de carga and the Merlot a star.
    const whatIf = suggestions.getByRole('status').filter({ hasText: 'Margem no período' });
    await expect(whatIf).toContainText('Margem no período: 51,0% → 62,9% (+11,9 p.p.)');
    await expect(whatIf).toContainText('Receita com as mesmas vendas: R$ 3.390,00 → R$ 4.471,00');
    await expect(whatIf).toContainText('2 vinhos mudam de quadrante');
    const simulated = region(suggestions, 'Matriz com os preços escolhidos');
    await expect(region(simulated, 'Estrela')).toContainText(names.plowhorse);
    await expect(region(simulated, 'Burro de carga')).toContainText(`${names.star}`);
    await expect(region(simulated, 'Burro de carga')).toContainText('antes: Estrela');
    await expect(region(page, 'Margem %').getByTestId('stat-value')).toHaveText('51,0%');
    expect(await seriousViolations(page), 'the what-if at 390 px').toEqual([]);
    await expectNoSidewaysScroll(page, 390);
    await snapshot(page, 'menu-engineering-what-if-390', { fullPage: true });

    await suggestions.getByRole('button', { name: 'Aplicar 2 preços' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aplicar 2 preços à carta?' });
    await expect(dialog).toContainText(`${names.plowhorse}: R$ 100,00 → R$ 200,00`);
    await expect(dialog).toContainText(`${names.dog}: R$ 90,00 → R$ 171,00`);
    await dialog.getByRole('button', { name: 'Aplicar 2 preços' }).click();
    await expect(page.getByText('2 preços aplicados à carta.')).toBeVisible();
    // They are the menu's prices now: nothing left to suggest for them.
    await expect(merlot).toHaveCount(0);
    await expect(riesling).toHaveCount(0);

    await page.goto(world.publicPath);
    const wineRow = (name: string) => page.locator('details', { has: page.getByRole('heading', { name, level: 3 }) });
    await expect(wineRow(names.plowhorse)).toContainText('R$ 200,00');
    await expect(wineRow(names.dog)).toContainText('R$ 171,00');
    await expect(wineRow(names.star)).toContainText('R$ 200,00');
    await context.close();
  });

  test('a manager at 1280 px sees the chart and exports the figures to .xlsx with the table’s columns', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { world, names } = await engineeringMenu(request);
    const { context, page } = await session(browser, world.manager, LAPTOP);
    await openFromNav(page, 'Cartas', 'Engenharia da carta');
    const matrix = region(page, 'Matriz de engenharia');
    await expect(matrix.locator('canvas')).toBeVisible();
    // The chart is hidden from screen readers; its table says the same.
    const hidden = matrix.getByRole('table', { name: 'Matriz de engenharia' });
    await expect(hidden.getByRole('row', { name: new RegExp(names.puzzle) })).toContainText('Quebra-cabeça');
    await expect(page.getByRole('table', { name: 'Números por vinho' }).getByRole('row', { name: new RegExp(names.star) })).toBeVisible();
    expect(await seriousViolations(page), '/engenharia at 1280 px').toEqual([]);
    await expectNoSidewaysScroll(page, 1280);
    await snapshot(page, 'menu-engineering-1280', { fullPage: true });

    // Sorted by "Margem por garrafa (R$)", highest first: the Chardonnay leads.
    const figures = page.getByRole('table', { name: 'Números por vinho' });
    const header = figures.getByRole('columnheader', { name: 'Margem por garrafa (R$)' });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(figures.getByRole('row').nth(1)).toContainText(names.puzzle);
    const columns = (await figures.getByRole('columnheader').allInnerTexts()).map((t) => t.trim());

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar XLSX' }).click();
    const file = testInfo.outputPath('engenharia.xlsx');
    await (await download).saveAs(file);
    const book = XLSX.read(readFileSync(file), { type: 'buffer' });
    const sheet = book.Sheets.Vinhos;
    expect(sheet, 'the "Vinhos" sheet').toBeDefined();
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet as XLSX.WorkSheet, { header: 1 });
    expect(rows[0], 'the same columns as the screen, in order').toEqual(columns);
    const column = (name: string) => (rows[0] ?? []).indexOf(name);
    const rowOf = (name: string) => rows.find((r) => r[0] === name) ?? [];
    const star = rowOf(names.star);
    expect(star[column('Quadrante')]).toBe('Estrela');
    expect(star[column('Garrafas vendidas')]).toBe(10);
    expect(star[column('Receita (R$)')]).toBe(2000);
    expect(star[column('Margem (R$)')]).toBe(1200);
    expect(star[column('Margem (%)')]).toBe(60);
    expect(rowOf(names.plowhorse)[column('Quadrante')]).toBe('Burro de carga');
    expect(rowOf(names.dog)[column('Margem por garrafa (R$)')]).toBe(30);
    expect(rowOf(names.noCellar)[column('Falta')]).toBe('não está ligado a um vinho da adega');

    // At the menu's average (47,5 %), R$ 70 / 0,525 = R$ 133,33 -> R$ 133,00: the what-if redraws the chart.
    const suggestions = region(page, 'Sugestões de preço');
    await suggestions.getByRole('checkbox', { name: names.plowhorse, exact: true }).check();
    const simulated = region(suggestions, 'Matriz com os preços escolhidos');
    await expect(simulated.locator('canvas')).toBeVisible();
    await expect(simulated.getByRole('table', { name: 'Matriz com os preços escolhidos' })).toContainText(names.plowhorse);
    await expect(suggestions.getByRole('status').filter({ hasText: 'Margem no período' })).toContainText('51,0% → 55,4%');
    expect(await seriousViolations(page), 'the what-if at 1280 px').toEqual([]);
    await snapshot(page, 'menu-engineering-what-if-1280', { fullPage: true });
    await context.close();
  });
});
