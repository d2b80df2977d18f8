import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoSidewaysScroll } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { dragOnto } from '../support/drag.js';
import { apiToken, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

async function api(request: APIRequestContext, method: 'post' | 'get', url: string, data?: object) {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const res = await request[method](url, { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** Clears a field and types like a person: one key at a time. */
async function retype(page: Page, field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await page.keyboard.type(text, { delay: 25 });
}

const inThirtyDays = () => {
  const d = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(d);
};

for (const width of [390, 1280]) {
  test(`at ${width} px Converter asks value, probability and close date, and Ganhar records that value`, async ({
    page,
    request,
    admin,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const company = `Trattoria ${tag}`;
    const lead = await api(request, 'post', '/api/crm/leads', {
      name: `Lia ${tag}`,
      email: `lia-${tag}@trattoria.com.br`,
      company,
      status: 'qualified',
      lead_score: 40,
    });
    await page.setViewportSize({ width, height: 844 });
    await loginViaUi(page, admin);
    await page.goto(`/crm/leads?search=${tag}`);
    await page.getByRole('button', { name: `Converter ${lead.name}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Converter lead' });
    await expect(dialog).toContainText(company);
    // Prefilled: the lead's score as the probability, a month from today as the close date; the value is asked.
    await expect(dialog.getByLabel('Probabilidade (%)')).toHaveValue('40');
    await expect(dialog.getByLabel('Previsão de fechamento')).toHaveValue(inThirtyDays());
    await expect(dialog.getByLabel('Valor (R$)')).toBeFocused();
    await page.keyboard.type('12.500,90', { delay: 25 });
    await retype(page, dialog.getByLabel('Probabilidade (%)'), '60');
    await retype(page, dialog.getByLabel('Previsão de fechamento'), '15/03/2031');
    await expectNoSidewaysScroll(page, width);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `crm-convert-${width}`);
    await dialog.getByRole('button', { name: 'Converter' }).click();
    await expect(page.getByText('Lead convertido em oportunidade com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const [opportunity] = await api(request, 'get', `/api/crm/opportunities?lead_id=${lead.id}`);
    expect(opportunity).toMatchObject({ value: '12500.90', probability: 60, expected_close_date: '2031-03-15', stage: 'prospecting' });
    await page.goto(`/crm/opportunities?search=${tag}`);
    await page.getByRole('button', { name: `Ganhar ${company}` }).click();
    await expect(page.getByText('Oportunidade ganha com sucesso!')).toBeVisible();
    const [won] = await api(request, 'get', `/api/crm/opportunities?lead_id=${lead.id}`);
    expect(won).toMatchObject({ stage: 'closed_won', value: '12500.90' });
  });

  test(`at ${width} px a card moved on the board says so, and Desfazer puts it back`, async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const lead = await api(request, 'post', '/api/crm/leads', { name: `Lead quadro ${tag}`, email: `quadro-${tag}@x.com.br` });
    const opp = await api(request, 'post', '/api/crm/opportunities', { lead_id: lead.id, title: `Quadro ${tag}`, value: '990,00' });
    await page.setViewportSize({ width, height: 844 });
    await loginViaUi(page, admin);
    await page.goto(`/crm/opportunities?view=board&search=${tag}`);
    const from = page.getByRole('region', { name: 'Etapa Prospecção' });
    const to = page.getByRole('region', { name: 'Etapa Qualificação' });
    const card = from.getByRole('button', { name: new RegExp(`^Quadro ${tag}`) });
    await expect(card).toBeVisible();

    const moveSaved = page.waitForResponse(
      (r) => r.url().endsWith(`/crm/opportunities/${opp.id}/stage`) && r.request().method() === 'POST',
    );
    await dragOnto(page, card, to);

    const notice = page.getByRole('alert').filter({ hasText: `“Quadro ${tag}” movida para Qualificação.` });
    await expect(notice).toBeVisible();
    await expect(to.getByRole('button', { name: new RegExp(`^Quadro ${tag}`) })).toBeVisible();
    expect((await moveSaved).status()).toBe(200);
    await snapshot(page, `crm-board-moved-${width}`);
    // Desfazer while the notice shows (it closes by itself after a few seconds).
    await notice.getByRole('button', { name: 'Desfazer' }).click();
    await expect(page.getByText(`“Quadro ${tag}” voltou para Prospecção.`)).toBeVisible();
    await expect(from.getByRole('button', { name: new RegExp(`^Quadro ${tag}`) })).toBeVisible();
    await expect(to.getByRole('button', { name: new RegExp(`^Quadro ${tag}`) })).toHaveCount(0);
    await expect.poll(async () => (await api(request, 'get', `/api/crm/opportunities?search=${tag}`))[0]?.stage).toBe('prospecting');
    expect(opp.stage).toBe('prospecting');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
