/**
 * Issue 31 for a till that cannot call the API: its day of sales exported as a spreadsheet and imported from /adega.
 * Two sales go in (one of two lines, one glass among them), a sale of a code linked to no wine is left out, the cellar
 * counts move exactly by what was sold, and the same sheet sent again records nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { downloadFailedRows } from '../support/failed-rows.js';
import { type Credentials, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';
import { callApi } from './cellar-api.js';

const LAPTOP = { viewport: { width: 1280, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' } as const;

interface House {
  establishmentId: string;
  syrah: { id: string; name: string };
  chardonnay: { id: string; name: string };
}

/** A house with two wines in its cellar: ten bottles of a Syrah, one of a Chardonnay. */
async function houseWithCellar(request: APIRequestContext): Promise<House> {
  const tag = randomUUID().slice(0, 6);
  const est = await callApi<{ id: string }>(request, 'post', '/api/establishments', { name: `Bistrô das Planilhas ${tag}` });
  const item = (name: string, on_hand: number) =>
    callApi<{ id: string; name: string }>(request, 'post', `/api/establishments/${est.id}/cellar`, { name, on_hand });
  return {
    establishmentId: est.id,
    syrah: await item(`Syrah da Serra ${tag}`, 10),
    chardonnay: await item(`Chardonnay do Vale ${tag}`, 1),
  };
}

const linkCodeViaApi = (request: APIRequestContext, house: House, code: string, itemId: string) =>
  callApi(request, 'put', `/api/establishments/${house.establishmentId}/till-codes/${code}`, { cellar_item_id: itemId });

/** Yesterday in São Paulo, as the till writes it: "05/12/2026". */
const yesterday = () =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    Date.now() - 86_400_000,
  );

/**
 * The till's export: sale 1001 of two lines (two Syrah bottles, a glass of Chardonnay, which opens its only bottle),
 * sale 1002 of a Chardonnay bottle the cellar no longer has (a discrepancy), sale 1003 of a code linked to no wine.
 */
function writeSheet(file: string): string {
  const day = yesterday();
  mkdirSync(path.dirname(file), { recursive: true });
  const rows = [
    'Cupom;Data;Hora;Código;Qtd;Tipo',
    `1001;${day};20:15;SYR-750;2;Garrafa`,
    `1001;${day};20:15;CHA-750;1;Taça`,
    `1002;${day};21:40;CHA-750;1;Garrafa`,
    `1003;${day};22:05;VIN-404;1;Garrafa`,
  ];
  writeFileSync(file, `${rows.join('\r\n')}\r\n`, 'utf8');
  return file;
}

const UNKNOWN_CODE = 'Linha 5: o código "VIN-404" do PDV não está ligado a um vinho da adega (ligue-o em Integrações)';

/** Links SYR-750 on Integrações, typed as a manager types it. */
async function linkCodeOnScreen(page: Page, house: House) {
  await page.goto(`/integracoes?establishment_id=${house.establishmentId}`);
  await page.getByLabel('Código no PDV').pressSequentially('SYR-750', { delay: 30 });
  await page.getByRole('combobox', { name: 'Vinho da adega' }).pressSequentially('Syr', { delay: 30 });
  await page.getByRole('option', { name: house.syrah.name }).click();
  await page.getByRole('button', { name: 'Ligar código' }).click();
  await expect(page.getByText(`Código SYR-750 ligado a ${house.syrah.name}.`)).toBeVisible();
}

const counts = (page: Page) => ({
  processed: page.getByRole('group', { name: 'Processadas', exact: true }),
  recorded: page.getByRole('group', { name: 'Registradas', exact: true }),
  before: page.getByRole('group', { name: 'Já registradas', exact: true }),
  errors: page.getByRole('group', { name: 'Com erro', exact: true }),
});

async function expectCounts(page: Page, [processed, recorded, before, errors]: [string, string, string, string]) {
  const c = counts(page);
  await expect(c.processed).toContainText(processed);
  await expect(c.recorded).toContainText(recorded);
  await expect(c.before).toContainText(before);
  await expect(c.errors).toContainText(errors);
}

/** The step looks right at this width: no serious axe finding, no sideways scroll, and a picture for a person. */
async function checkStep(page: Page, width: number, name: string) {
  expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  await expectNoSidewaysScroll(page, width);
  await snapshot(page, `importar-vendas-${name}-${width}`, { fullPage: true });
}

/** Upload, preview and mapping of the sheet, up to the mapping step; answers the mapping step's note. */
async function sendSheet(page: Page, sheet: string, width: number, round: number) {
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor, selecione um arquivo');
  await page.locator('input[type="file"]').setInputFiles(sheet);
  await expect(page.getByRole('button', { name: 'Remover' })).toBeVisible();
  await expect(page.getByText('vendas-pdv.csv').first()).toBeVisible();
  if (round === 1) await checkStep(page, width, '1-arquivo');
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();

  const preview = page.getByRole('table', { name: 'Pré-visualização da planilha' });
  await expect(preview).toBeVisible();
  await expect(page.getByText(/4\s+linhas de vendas e\s+6\s+colunas/)).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Código' })).toBeVisible();
  await expect(preview.getByRole('row')).toHaveCount(5);
  await expect(preview.getByRole('row', { name: /1001 .*CHA-750/ })).toContainText('Taça');
  await expect(preview.getByRole('cell', { name: 'VIN-404', exact: true })).toBeVisible();
  if (round === 1) await checkStep(page, width, '2-previa');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('combobox', { name: 'Número da venda', exact: true })).toHaveValue('Cupom');
  await expect(page.getByRole('combobox', { name: 'Data (ou data e hora)', exact: true })).toHaveValue('Data');
  await expect(page.getByRole('combobox', { name: 'Hora', exact: true })).toHaveValue('Hora');
  await expect(page.getByRole('combobox', { name: 'Código do produto no PDV', exact: true })).toHaveValue('Código');
  await expect(page.getByRole('combobox', { name: 'Quantidade', exact: true })).toHaveValue('Qtd');
  await expect(page.getByRole('combobox', { name: 'Garrafa ou taça', exact: true })).toHaveValue('Tipo');
  await expect(page.getByText('as linhas com o mesmo número de venda formam uma venda só')).toBeVisible();
}

async function expectCellar(page: Page, house: House, syrah: string, chardonnay: string, open: string | null) {
  const row = (name: string) => page.getByTestId('cellar-item').filter({ hasText: name });
  await expect(row(house.syrah.name).getByTestId('cellar-on-hand')).toHaveText(syrah);
  await expect(row(house.chardonnay.name).getByTestId('cellar-on-hand')).toHaveText(chardonnay);
  if (open) await expect(row(house.chardonnay.name).getByTestId('cellar-open-bottle')).toHaveText(open);
}

for (const [width, device, role] of [
  [1280, LAPTOP, 'restaurant_manager'],
  [390, { ...PHONE, timezoneId: 'America/Sao_Paulo' }, 'sommelier'],
] as const) {
  test(`at ${width} px: a ${role} imports the till's day of sales from /adega, and the same sheet again records nothing twice`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const house = await houseWithCellar(request);
    const person: Credentials = await createUserViaApi(request, role, [house.establishmentId]);
    await linkCodeViaApi(request, house, 'CHA-750', house.chardonnay.id);
    const sheet = writeSheet(testInfo.outputPath('vendas-pdv.csv'));
    const context = await browser.newContext(device);
    const page = await context.newPage();
    await loginViaUi(page, person);
    if (role === 'restaurant_manager') await linkCodeOnScreen(page, house);
    else await linkCodeViaApi(request, house, 'SYR-750', house.syrah.id);

    await page.goto(`/adega?establishment_id=${house.establishmentId}`);
    await expectCellar(page, house, '10', '1', null);
    await page.getByRole('link', { name: 'Importar vendas do PDV' }).click();
    await expect(page.getByRole('heading', { name: 'Importar vendas do PDV', level: 1 })).toBeVisible();
    await expect(page.getByText('Nenhuma importação ainda')).toBeVisible();

    // First round: the sheet as the till exported it.
    await sendSheet(page, sheet, width, 1);
    await expect(page.getByText(/^Sugerimos as colunas pelos nomes do cabeçalho/)).toBeVisible();
    await checkStep(page, width, '3-mapeamento');
    await page.getByRole('button', { name: 'Iniciar importação' }).click();
    await expect(page.getByRole('progressbar').or(page.getByText('Importação concluída'))).toBeVisible();
    await snapshot(page, `importar-vendas-4-progresso-${width}`, { fullPage: true });
    await expect(page.getByText('Importação concluída')).toBeVisible({ timeout: 90_000 });
    await expectCounts(page, ['4 de 4', '3', '0', '1']);
    await expect(page.getByText(/^2 vendas registradas agora; 1 linha com erro não entrou/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Erros' }).getByRole('listitem')).toHaveText([UNKNOWN_CODE]);
    await expect(page.getByRole('list', { name: 'Vendas acima do estoque' }).getByRole('listitem')).toHaveCount(1);
    await checkStep(page, width, '5-resultado');

    const { fileName, rows } = await downloadFailedRows(page);
    expect(fileName).toBe('linhas-com-erro-vendas-pdv.xlsx');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(['Cupom', 'Data', 'Hora', 'Código', 'Qtd', 'Tipo', 'Motivo']);
    expect(rows[1]?.slice(0, 6)).toEqual(['1003', yesterday(), '22:05', 'VIN-404', '1', 'Garrafa']);
    expect(rows[1]?.[6]).toContain('VIN-404');

    // The history below the wizard follows the import.
    const history = page.getByRole('table', { name: 'Importações' });
    const first = history.getByRole('row').filter({ hasText: 'vendas-pdv.csv' });
    await expect(first).toHaveCount(1);
    await expect(first).toContainText('Concluída');
    await expect(first).toContainText(person.email);

    // The cellar: two Syrah bottles fewer; the Chardonnay's only bottle opened for the glass (four glasses left in it),
    // and its bottle sale, with no bottle left, waits for a recount.
    await page.getByRole('main').getByRole('link', { name: 'Adega da casa' }).click();
    await expectCellar(page, house, '8', '0', '+ garrafa aberta (4 taças)');
    await expect(page.getByRole('list', { name: 'Vendas do PDV acima do estoque' })).toContainText(
      `${house.chardonnay.name}: o PDV vendeu 1 garrafa a mais do que a adega tinha (venda 1002).`,
    );

    // Second round: the same sheet again; the mapping is the one used last time, and nothing is recorded twice.
    await page.getByRole('link', { name: 'Importar vendas do PDV' }).click();
    await sendSheet(page, sheet, width, 2);
    await expect(page.getByText(/^Usamos as colunas da última importação deste estabelecimento/)).toBeVisible();
    await snapshot(page, `importar-vendas-3-mapeamento-lembrado-${width}`, { fullPage: true });
    await page.getByRole('button', { name: 'Iniciar importação' }).click();
    await expect(page.getByText('Importação concluída')).toBeVisible({ timeout: 90_000 });
    await expectCounts(page, ['4 de 4', '0', '3', '1']);
    await expect(page.getByText(/^Nenhuma venda registrada agora; 2 já estavam registradas e não foram registradas de novo/)).toBeVisible();
    await checkStep(page, width, '5-resultado-repetido');
    await expect(history.getByRole('row').filter({ hasText: 'vendas-pdv.csv' })).toHaveCount(2);

    // Nova Importação: back to an empty step 1.
    await page.getByRole('button', { name: 'Nova Importação' }).click();
    await expect(page.getByRole('button', { name: 'Enviar arquivo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remover' })).toHaveCount(0);

    if (width === 1280) {
      // Detalhes of the first import, then Excluir with its question.
      const oldest = history.getByRole('row').filter({ hasText: 'vendas-pdv.csv' }).last();
      await oldest.getByRole('button', { name: 'Detalhes' }).click();
      const details = page.getByRole('dialog', { name: 'Detalhes da importação' });
      await expect(details.getByRole('list', { name: 'Erros' })).toHaveText(UNKNOWN_CODE);
      await expect(details.getByText('Código', { exact: true })).toBeVisible();
      await checkStep(page, width, '6-detalhes');
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
      await oldest.getByRole('button', { name: 'Excluir' }).click();
      const confirm = page.getByRole('dialog', { name: 'Excluir importação' });
      await expect(confirm).toContainText('as vendas registradas continuam na adega');
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await expect(page.getByText('Importação excluída.')).toBeVisible();
      await expect(history.getByRole('row').filter({ hasText: 'vendas-pdv.csv' })).toHaveCount(1);
    }

    // Nothing moved the second time.
    await page.getByRole('main').getByRole('link', { name: 'Adega da casa' }).click();
    await expectCellar(page, house, '8', '0', '+ garrafa aberta (4 taças)');
    await checkStep(page, width, '7-adega-depois');
    await context.close();
  });
}
