import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { seriousViolations } from '../support/axe.js';
import { E2E_PORT } from '../support/constants.js';
import { apiToken, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const PHONE = { width: 390, height: 844 };

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const shot = (page: Page, name: string) => snapshot(page, `${name}-${page.viewportSize()?.width}`, { fullPage: true });

/** Typed the way a person types: key by key. */
const typeInto = (page: Page, label: string, text: string) =>
  page.getByLabel(label, { exact: true }).pressSequentially(text, { delay: 40 });

/** The code an authenticator app would show `stepsAhead` 30-second steps from now (the server accepts one step either side). */
const codeOf = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

test.describe('two-step sign-in', () => {
  // Long flows (set-up, sign-out, sign-in again) on a machine other suites share: three times the usual minute.
  test.slow();
  test('at 390 px: a manager sets up the authenticator app, signs out and back in with a code, and ends another session', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(PHONE);
    const user = await createUserViaApi(request, 'restaurant_manager');
    // A session on another device, to be ended from /conta.
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect((await request.post('/api/auth/login', { data: user, headers: { 'user-agent': iphone } })).status()).toBe(200);
    await loginViaUi(page, user);
    await page.getByRole('link', { name: user.email }).click();
    await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();

    const sessions = page.getByRole('list', { name: 'Sessões abertas' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').filter({ hasText: 'Esta sessão' })).toContainText('Chrome no Windows');
    await sessions.getByRole('button', { name: /^Encerrar sessão: Safari no iOS/ }).click();
    await expect(page.getByText('Sessão encerrada.')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'Configurar aplicativo autenticador' }).click();
    await expect(page.getByRole('img', { name: 'QR code para adicionar o Adega ao aplicativo autenticador' })).toBeVisible();
    const secret = ((await page.getByLabel('Chave secreta').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousViolations(page);
    await shot(page, 'conta-duas-etapas-qr');

    const codeField = '2. Digite o código que o aplicativo mostra';
    await typeInto(page, codeField, '12345');
    await page.getByRole('button', { name: 'Ativar' }).click();
    await expect(page.getByText('Digite os 6 números do aplicativo ou um código de recuperação')).toBeVisible();
    await page.getByLabel(codeField, { exact: true }).clear();
    await typeInto(page, codeField, await codeOf(secret));
    await page.getByRole('button', { name: 'Ativar' }).click();

    const codes = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(page.getByText('Guarde estes códigos de recuperação')).toBeVisible();
    await expectNoSeriousViolations(page);
    await shot(page, 'conta-codigos-de-recuperacao');
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await expect(page.getByText('Ativada', { exact: true })).toBeVisible();
    await expect(page.getByText('Códigos de recuperação não usados: 10')).toBeVisible();

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Senha').fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shot(page, 'login-codigo');

    await typeInto(page, 'Código', '000000');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    // Set-up's toast ("Verificação em duas etapas ativada.") may still be on screen: the form's own alert is meant.
    await expect(page.getByRole('alert').filter({ hasText: 'Código inválido ou já usado.' })).toHaveText('Código inválido ou já usado.');
    await expectNoSeriousViolations(page);
    await shot(page, 'login-codigo-invalido');
    // The next step's code: the one typed at set-up was used up.
    await typeInto(page, 'Código', await codeOf(secret, 1));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByTestId('header-email')).toHaveText(user.email);
  });

  test('at 1280 px: a passkey added on /conta signs in instead of password and code (Chromium virtual authenticator)', async ({
    page,
    request,
  }) => {
    const user = await createUserViaApi(request, 'sommelier');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    // A passkey belongs to a host name, never an IP address: this server's PASSKEY_ORIGIN is localhost.
    const origin = `http://localhost:${E2E_PORT}`;
    await page.goto(`${origin}/login`);
    await loginViaUi(page, user);
    await page.goto(`${origin}/conta`);
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar passkey' }).click();
    await expect(page.getByText('Dê um nome à passkey (ex.: Celular).')).toBeVisible();
    await typeInto(page, 'Nome da passkey', 'Notebook do salão');
    await page.getByRole('button', { name: 'Adicionar passkey' }).click();
    await expect(page.getByText('Passkey adicionada.', { exact: false })).toBeVisible();
    const keys = page.getByRole('list', { name: 'Suas passkeys' });
    await expect(keys.getByRole('listitem')).toHaveCount(1);
    await expect(keys).toContainText('Notebook do salão');
    await expect(keys).toContainText('ainda não usada');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await expectNoSeriousViolations(page);
    await shot(page, 'conta-passkeys');

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectNoSeriousViolations(page);
    await shot(page, 'login-com-passkey');
    await page.getByRole('button', { name: 'Entrar com passkey' }).click();
    await expect(page.getByTestId('header-email')).toHaveText(user.email);

    await page.goto(`${origin}/conta`);
    await expect(keys).toContainText('último uso em');
    await keys.getByRole('button', { name: 'Remover passkey Notebook do salão' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Passkey removida.')).toBeVisible();
    await expect(keys).toHaveCount(0);

    // Removed on the server: the authenticator still holds it, but it no longer opens the account.
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar com passkey' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Passkey não reconhecida' })).toHaveText(
      'Passkey não reconhecida. Entre com e-mail e senha.',
    );
  });

  test('at 1280 px: an admin requires two-step sign-in for sommeliers on /conta', async ({ page, request, admin }) => {
    const restore = async () =>
      request.put('/api/two-step-policy', {
        headers: { authorization: `Bearer ${await apiToken(request)}` },
        data: { required_roles: [] },
      });
    try {
      await loginViaUi(page, admin);
      await page.getByTestId('header-email').click();
      const section = page.getByRole('group', { name: 'Funções que precisam da verificação em duas etapas' });
      await expect(section.getByRole('checkbox', { name: 'Administrador' })).not.toBeChecked();
      await expect(page.getByRole('button', { name: 'Salvar regra' })).toBeDisabled();
      await section.getByRole('checkbox', { name: 'Sommelier' }).check();
      await page.getByRole('button', { name: 'Salvar regra' }).click();
      await expect(page.getByText('Regra da verificação em duas etapas salva.')).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot(page, 'conta-admin-regra-duas-etapas');

      // A sommelier without the app is sent to set it up right after the password, whatever page was asked for.
      const sommelier = await createUserViaApi(request, 'sommelier');
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.goto('/catalogo');
      await page.getByLabel('E-mail').fill(sommelier.email);
      await page.getByLabel('Senha').fill(sommelier.password);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Configure a verificação em duas etapas' })).toBeVisible();
      await expect(page.getByText('A sua função exige a verificação em duas etapas.', { exact: false })).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot(page, 'configurar-duas-etapas-obrigatoria');
      await page.getByRole('button', { name: 'Configurar aplicativo autenticador' }).click();
      const secret = ((await page.getByLabel('Chave secreta').textContent()) ?? '').replace(/\s/g, '');
      await typeInto(page, '2. Digite o código que o aplicativo mostra', await codeOf(secret));
      await page.getByRole('button', { name: 'Ativar' }).click();
      await expect(page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem')).toHaveCount(10);
      await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
      await expect(page).toHaveURL(/\/catalogo$/);
      await expect(page.getByTestId('header-email')).toHaveText(sommelier.email);
    } finally {
      expect((await restore()).status()).toBe(200);
    }
  });
});
