import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { dragOnto } from '../support/drag.js';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const typeInto = async (field: Locator, text: string) => {
  await field.click();
  await field.pressSequentially(text, { delay: 15 });
};

/** Picks an option of a Mantine Select inside `scope` by the select's label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The "Ganhas" figure of the dashboard's Oportunidades card. */
async function wonCount(page: Page): Promise<number> {
  await page.goto('/crm');
  const card = page.getByRole('region', { name: 'Oportunidades' });
  const row = card.locator('div', { has: page.getByText('Ganhas', { exact: true }) }).last();
  await expect(row).toBeVisible();
  return Number((await row.locator('p').last().textContent())?.trim());
}

async function api(request: APIRequestContext, method: 'post' | 'get', url: string, data?: object) {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const res = await request[method](url, { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test('lead -> qualify -> Converter -> opportunity -> overdue activity -> Concluir -> Ganhar -> dashboard counts it', async ({
  page,
  admin,
}) => {
  // The flow gained a step (Converter's dialog, typed key by key): a little more room on a busy two-core machine.
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const name = `Ana Souza ${tag}`;
  const company = `Bistrô Maré ${tag}`;
  await loginViaUi(page, admin);
  const wonBefore = await wonCount(page);

  await page.goto('/crm/leads');
  await page.getByRole('button', { name: 'Novo lead' }).click();
  let dialog = page.getByRole('dialog', { name: 'Novo lead' });
  await typeInto(dialog.getByLabel('Nome'), name);
  await typeInto(dialog.getByLabel('E-mail'), `ana-${tag}@mare.com.br`);
  await typeInto(dialog.getByLabel('Empresa'), company);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lead criado com sucesso!')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Novo', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Converter ${name}` })).toHaveCount(0);

  await row.getByRole('button', { name: `Editar ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Editar lead' });
  await choose(page, dialog, 'Status', 'Qualificado');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(row.getByText('Qualificado', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Converter ${name}` }).click();
  // Converter asks what the opportunity is worth before opening it.
  dialog = page.getByRole('dialog', { name: 'Converter lead' });
  await typeInto(dialog.getByLabel('Valor (R$)'), '8.400,00');
  await dialog.getByRole('button', { name: 'Converter' }).click();
  await expect(page.getByText('Lead convertido em oportunidade com sucesso!')).toBeVisible();
  await expect(row.getByText('Convertido', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Oportunidades' }).click();
  const oppRow = page.getByRole('row', { name: new RegExp(company) }).filter({ hasText: 'Prospecção' });
  await expect(oppRow).toBeVisible();
  await expect(oppRow.getByText(name)).toBeVisible();

  await page.getByRole('tab', { name: 'Atividades' }).click();
  await page.getByRole('button', { name: 'Nova atividade' }).click();
  dialog = page.getByRole('dialog', { name: 'Nova atividade' });
  const title = `Visita de apresentação ${tag}`;
  await typeInto(dialog.getByLabel('Título'), title);
  await typeInto(dialog.getByLabel('Agendada para'), '10/01/2024 14:30');
  await choose(page, dialog, 'Oportunidade', company);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Atividade criada com sucesso!')).toBeVisible();
  // The sample CRM may fill the list (newest schedule first, capped): find this one as a person would, by searching.
  await typeInto(page.getByRole('textbox', { name: 'Buscar' }), tag);
  const actRow = page.getByRole('row', { name: new RegExp(title) });
  await expect(actRow.getByText('Atrasada')).toBeVisible();
  await expect(actRow.getByText('10/01/2024 14:30')).toBeVisible();
  await expect(actRow.getByText(name)).toBeVisible();
  await actRow.getByRole('button', { name: `Concluir ${title}` }).click();
  await expect(actRow.getByText('Concluída', { exact: true })).toBeVisible();
  await expect(actRow.getByText('Atrasada')).toHaveCount(0);
  await expect(actRow.getByRole('button', { name: `Concluir ${title}` })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Oportunidades' }).click();
  await oppRow.getByRole('button', { name: `Ganhar ${company}` }).click();
  await expect(page.getByText('Oportunidade ganha com sucesso!')).toBeVisible();
  const wonRow = page.getByRole('row', { name: new RegExp(company) });
  await expect(wonRow.getByText('Fechado - Ganho')).toBeVisible();
  await expect(wonRow).toContainText('R$ 8.400,00');
  await expect(wonRow.getByRole('button', { name: `Ganhar ${company}` })).toHaveCount(0);

  expect(await wonCount(page)).toBe(wonBefore + 1);
});

test('board: a card dragged from Prospecção to Proposta moves there and the column totals follow', async ({ page, request, admin }) => {
  const tag = randomUUID().slice(0, 6);
  const lead = await api(request, 'post', '/api/crm/leads', { name: `Lead quadro ${tag}`, email: `quadro-${tag}@x.com.br` });
  const opp = await api(request, 'post', '/api/crm/opportunities', { lead_id: lead.id, title: `Quadro ${tag}`, value: '1234,50' });
  await loginViaUi(page, admin);
  await page.goto(`/crm/opportunities?view=board&search=${tag}`);
  const from = page.getByRole('region', { name: 'Etapa Prospecção' });
  const to = page.getByRole('region', { name: 'Etapa Proposta' });
  const card = from.getByRole('button', { name: new RegExp(`^Quadro ${tag}`) });
  await expect(card).toBeVisible();
  await expect(from.getByTestId('total-prospecting')).toHaveText(/1\.234,50/);

  await dragOnto(page, card, to);

  await expect(to.getByRole('button', { name: new RegExp(`^Quadro ${tag}`) })).toBeVisible();
  await expect(to.getByTestId('total-proposal')).toHaveText(/1\.234,50/);
  await expect(from.getByTestId('total-prospecting')).toHaveText(/0,00/);
  await expect.poll(async () => (await api(request, 'get', `/api/crm/opportunities?search=${tag}`))[0]?.stage).toBe('proposal');
  expect(opp.stage).toBe('prospecting');
});

test('axe on the four CRM screens, and the leads screen at 390 px', async ({ page, request, admin }) => {
  test.setTimeout(120_000); // five axe scans
  const tag = randomUUID().slice(0, 6);
  const lead = await api(request, 'post', '/api/crm/leads', { name: `Lead axe ${tag}`, email: `axe-${tag}@x.com.br`, status: 'qualified' });
  await api(request, 'post', '/api/crm/opportunities', { lead_id: lead.id, title: `Axe ${tag}`, value: '10' });
  await api(request, 'post', '/api/crm/activities', { lead_id: lead.id, title: `Axe ${tag}`, scheduled_at: '2024-01-01T10:00:00Z' });
  await loginViaUi(page, admin);
  for (const [url, ready] of [
    ['/crm', page.getByRole('heading', { name: 'Top Performers' })],
    ['/crm/leads', page.getByRole('table', { name: 'Leads' })],
    ['/crm/opportunities', page.getByRole('table', { name: 'Oportunidades' })],
    ['/crm/opportunities?view=board', page.getByRole('region', { name: 'Etapa Prospecção' })],
    ['/crm/activities', page.getByRole('table', { name: 'Atividades' })],
  ] as const) {
    await page.goto(url);
    await expect(ready).toBeVisible();
    expect(await seriousViolations(page), url).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/crm/leads?search=${tag}`);
  const row = page.getByRole('row', { name: new RegExp(`Lead axe ${tag}`) });
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Novo lead' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo lead' }).getByLabel('Nome')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const width of [1280, 390]) {
  test(`CRM screens with the sample data at ${width} px`, async ({ browser, request, admin }) => {
    test.setTimeout(120_000);
    await api(request, 'post', '/api/seed/crm');
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 900 : 844 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const page = await context.newPage();
    await loginViaUi(page, admin);
    const shot = (name: string) => snapshot(page, `crm-${name}-${width}`, { fullPage: true });
    await page.goto('/crm');
    await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
    await shot('dashboard');
    await page.goto('/crm/leads');
    await expect(page.getByRole('table', { name: 'Leads' })).toBeVisible();
    await shot('leads');
    await page.goto('/crm/opportunities');
    await expect(page.getByRole('table', { name: 'Oportunidades' })).toBeVisible();
    await shot('opportunities');
    await page.goto('/crm/opportunities?view=board');
    await expect(page.getByRole('region', { name: 'Etapa Prospecção' })).toBeVisible();
    await shot('board');
    await page.goto('/crm/activities');
    await expect(page.getByRole('table', { name: 'Atividades' })).toBeVisible();
    await shot('activities');
    await context.close();
  });
}
