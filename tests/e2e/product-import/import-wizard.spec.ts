import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { downloadFailedRows } from '../support/failed-rows.js';
import { expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const SAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/tabela-precos-vinhos.xlsx');

const chooseFile = (page: Page) => page.locator('input[type="file"]').setInputFiles(SAMPLE);

test('the whole wizard with the sample price list, then history -> Detalhes -> Excluir', async ({ page, admin }) => {
  test.setTimeout(180_000);
  await loginViaUi(page, admin);
  await page.goto('/produtos/importar');
  await expect(page.getByRole('heading', { name: 'Importar produtos' })).toBeVisible();

  // Step 1: nothing chosen yet.
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor, selecione um arquivo');
  await chooseFile(page);
  await expect(page.getByText('tabela-precos-vinhos.xlsx')).toBeVisible();
  await expect(page.getByText('0,06 MB')).toBeVisible();
  await snapshot(page, 'importar-1-arquivo-1280', { fullPage: true });
  expect(await seriousViolations(page), 'upload step').toEqual([]);
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();

  // Step 2: the preview; back to 1 and forward again.
  const preview = page.getByRole('table', { name: 'Pré-visualização da planilha' });
  await expect(preview).toBeVisible();
  await expect(page.getByText(/300\s+linhas de produtos/)).toBeVisible();
  await expect(preview.getByRole('cell', { name: '000014', exact: true })).toBeVisible();
  await expect(preview.getByRole('cell', { name: 'R$ 568,44', exact: true })).toBeVisible();
  await snapshot(page, 'importar-2-previa-1280', { fullPage: true });
  expect(await seriousViolations(page), 'preview step').toEqual([]);
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByRole('button', { name: 'Enviar arquivo' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 3: the mapping suggested from the headers.
  await expect(page.getByRole('combobox', { name: 'Nome', exact: true })).toHaveValue('Nome do Produto');
  await expect(page.getByRole('combobox', { name: 'Preço', exact: true })).toHaveValue('Preço');
  await expect(page.getByRole('combobox', { name: 'SKU / Código', exact: true })).toHaveValue('Código');
  await expect(page.getByRole('combobox', { name: 'Origem', exact: true })).toHaveValue('País de Origem');
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(preview).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await snapshot(page, 'importar-3-mapeamento-1280', { fullPage: true });
  expect(await seriousViolations(page), 'mapping step').toEqual([]);
  // A required field left without a column.
  const category = page.getByRole('combobox', { name: 'Categoria', exact: true });
  // Mantine hides the clear button from assistive tech (the value can be cleared by typing); a mouse user clicks it.
  await category.locator('xpath=..').locator('button').click();
  await expect(category).toHaveValue('');
  await page.getByRole('button', { name: 'Iniciar importação' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor, mapeie todos os campos obrigatórios');
  await category.click();
  await page.getByRole('option', { name: 'Categoria', exact: true }).click();
  await expect(category).toHaveValue('Categoria');
  await page.getByRole('button', { name: 'Iniciar importação' }).click();

  // Steps 4 and 5: progress, then the result.
  await expect(page.getByRole('progressbar').or(page.getByText('Importação concluída'))).toBeVisible();
  await snapshot(page, 'importar-4-progresso-1280', { fullPage: true });
  await expect(page.getByText('Importação concluída')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('290', { exact: true })).toBeVisible();
  const errors = page.getByRole('list', { name: 'Erros' });
  await expect(errors.getByText("Linha 17: preço 'abc' não é um número")).toBeVisible();
  await expect(errors.getByRole('listitem')).toHaveCount(8);
  await expect(page.getByRole('list', { name: 'Avisos' }).getByRole('listitem')).toHaveCount(2);
  await snapshot(page, 'importar-5-resultado-1280', { fullPage: true });
  expect(await seriousViolations(page), 'result step').toEqual([]);

  const { fileName, rows } = await downloadFailedRows(page);
  expect(fileName).toBe('linhas-com-erro-tabela-precos-vinhos.xlsx');
  expect(rows[0]?.at(-1)).toBe('Motivo');
  expect(rows).toHaveLength(9);

  await page.getByRole('button', { name: 'Nova Importação' }).click();
  await expect(page.getByRole('button', { name: 'Enviar arquivo' })).toBeVisible();
  await expect(page.getByText('tabela-precos-vinhos.xlsx')).toHaveCount(0);

  // History: the import, its details, then deleted.
  await page.goto('/produtos/historico');
  const table = page.getByRole('table', { name: 'Importações' });
  const done = table.getByRole('row').filter({ hasText: 'Concluída' }).first();
  await expect(done).toContainText('tabela-precos-vinhos.xlsx');
  await expect(done).toContainText(admin.email);
  await snapshot(page, 'historico-1280', { fullPage: true });
  expect(await seriousViolations(page), 'history').toEqual([]);
  await done.getByRole('button', { name: 'Detalhes' }).click();
  const details = page.getByRole('dialog', { name: 'Detalhes da importação' });
  await expect(details.getByText("Linha 17: preço 'abc' não é um número")).toBeVisible();
  await expect(details.getByText('Nome do Produto', { exact: true })).toBeVisible();
  await snapshot(page, 'historico-detalhes-1280', { fullPage: true });
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  const before = await table.getByRole('row').count();
  await done.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir importação' });
  await expect(confirm).toContainText('os produtos importados continuam cadastrados');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Importação excluída.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(before - 1);
});

test.describe('phone', () => {
  test.use(PHONE);
  test('390 px: upload and preview fit the screen; the history shows one card per import', async ({ page, admin }) => {
    await loginViaUi(page, admin);
    await page.goto('/produtos/importar');
    await chooseFile(page);
    await page.getByRole('button', { name: 'Enviar arquivo' }).click();
    await expect(page.getByRole('table', { name: 'Pré-visualização da planilha' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('combobox', { name: 'Nome', exact: true })).toHaveValue('Nome do Produto');
    await snapshot(page, 'importar-3-mapeamento-390', { fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.goto('/produtos/historico');
    await expect(page.getByRole('table', { name: 'Importações' })).toBeVisible();
    await snapshot(page, 'historico-390', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
