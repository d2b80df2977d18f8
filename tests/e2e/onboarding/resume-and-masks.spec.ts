import { formatCnpj, generateCnpj } from '@brazilian-utils/brazilian-utils';
import { seriousViolations } from '../support/axe.js';
import { expect as baseExpect, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const expect = baseExpect.configure({ timeout: 20_000 });

for (const width of [390, 1280]) {
  test(`at ${width} px CNPJ, phones and CEP are formatted while typed, and a reload resumes the sign-up`, async ({ page }) => {
    test.setTimeout(120_000);
    const suffix = `${width}${Date.now().toString().slice(-6)}`;
    // A CNPJ of its own: one that another spec's approved sign-up already holds is refused at the check.
    const cnpj = generateCnpj();
    const cnpjShown = formatCnpj(cnpj);
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/onboarding');
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    const type = async (label: string, text: string) => {
      await field(label).click();
      await page.keyboard.type(text, { delay: 15 });
    };

    await type('Nome do estabelecimento', `Osteria ${suffix}`);
    await type('CNPJ', cnpj);
    await expect(field('CNPJ')).toHaveValue(cnpjShown);
    await type('Telefone', '48999991234');
    await expect(field('Telefone')).toHaveValue('(48) 99999-1234');
    await type('E-mail', `osteria-${suffix}@osteria.com.br`);
    await type('Endereço', 'Rua Bocaiúva, 2000');
    await type('Cidade', 'Florianópolis');
    await page.getByLabel('Estado (UF)').selectOption('SC');
    await type('CEP', '88015530');
    await expect(field('CEP')).toHaveValue('88015-530');
    await type('Nome do responsável', 'Paola Ricci');
    await type('E-mail do responsável', `paola-${suffix}@osteria.com.br`);
    await type('Telefone do responsável', '4832324455');
    await expect(field('Telefone do responsável')).toHaveValue('(48) 3232-4455');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('button', { name: 'Validar Todos' })).toBeVisible();

    // A reload after step 1 comes back to step 2 of the same sign-up, with what was saved.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Validar Todos' })).toBeVisible();
    await expect(page.getByTestId('check-cnpj').getByRole('textbox')).toHaveValue(cnpjShown);
    await expect(page.getByTestId('check-email').getByRole('textbox')).toHaveValue(`osteria-${suffix}@osteria.com.br`);
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(field('Nome do estabelecimento')).toHaveValue(`Osteria ${suffix}`);
    await expect(field('CEP')).toHaveValue('88015-530');
    // Saved again under the same process (PUT), not a new one.
    const saved = page.waitForResponse((r) => r.url().includes('/api/onboarding/processes/') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Continuar' }).click();
    expect((await saved).status()).toBe(204);
    await page.getByRole('button', { name: 'Validar Todos' }).click();
    await expect(page.getByRole('button', { name: 'Enviar Cardápio' })).toBeVisible();

    // And after the checks, a reload opens the upload step; its file field reads at AA contrast.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Enviar Cardápio' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Arquivo do cardápio' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `onboarding-upload-${width}`, { fullPage: true });
  });

  test(`at ${width} px /onboarding paints its title and form outline before any script has run`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Cadastre seu restaurante', level: 1 })).toBeVisible();
    await expect(page.getByText('Em três passos: seus dados, a verificação e o cardápio atual.')).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Carregando o formulário…');
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `onboarding-first-paint-${width}`);
    await page.unrouteAll();
    // With its scripts the wizard takes over, and no CSP violation is reported on the way (zod's eval probe).
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/onboarding');
    await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
    await expect(page.getByText('Carregando o formulário…')).toBeHidden();
    expect(await page.evaluate(() => document.querySelectorAll('h1').length)).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });
}
