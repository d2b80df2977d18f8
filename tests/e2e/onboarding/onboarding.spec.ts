import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { expect as baseExpect, loginViaUi, test } from '../support/fixtures.js';
import { invitationLinkFromMail } from '../support/mailbox.js';
import { snapshot } from '../support/shots.js';

// Screens with several round trips on a busy machine: a little more patience than the suite's default.
const expect = baseExpect.configure({ timeout: 20_000 });
const SAMPLE_PDF = path.join(import.meta.dirname, '../fixtures/cardapio-exemplo.pdf');

/** Types key by key, the way a person on a phone does. */
const type = async (page: Page, label: string, text: string) => {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.click();
  await field.pressSequentially(text, { delay: 10 });
};

test('a restaurant signs up on a phone, the admin approves it, and the new manager sees its establishment', async ({ browser, admin }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString().slice(-6);
  const name = `Cantina do Porto ${suffix}`;
  const contactEmail = `dona-${suffix}@cantinadoporto.com.br`;

  // ── The owner, logged out, on a 390 px phone ──
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Cadastre seu restaurante' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Informações Básicas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Validação de Dados' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload do Cardápio' })).toBeVisible();
  expect(await seriousViolations(page), 'step 1').toEqual([]);

  // Nothing filled: every field says what it needs, nothing is sent.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Informe o nome do estabelecimento.')).toBeVisible();

  await type(page, 'Nome do estabelecimento', name);
  await type(page, 'CNPJ', '11.222.333/0001-81');
  await type(page, 'Telefone', '(48) 99999-1234');
  await type(page, 'E-mail', `contato-${suffix}@cantinadoporto.com.br`);
  await type(page, 'Endereço', 'Rua das Gaivotas, 120 - Centro');
  await type(page, 'Cidade', 'Florianópolis');
  await page.getByLabel('Estado (UF)').selectOption('SC');
  await type(page, 'CEP', '88010-000');
  await type(page, 'Nome do responsável', 'Marina Souza');
  await type(page, 'E-mail do responsável', contactEmail);
  await type(page, 'Telefone do responsável', '(48) 3232-4455');
  await expectNoSidewaysScroll(page, 390);
  await snapshot(page, 'onboarding-step1-390', { fullPage: true });
  await page.getByRole('button', { name: 'Continuar' }).click();

  // ── Step 2: a wrong phone keeps the wizard here; corrected, 'Validar Todos' opens step 3 ──
  await expect(page.getByRole('button', { name: 'Validar Todos' })).toBeVisible();
  const phoneRow = page.getByTestId('check-phone');
  await phoneRow.getByRole('textbox').fill('(20) 9999-1234');
  await page.getByRole('button', { name: 'Validar Todos' }).click();
  await expect(phoneRow.getByText('Inválido', { exact: true })).toBeVisible();
  await expect(phoneRow.getByText(/Telefone inválido/)).toBeVisible();
  await expect(page.getByTestId('check-cnpj').getByText('Válido', { exact: true })).toBeVisible();
  await expect(page.getByText('Para enviar o cardápio, os três dados precisam estar válidos.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar Cardápio' })).toHaveCount(0);

  // Back to step 1 and forward again keeps what was typed.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByRole('textbox', { name: 'Nome do estabelecimento', exact: true })).toHaveValue(name);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await phoneRow.getByRole('textbox').fill('');
  await phoneRow.getByRole('textbox').pressSequentially('48 99999-1234', { delay: 10 });
  await phoneRow.getByRole('button', { name: 'Validar Telefone' }).click();
  await expect(phoneRow.getByText('Telefone válido.')).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await snapshot(page, 'onboarding-step2-390', { fullPage: true });
  expect(await seriousViolations(page), 'step 2').toEqual([]);
  await page.getByRole('button', { name: 'Validar Todos' }).click();

  // ── Step 3: the sample PDF ──
  await expect(page.getByRole('button', { name: 'Enviar Cardápio' })).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByRole('button', { name: 'Validar Todos' })).toBeVisible();
  await page.getByRole('button', { name: 'Validar Todos' }).click();
  await page.locator('input[type="file"]').setInputFiles(SAMPLE_PDF);
  await expect(page.getByText('cardapio-exemplo.pdf')).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await snapshot(page, 'onboarding-step3-390', { fullPage: true });
  expect(await seriousViolations(page), 'step 3').toEqual([]);
  await page.getByRole('button', { name: 'Enviar Cardápio' }).click();
  await expect(page.getByText('Cardápio enviado com sucesso!')).toBeVisible();
  await expect(page.getByText(contactEmail)).toBeVisible();
  await expect(page.getByText(/um convite para você criar sua senha e acessar o painel/)).toBeVisible();
  await snapshot(page, 'onboarding-sent-390', { fullPage: true });
  await phone.close();

  // ── The admin reviews and approves ──
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
  const adminPage = await desk.newPage();
  await loginViaUi(adminPage, admin);
  await adminPage
    .getByRole('link', { name: /Cadastros/ })
    .first()
    .click();
  await expect(adminPage.getByRole('heading', { name: 'Cadastros de restaurantes' })).toBeVisible();
  await adminPage.getByLabel('Buscar').pressSequentially(suffix, { delay: 20 });
  await adminPage.getByRole('link', { name }).click();
  await expect(adminPage.getByRole('heading', { name })).toBeVisible();
  const checks = adminPage.getByRole('region', { name: 'Verificações' });
  await expect(checks.getByText('Válido')).toHaveCount(3);
  await expect(adminPage.getByText('11.222.333/0001-81')).toBeVisible();
  await expect(adminPage.getByTitle('Cardápio enviado (PDF)')).toBeVisible();
  expect(await seriousViolations(adminPage), 'review detail').toEqual([]);
  await snapshot(adminPage, 'onboarding-review-1280', { fullPage: true });
  await adminPage.getByRole('button', { name: 'Aprovar' }).click();
  await adminPage.getByRole('dialog', { name: 'Aprovar cadastro' }).getByRole('button', { name: 'Aprovar' }).click();
  const approved = adminPage.getByRole('dialog', { name: 'Cadastro aprovado' });
  await expect(approved).toBeVisible();
  // No password on screen: the contact is invited by e-mail (this server writes it to a file, so the link shows too).
  await expect(approved).toContainText(`Enviamos a ${contactEmail} um convite`);
  await expect(approved.getByText(/senha provisória/i)).toHaveCount(0);
  const link = (await approved.getByTestId('invitation-link').textContent()) ?? '';
  expect(await invitationLinkFromMail(contactEmail)).toBe(link);
  await approved.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(approved).toBeHidden();
  // The page itself now says so (the dialog's title, fading out, must not be what is found).
  await expect(adminPage.getByRole('main').getByText('Cadastro aprovado', { exact: true })).toBeVisible();
  await adminPage.goto('/onboarding/cadastros');
  await expect(adminPage.getByRole('heading', { name: 'Cadastros de restaurantes' })).toBeVisible();
  await adminPage.getByLabel('Status').selectOption({ label: 'Aprovado' });
  await expect(adminPage.getByRole('link', { name })).toBeVisible();
  await adminPage.getByLabel('Status').selectOption({ label: 'Todos' });
  await snapshot(adminPage, 'onboarding-list-1280', { fullPage: true });
  await desk.close();

  // ── The new manager accepts the invitation and sees its establishment ──
  const managerContext = await browser.newContext(PHONE);
  const managerPage = await managerContext.newPage();
  await managerPage.goto(link);
  await managerPage.getByLabel('Seu nome').pressSequentially('Marina Souza', { delay: 10 });
  await managerPage.getByLabel('Senha', { exact: false }).first().pressSequentially('rosé-da-serra-2024', { delay: 10 });
  await managerPage.getByRole('button', { name: 'Criar conta e entrar' }).click();
  await expect(managerPage.getByTestId('header-email').first()).toHaveText(contactEmail);
  await expect(managerPage.getByText(name)).toBeVisible();
  await managerContext.close();
});

test('/onboarding also opens for a signed-in user, and the review list fits a phone', async ({ browser, admin }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await loginViaUi(page, admin);
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { name: 'Cadastre seu restaurante' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await page.goto('/onboarding/cadastros');
  await expect(page.getByRole('heading', { name: 'Cadastros de restaurantes' })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  expect(await seriousViolations(page), 'review list at 390 px').toEqual([]);
  await snapshot(page, 'onboarding-list-390', { fullPage: true });
  await context.close();
});
