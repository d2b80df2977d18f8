/**
 * Issue 31 on the manager's screen: a key for the till made on "Integrações", used by the till to send a sale of more
 * bottles than the cellar has (the public menu then says "Esgotado", /adega asks for a recount, and the webhook the
 * manager registered is told `cellar.sold_out`, signed), and revoked (the till's next sale is refused).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { verifyWebhookSignature } from '../../../src/server/modules/webhooks/signature.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../src/server/test-support/webhook-receiver.js';
import { seriousViolations } from '../support/axe.js';
import { E2E_WEBHOOK_HOST } from '../support/constants.js';
import { apiToken, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' } as const;

/** A house whose menu shows a cellar wine with one bottle left. */
async function houseWithLastBottle(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const est = await post('/api/establishments', { name: `Bistrô do PDV ${randomUUID().slice(0, 6)}` });
  const menu = await post('/api/wine-menus', { name: 'Carta do Bistrô', establishment_id: est.id });
  const item = await post(`/api/establishments/${est.id}/cellar`, { name: 'Syrah da Serra', on_hand: 1 });
  await post(`/api/wine-menus/${menu.id}/wines`, {
    name: 'Syrah da Serra',
    price: 129.9,
    category: 'Vinhos Tintos Encorpados',
    country: 'Brasil',
    cellar_item_id: item.id,
  });
  return { establishmentId: est.id as string, menuPath: `/${est.slug}/${menu.slug}` };
}

const typeInto = (page: Page, label: string | RegExp, text: string) => page.getByLabel(label).pressSequentially(text, { delay: 30 });

/** The till's call, with the key as the only credential: one sale of two bottles, the wine named by the till's code. */
const tillSale = (request: APIRequestContext, key: string, establishmentId: string, saleId: string) =>
  request.post(`/api/establishments/${establishmentId}/cellar/sales`, {
    headers: { authorization: `Bearer ${key}` },
    data: { sales: [{ till_sale_id: saleId, sold_at: new Date().toISOString(), lines: [{ product_code: 'SYR-750', quantity: 2 }] }] },
  });

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver(E2E_WEBHOOK_HOST);
});
test.afterAll(() => receiver?.stop());

/** Registers the receiver for `cellar.sold_out` on the screen, and answers the secret shown once. */
async function registerWebhook(page: Page, width: number): Promise<string> {
  await page.getByRole('button', { name: 'Novo webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo webhook' });
  await typeInto(page, /^Endereço \(URL\)/, receiver.url.replace('http://', 'ftp://'));
  await dialog.getByRole('checkbox', { name: 'Vinho da adega esgotado' }).check();
  await dialog.getByRole('button', { name: 'Cadastrar webhook' }).click();
  await expect(dialog.getByText(/^Endereço inválido/)).toBeVisible();
  await dialog.getByLabel(/^Endereço \(URL\)/).clear();
  await typeInto(page, /^Endereço \(URL\)/, receiver.url);
  await dialog.getByRole('button', { name: 'Cadastrar webhook' }).click();
  const shown = page.getByRole('dialog', { name: 'Segredo de assinatura' });
  const secret = ((await shown.getByLabel('Segredo do webhook').textContent()) ?? '').trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await snapshot(page, `integracoes-segredo-webhook-${width}`);
  await shown.getByRole('button', { name: 'Já copiei o segredo' }).click();
  const hook = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem');
  await expect(hook).toHaveCount(1);
  await expect(hook.first()).toContainText(receiver.url);
  await expect(hook.first()).toContainText('Ativo');
  await expect(hook.first()).toContainText('Vinho da adega esgotado');
  await expect(hook.first()).not.toContainText(secret);
  return secret;
}

for (const [width, device] of [
  [390, PHONE],
  [1280, { viewport: { width: 1280, height: 900 }, locale: 'pt-BR' }],
] as const) {
  test(`at ${width} px: a manager makes a key for the till, the till sells the last bottle with it, the key is revoked`, async ({
    browser,
    request,
  }) => {
    // A key, a webhook with its receiver, a sale, a delivery resent and a revocation, all typed: ~30 s on a quiet
    // machine, up to 60 s with two other browser workers on two cores.
    test.setTimeout(180_000);
    const house = await houseWithLastBottle(request);
    const manager = await createUserViaApi(request, 'restaurant_manager', [house.establishmentId]);
    const context = await browser.newContext(device);
    const page = await context.newPage();
    await loginViaUi(page, manager);
    await page.goto('/integracoes');
    await expect(page.getByRole('heading', { name: 'Integrações', level: 1 })).toBeVisible();
    await expect(page.getByText('Nenhuma chave de API')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A first try without permissions is refused on the form; Esc on the form with changes asks before closing.
    await page.getByRole('button', { name: 'Nova chave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova chave de API' });
    await typeInto(page, /^Nome/, 'PDV do salão');
    await dialog.getByRole('button', { name: 'Criar chave' }).click();
    await expect(dialog.getByText('Escolha ao menos uma permissão.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Descartar alterações?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(dialog.getByLabel(/^Nome/)).toHaveValue('PDV do salão');

    await dialog.getByRole('checkbox', { name: 'Registrar vendas e movimentos na adega' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `integracoes-nova-chave-${width}`);
    await dialog.getByRole('button', { name: 'Criar chave' }).click();

    const shown = page.getByRole('dialog', { name: 'Chave criada' });
    const key = ((await shown.getByLabel('Chave de API').textContent()) ?? '').trim();
    expect(key).toMatch(/^adg_live_[A-Za-z0-9_-]{43}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `integracoes-chave-criada-${width}`);
    await shown.getByRole('button', { name: 'Já copiei a chave' }).click();
    await expect(shown).toBeHidden();

    const listed = page.getByRole('list', { name: 'Chaves de API' }).getByRole('listitem');
    await expect(listed).toHaveCount(1);
    await expect(listed.first()).toContainText('PDV do salão');
    await expect(listed.first()).toContainText('Ativa');
    await expect(listed.first()).toContainText(`${key.slice(0, 15)}…`);
    await expect(listed.first()).toContainText('cellar:sales');
    await expect(listed.first()).toContainText('ainda não usada');
    await expect(listed.first()).not.toContainText(key);

    // The till knows the wine by its own code: linked once, on this screen.
    await typeInto(page, 'Código no PDV', 'SYR-750');
    await page.getByRole('combobox', { name: 'Vinho da adega' }).pressSequentially('Syr', { delay: 30 });
    await page.getByRole('option', { name: 'Syrah da Serra' }).click();
    await page.getByRole('button', { name: 'Ligar código' }).click();
    await expect(page.getByText('Código SYR-750 ligado a Syrah da Serra.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Códigos do PDV' }).getByRole('row', { name: /SYR-750/ })).toContainText('Syrah da Serra');
    const secret = await registerWebhook(page, width);
    const heardBefore = receiver.received.length;

    // The till sells two bottles of a wine with one left: the guest's menu says "Esgotado" at once, and the cellar
    // keeps the bottle it did not have for the next recount.
    const sale = await tillSale(request, key, house.establishmentId, 'PDV-77');
    expect(sale.status(), await sale.text()).toBe(200);
    expect((await sale.json()).recorded).toEqual(['PDV-77']);
    const guest = await browser.newPage(PHONE);
    await guest.goto(house.menuPath);
    const wine = guest.locator('details', { has: guest.getByRole('heading', { name: 'Syrah da Serra', level: 3 }) });
    await expect(wine.getByText('Esgotado', { exact: true })).toBeVisible();
    await guest.close();

    // The receiver is told, signed with the secret shown once.
    await expect.poll(() => receiver.received.length - heardBefore, { timeout: 30_000 }).toBe(1);
    const heard = receiver.received[heardBefore];
    const event = JSON.parse(heard?.body ?? '{}');
    expect(event).toMatchObject({
      type: 'cellar.sold_out',
      establishment_id: house.establishmentId,
      data: { item: { name: 'Syrah da Serra', on_hand: 0 }, movement: { reason: 'sale', note: 'PDV: venda PDV-77' } },
    });
    expect(verifyWebhookSignature(secret, heard?.body ?? '', String(heard?.headers['x-adega-signature']))).toBe(true);

    await page.goto(`/adega?establishment_id=${house.establishmentId}`);
    const discrepancies = page.getByRole('list', { name: 'Vendas do PDV acima do estoque' });
    await expect(discrepancies).toHaveText('Syrah da Serra: o PDV vendeu 1 garrafa a mais do que a adega tinha (venda PDV-77).');
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `adega-vendas-do-pdv-${width}`);

    await page.goto('/integracoes');
    await expect(listed.first()).toContainText('último uso em');
    const hook = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').first();
    await hook.getByRole('button', { name: 'Entregas' }).click();
    const deliveries = hook.getByRole('table', { name: 'Últimas entregas' });
    await expect(deliveries.getByRole('row', { name: /Vinho da adega esgotado/ })).toContainText('Entregue');
    await expect(deliveries.getByRole('row', { name: /Vinho da adega esgotado/ })).toContainText('HTTP 200');
    expect(await seriousViolations(page)).toEqual([]);
    // "Reenviar": the same event again, with the same id, for a receiver that lost it.
    await deliveries.getByRole('button', { name: /^Reenviar Vinho da adega esgotado/ }).click();
    await expect(page.getByText('Evento enviado de novo para a fila.')).toBeVisible();
    await expect.poll(() => receiver.received.length - heardBefore, { timeout: 30_000 }).toBe(2);
    expect(JSON.parse(receiver.received[heardBefore + 1]?.body ?? '{}').id).toBe(event.id);
    await expect(deliveries.getByRole('row', { name: /Vinho da adega esgotado/ })).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snapshot(page, `integracoes-lista-${width}`, { fullPage: true });

    await listed.first().getByRole('button', { name: 'Revogar PDV do salão' }).click();
    await page.getByRole('dialog', { name: 'Revogar chave de API' }).getByRole('button', { name: 'Revogar' }).click();
    await expect(page.getByText('Chave revogada.')).toBeVisible();
    await expect(listed.first()).toContainText('Revogada');
    await expect(listed.first().getByRole('button', { name: /Revogar/ })).toHaveCount(0);

    const refused = await tillSale(request, key, house.establishmentId, 'PDV-78');
    expect(refused.status()).toBe(401);
    expect((await refused.json()).detail).toBe('Chave de API inválida, revogada ou expirada.');
    await context.close();
  });
}
