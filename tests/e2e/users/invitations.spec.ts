import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { apiToken, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { invitationLinkFromMail } from '../support/mailbox.js';
import { snapshot } from '../support/shots.js';

async function createEstablishment(request: Parameters<typeof apiToken>[0], name: string): Promise<string> {
  const res = await request.post('/api/establishments', {
    headers: { authorization: `Bearer ${await apiToken(request)}` },
    data: { name },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

const logout = async (page: Page) => {
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
};

test.describe('invitations', () => {
  test('a manager invites a sommelier, who accepts from the e-mail and sees only that establishment', async ({
    page,
    request,
    browser,
  }) => {
    const suffix = randomUUID().slice(0, 6);
    const ownName = `Bistrô Convite ${suffix}`;
    const otherName = `Outra Casa ${suffix}`;
    const own = await createEstablishment(request, ownName);
    await createEstablishment(request, otherName);
    const manager = await createUserViaApi(request, 'restaurant_manager', [own]);
    const sommelierEmail = `somm-${suffix}@adega.test`;

    await loginViaUi(page, manager);
    // A manager's Administração menu holds Usuários and Auditoria.
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('button', { name: 'Administração' }).click();
    await page.getByRole('menuitem', { name: 'Usuários', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Novo usuário' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Convidar usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar usuário' });
    await dialog.getByLabel('E-mail').pressSequentially(sommelierEmail, { delay: 10 });
    // A manager may invite only managers and sommeliers.
    await dialog.getByRole('combobox', { name: 'Perfil' }).click();
    await expect(page.getByRole('option')).toHaveText(['Gerente de restaurante', 'Sommelier']);
    await page.getByRole('option', { name: 'Sommelier' }).click();
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();

    // This server writes e-mails to files: the manager is shown the link to pass on, the same one the e-mail carries.
    const sent = page.getByRole('dialog', { name: 'Convite enviado' });
    const shownLink = (await sent.getByTestId('invitation-link').textContent()) ?? '';
    const mailedLink = await invitationLinkFromMail(sommelierEmail);
    expect(mailedLink).toBe(shownLink);
    await sent.getByRole('button', { name: 'Fechar', exact: true }).click();
    const pending = page.getByRole('list', { name: 'Convites pendentes' }).getByRole('listitem').filter({ hasText: sommelierEmail });
    await expect(pending).toContainText(`por ${manager.email}`);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `usuarios-gerente-1280`, { fullPage: true });
    await logout(page);

    // The sommelier opens the link on a phone.
    const phone = await browser.newContext({ ...PHONE, baseURL: new URL(mailedLink).origin });
    const mobile = await phone.newPage();
    await mobile.goto(mailedLink);
    await expect(mobile.getByRole('heading', { name: 'Aceitar convite' })).toBeVisible();
    await expect(mobile.getByLabel('E-mail')).toHaveValue(sommelierEmail);
    await expect(mobile.getByText(`como Sommelier em ${ownName}`)).toBeVisible();
    await mobile.getByLabel('Seu nome').pressSequentially('Ana Sommelière', { delay: 10 });
    const password = mobile.getByLabel('Senha', { exact: false }).first();
    await password.pressSequentially('123', { delay: 20 });
    await expect(mobile.getByText('Pelo menos 8 caracteres (pendente)')).toBeAttached();
    await password.pressSequentially('45678', { delay: 20 });
    await expect(mobile.getByText('Pelo menos 8 caracteres (atendido)')).toBeAttached();
    await expect(mobile.getByText('Não está entre as senhas mais usadas (pendente)')).toBeAttached();
    await mobile.getByRole('button', { name: 'Criar conta e entrar' }).click();
    await expect(mobile.getByText('Esta senha está entre as mais usadas. Escolha outra.')).toBeVisible();
    await password.pressSequentially('-rosé-da-serra', { delay: 20 });
    await expect(mobile.getByText('Não está entre as senhas mais usadas (atendido)')).toBeAttached();
    expect(await seriousViolations(mobile)).toEqual([]);
    await expectNoSidewaysScroll(mobile, 390);
    await snapshot(mobile, `convite-390`, { fullPage: true });
    await mobile.getByRole('button', { name: 'Criar conta e entrar' }).click();

    // Signed in, at home, with only that establishment.
    await expect(mobile).toHaveURL(/\/$/);
    await expect(mobile.getByTestId('header-email').first()).toHaveText(sommelierEmail);
    await expect(mobile.getByText(ownName).first()).toBeVisible();
    await expect(mobile.getByText(otherName)).toHaveCount(0);
    const token = await mobile.evaluate(() => window.localStorage.getItem('adega.token'));
    const listed = await request.get('/api/establishments', { headers: { authorization: `Bearer ${token}` } });
    expect((await listed.json()).map((e: { id: string }) => e.id)).toEqual([own]);

    // The link was used up.
    await mobile.goto(mailedLink);
    await expect(mobile.getByText('Link inválido ou expirado')).toBeVisible();
    await phone.close();

    // The manager sees the new sommelier, and deactivates it: its session ends.
    await loginViaUi(page, manager);
    await page.goto('/usuarios');
    const row = page.getByRole('list', { name: 'Usuários' }).getByRole('listitem').filter({ hasText: sommelierEmail });
    await expect(row).toContainText('Ana Sommelière');
    await expect(page.getByRole('list', { name: 'Convites pendentes' })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 390);
    await snapshot(page, `usuarios-gerente-390`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.getByRole('button', { name: `Desativar ${sommelierEmail}` }).click();
    await page.getByRole('dialog', { name: 'Desativar usuário' }).getByRole('button', { name: 'Desativar' }).click();
    await expect(row).toContainText('Desativado');
    const after = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });

  test('/convite at 1280 px, and with a bad link', async ({ page, request }) => {
    const own = await createEstablishment(request, `Casa Larga ${randomUUID().slice(0, 6)}`);
    const email = `larga-${randomUUID().slice(0, 6)}@adega.test`;
    const res = await request.post('/api/invitations', {
      headers: { authorization: `Bearer ${await apiToken(request)}` },
      data: { email, role: 'restaurant_manager', establishment_ids: [own] },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto(new URL((await res.json()).link).pathname + new URL((await res.json()).link).search);
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `convite-1280`, { fullPage: true });
    await page.goto('/convite?token=nao-vale');
    await expect(page.getByText('Link inválido ou expirado')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `convite-invalido-1280`, { fullPage: true });
  });
});

test.describe('the remembered page', () => {
  test('deleting an invitation or a user asks first (Cancelar keeps it), then says so and takes the row away', async ({
    page,
    admin,
    request,
  }) => {
    const suffix = randomUUID().slice(0, 6);
    const invitedEmail = `convidado-${suffix}@adega.test`;
    const invited = await request.post('/api/invitations', {
      headers: { authorization: `Bearer ${await apiToken(request)}` },
      data: { email: invitedEmail, role: 'sommelier', establishment_ids: [await createEstablishment(request, `Casa Convite ${suffix}`)] },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const sommelier = await createUserViaApi(request, 'sommelier');
    await loginViaUi(page, admin);
    await page.goto('/usuarios');

    const pending = page.getByRole('list', { name: 'Convites pendentes' }).getByRole('listitem').filter({ hasText: invitedEmail });
    await pending.getByRole('button', { name: `Excluir convite de ${invitedEmail}` }).click();
    const askInvitation = page.getByRole('dialog', { name: 'Excluir convite' });
    await expect(askInvitation).toContainText(`O link enviado a ${invitedEmail} deixa de funcionar. Excluir o convite?`);
    await askInvitation.getByRole('button', { name: 'Cancelar' }).click();
    await expect(pending).toBeVisible();
    await pending.getByRole('button', { name: `Excluir convite de ${invitedEmail}` }).click();
    await page.getByRole('dialog', { name: 'Excluir convite' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Convite excluído.')).toBeVisible();
    await expect(pending).toHaveCount(0);

    await page.getByRole('button', { name: `Excluir ${sommelier.email}` }).click();
    const askUser = page.getByRole('dialog', { name: 'Excluir usuário' });
    await expect(askUser).toContainText(sommelier.email);
    await askUser.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Usuário excluído.')).toBeVisible();
    await expect(page.getByRole('button', { name: `Excluir ${sommelier.email}` })).toHaveCount(0);
  });

  test('logging out forgets it: the next person lands on the home screen', async ({ page, admin, request }) => {
    const sommelier = await createUserViaApi(request, 'sommelier');
    await loginViaUi(page, admin);
    await page.goto('/usuarios');
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await logout(page);
    await loginViaUi(page, sommelier);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Sem acesso a esta tela' })).toHaveCount(0);
  });

  test('a remembered page the next user may not open sends it home instead', async ({ page, admin, request }) => {
    const sommelier = await createUserViaApi(request, 'sommelier');
    await loginViaUi(page, admin);
    await page.goto('/usuarios');
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    // The admin's session ends on its own (not a logout): the page is remembered…
    await page.evaluate(() => window.localStorage.setItem('adega.token', 'sessao-expirada'));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    // …and a sommelier who signs in next lands on the home screen, not on "Sem acesso a esta tela".
    await loginViaUi(page, sommelier);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Sem acesso a esta tela' })).toHaveCount(0);
    // The same remembered page still opens for someone who may see it.
    await logout(page);
    await page.goto('/usuarios');
    // The app sends a visitor without a session to /login, remembering /usuarios; signing in before that would not.
    await expect(page).toHaveURL(/\/login$/);
    await loginViaUi(page, admin);
    await expect(page).toHaveURL(/\/usuarios$/);
  });
});
