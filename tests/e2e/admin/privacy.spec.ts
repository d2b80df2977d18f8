import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { seriousViolations } from '../support/axe.js';
import { apiToken, expect, loginViaUi, openFromNav, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';
import { PHONE } from './admin-api.js';

// Issue 29, LGPD: an admin finds a lead by e-mail, exports its data (a ZIP from a link), then erases it, at a phone's
// and a laptop's width.

for (const [label, options] of [
  ['390 px', PHONE],
  ['1280 px', { viewport: { width: 1280, height: 800 }, locale: 'pt-BR' }],
] as const) {
  test.describe(`LGPD at ${label}`, () => {
    test.use(options);

    test('an admin exports and then erases a lead', async ({ page, request, admin }) => {
      // A busy two-core machine: the export job and two axe runs take their time.
      test.setTimeout(300_000);
      const width = options.viewport.width;
      const tag = randomUUID().slice(0, 8);
      const lead = {
        name: `Lívia ${tag} Prado`,
        email: `livia-${tag}@bistro.com.br`,
        phone: `(48) 9${randomInt(6, 10)}${randomInt(100, 1000)}-${randomInt(1000, 10_000)}`,
        company: `Bistrô ${tag}`,
        notes: 'Prefere contato por e-mail.',
      };
      const headers = { authorization: `Bearer ${await apiToken(request)}` };
      const created = await request.post('/api/crm/leads', { headers, data: lead });
      expect(created.status(), await created.text()).toBe(201);

      await loginViaUi(page, admin);
      if (width >= 1280) await openFromNav(page, 'Administração', 'Dados pessoais (LGPD)');
      else await page.goto('/lgpd');
      await expect(page.getByRole('heading', { level: 1, name: 'Dados pessoais (LGPD)' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Regras de retenção' })).toBeVisible();
      await expect(page.getByText('Cadastros de restaurantes recusados ou abandonados: 180 dias')).toBeVisible();

      await page.getByRole('textbox', { name: 'E-mail, CPF ou telefone' }).fill(lead.phone);
      await page.getByRole('button', { name: 'Buscar' }).click();
      const findings = page.getByRole('region', { name: 'Dados encontrados' });
      await expect(findings.getByText(`${lead.name} · ${lead.email} · ${lead.company}`)).toBeVisible();
      await expect(findings.getByText('Leads (CRM) (1)')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await snapshot(page, `lgpd-titular-${width}`, { fullPage: true });

      // Export: the job builds the ZIP; its link shows in the requests list.
      await page.getByRole('button', { name: 'Exportar dados' }).click();
      await expect(page.getByText('Exportação pedida')).toBeVisible();
      const requests = page.getByRole('table', { name: 'Pedidos dos titulares' });
      const link = requests.getByRole('link', { name: 'Baixar ZIP' }).first();
      await expect(link).toBeVisible({ timeout: 30_000 });
      await expect(requests.getByText(/Link válido até/).first()).toBeVisible();
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toContain('/api/lgpd/exports/');
      const downloading = page.waitForEvent('download');
      await link.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^adega-dados-pessoais-\d{4}-\d{2}-\d{2}\.zip$/);
      const zipPath = await download.path();
      const exportedLeads = JSON.parse(execFileSync('unzip', ['-p', zipPath, 'dados/leads.json'], { encoding: 'utf8' }));
      expect(exportedLeads).toEqual([expect.objectContaining({ name: lead.name, email: lead.email, notes: lead.notes })]);

      // Erase: a confirmation first; Cancelar keeps everything.
      await page.getByRole('button', { name: 'Apagar dados' }).click();
      const dialog = page.getByRole('dialog', { name: 'Apagar os dados deste titular?' });
      await expect(dialog.getByText('Não há como desfazer.')).toBeVisible();
      // The dialog fades in: axe reads the colours once it has.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(await seriousViolations(page)).toEqual([]);
      await snapshot(page, `lgpd-confirmar-${width}`);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
      await expect(findings.getByText(`${lead.name} · ${lead.email} · ${lead.company}`)).toBeVisible();

      await page.getByRole('button', { name: 'Apagar dados' }).click();
      await dialog.getByRole('button', { name: 'Apagar dados' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Leads (CRM): 1 anonimizado' })).toBeVisible();
      await expect(requests.getByText('Exclusão').first()).toBeVisible();
      await expect(requests.getByText('Concluído').first()).toBeVisible();
      // The export of the erased data is withdrawn with it.
      await expect(requests.getByRole('link', { name: 'Baixar ZIP' })).toHaveCount(0);
      expect((await request.get(href)).status()).toBe(410);

      await page.getByRole('textbox', { name: 'E-mail, CPF ou telefone' }).fill(lead.email);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await expect(page.getByText('Nenhum dado encontrado para este e-mail, CPF ou telefone.')).toBeVisible();
      const leads = await request.get(`/api/crm/leads?search=${encodeURIComponent(tag)}`, { headers });
      expect(await leads.json()).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await snapshot(page, `lgpd-apagado-${width}`, { fullPage: true });
    });
  });
}
