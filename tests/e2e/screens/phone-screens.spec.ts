import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { addMenuWine, createEstablishmentAndMenu, expectNoSidewaysScroll, PHONE, seedSampleMenu } from '../admin/admin-api.js';
import { fillEveryScreen } from '../admin/screen-data.js';
import { seriousViolations } from '../support/axe.js';
import { apiToken, type Credentials, createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';

const LAPTOP = { viewport: { width: 1280, height: 800 }, locale: 'pt-BR' } as const;

/** The element lies wholly inside the window's width (not cut, not behind a sideways scroll). */
async function expectOnScreen(locator: Locator, width: number) {
  await expect(locator).toBeVisible();
  // Polled: a drawer or a menu may still be sliding in.
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return box ? [Math.round(box.x) >= 0, Math.round(box.x + box.width) <= width] : null;
    })
    .toEqual([true, true]);
}

/** The header's screens for a role: every one opens from the bar (1280 px) or the burger's drawer (390 px). */
const SCREENS_BY_ROLE: Record<string, [group: string | null, label: string, heading: RegExp][]> = {
  admin: [
    [null, 'Início', /Cartas|Olá/],
    ['Cartas', 'Cartas', /Cartas/],
    ['Cartas', 'Insights da carta', /Insights da carta/],
    ['Cartas', 'Engenharia da carta', /Engenharia da carta/],
    ['Cartas', 'Catálogo', /Catálogo global/],
    ['Compras', 'Pedidos', /Pedidos/],
    ['Compras', 'Fornecedores', /Fornecedores/],
    ['Compras', 'Indicadores', /Indicadores/],
    ['Estoque', 'Adega da casa', /Adega da casa/],
    ['Estoque', 'Produtos', /Gerenciar Produtos/],
    ['Estoque', 'Importar produtos', /Importar produtos/],
    ['Estoque', 'Histórico de importações', /Histórico de importações/],
    ['CRM', 'Painel do CRM', /^CRM$/],
    ['CRM', 'Leads', /Leads/],
    ['CRM', 'Oportunidades', /Oportunidades/],
    ['CRM', 'Atividades', /Atividades/],
    ['Administração', 'Usuários', /Usuários/],
    ['Administração', 'Cadastros', /Cadastros de restaurantes/],
    ['Administração', 'Auditoria', /Auditoria/],
    ['Administração', 'Integrações', /Integrações/],
    ['Administração', 'Dados pessoais (LGPD)', /Dados pessoais \(LGPD\)/],
  ],
  restaurant_manager: [
    ['Cartas', 'Cartas', /Cartas/],
    ['Cartas', 'Insights da carta', /Insights da carta/],
    ['Cartas', 'Engenharia da carta', /Engenharia da carta/],
    ['Cartas', 'Catálogo', /Catálogo global/],
    ['Compras', 'Pedidos', /Pedidos/],
    ['Compras', 'Fornecedores', /Fornecedores/],
    ['Compras', 'Indicadores', /Indicadores/],
    ['Estoque', 'Adega da casa', /Adega da casa/],
    ['Estoque', 'Produtos', /Gerenciar Produtos/],
    ['Administração', 'Usuários', /Usuários/],
    ['Administração', 'Auditoria', /Auditoria/],
    ['Administração', 'Integrações', /Integrações/],
  ],
};

async function openFromHeader(page: Page, width: number, group: string | null, label: string) {
  if (width < 992) {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog');
    const link = drawer.getByRole('link', { name: label, exact: true });
    await expectOnScreen(link, width);
    await link.click();
    await expect(drawer).toBeHidden();
    return;
  }
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  const item = group ? nav.getByRole('button', { name: group, exact: true }) : nav.getByRole('link', { name: label, exact: true });
  await expectOnScreen(item, width);
  // Nothing hides in a sideways scroll inside the bar either.
  expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await item.click();
  if (group) {
    const entry = nav.getByRole('menuitem', { name: label, exact: true });
    await expectOnScreen(entry, width);
    await entry.click();
  }
}

for (const [width, options] of [
  [390, PHONE],
  [1280, LAPTOP],
] as const) {
  test.describe(`${width} px`, () => {
    test.use(options);

    for (const role of ['admin', 'restaurant_manager'] as const) {
      test(`header: every screen a ${role} may open is reachable, with no sideways scroll`, async ({ page, request, admin }) => {
        test.setTimeout(180_000);
        const who: Credentials = role === 'admin' ? admin : await createUserViaApi(request, role);
        await loginViaUi(page, who);
        for (const [group, label, heading] of SCREENS_BY_ROLE[role] ?? []) {
          await openFromHeader(page, width, group, label);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          await expectNoSidewaysScroll(page, width);
        }
        if (role !== 'admin') {
          // What the role may not open is not offered.
          if (width >= 992) {
            await expect(page.getByRole('button', { name: 'CRM' })).toHaveCount(0);
            // Administração holds its staff, their audit trail and the API keys only: no sign-up reviews, no LGPD requests.
            await page.getByRole('button', { name: 'Administração', exact: true }).click();
            await expect(page.getByRole('menuitem', { name: 'Auditoria', exact: true })).toBeVisible();
            await expect(page.getByRole('menuitem', { name: /Cadastros|LGPD/ })).toHaveCount(0);
            await page.keyboard.press('Escape');
            // A manager does not import: Estoque holds the house cellar and the products only.
            await page.getByRole('button', { name: 'Estoque', exact: true }).click();
            await expect(page.getByRole('menuitem', { name: /Importar/ })).toHaveCount(0);
          } else {
            await page.getByRole('button', { name: 'Abrir menu' }).click();
            await expect(page.getByRole('dialog').getByRole('link', { name: 'Cartas', exact: true })).toBeVisible();
            await expect(page.getByRole('dialog').getByRole('link', { name: /Leads|Cadastros|Importar|LGPD/ })).toHaveCount(0);
            // A manager runs the staff of its establishments.
            await expect(page.getByRole('dialog').getByRole('link', { name: 'Usuários', exact: true })).toBeVisible();
          }
        }
      });
    }

    test('tables: name, key figures and actions are on screen; no sideways page scroll', async ({ page, request, admin }) => {
      test.setTimeout(240_000);
      await fillEveryScreen(request);
      await loginViaUi(page, admin);

      // Searched by name: other suites' products may fill the first page.
      await page.goto('/produtos/gerenciar?search=Malbec%20Reserva%20Mendoza');
      const product = page.getByRole('row', { name: /Malbec Reserva Mendoza/ }).first();
      await expectOnScreen(product.getByText(/Malbec Reserva Mendoza/), width);
      await expectOnScreen(product.getByText(/R\$\s*89,90/), width);
      await expectOnScreen(product.getByText('2 cx'), width);
      await expectOnScreen(product.getByText('Estoque baixo'), width);
      await expectOnScreen(product.getByText('Ativo', { exact: true }), width);
      await expectOnScreen(product.getByRole('button', { name: /^Editar Malbec Reserva/ }), width);
      await expectOnScreen(product.getByRole('button', { name: /^Excluir Malbec Reserva/ }), width);
      await expectNoSidewaysScroll(page, width);

      await page.goto('/produtos/historico');
      const upload = page.getByRole('row', { name: /tabela-precos-vinhos\.csv/ }).first();
      await expectOnScreen(upload.getByText('tabela-precos-vinhos.csv'), width);
      await expectOnScreen(upload.getByRole('button', { name: 'Detalhes' }), width);
      await expectOnScreen(upload.getByRole('button', { name: 'Excluir' }), width);
      await expectNoSidewaysScroll(page, width);

      await page.goto('/catalogo');
      const filters = page.getByRole('search', { name: 'Filtrar catálogo' });
      await filters.getByLabel('Uva').pressSequentially('malbec', { delay: 20 });
      await expectOnScreen(filters.getByRole('button', { name: 'Limpar filtros' }), width);
      const wine = page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: /^Editar / }) })
        .first();
      await expect(wine).toContainText(/Malbec/);
      await expectOnScreen(wine.getByText(/R\$/), width);
      await expectOnScreen(wine.getByRole('button', { name: /^Excluir / }), width);
      await expectNoSidewaysScroll(page, width);

      for (const [path, table, action] of [
        ['/crm/leads', 'Leads', /^Editar /],
        ['/crm/opportunities', 'Oportunidades', /^Editar /],
        ['/crm/activities', 'Atividades', /^Editar /],
      ] as const) {
        await page.goto(path);
        const row = page
          .getByRole('table', { name: table })
          .getByRole('row')
          .filter({ has: page.getByRole('button', { name: action }) });
        await expectOnScreen(row.first().getByRole('button', { name: action }), width);
        await expectOnScreen(row.first().getByRole('button', { name: /^Excluir / }), width);
        await expectNoSidewaysScroll(page, width);
      }
    });

    test('CRM: the four tabs are whole on screen and /crm has no serious axe finding', async ({ page, request, admin }) => {
      await seedSampleMenu(request);
      await loginViaUi(page, admin);
      await page.goto('/crm');
      await expect(page.getByRole('table', { name: 'Top Performers' })).toBeVisible();
      const tabs = page.getByRole('tablist', { name: 'Seções do CRM' });
      for (const name of ['Painel', 'Leads', 'Oportunidades', 'Atividades']) {
        const tab = tabs.getByRole('tab', { name });
        await expectOnScreen(tab, width);
        // Not cut by the tab bar either: the label's whole text fits its tab.
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
      expect(await tabs.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await tabs.getByRole('tab', { name: 'Atividades' }).click();
      await expect(page).toHaveURL(/\/crm\/activities$/);
      await expectNoSidewaysScroll(page, width);
    });
  });
}

test.describe('menu editor on a phone (390 px) during service', () => {
  test.use(PHONE);

  test('the search comes first and its matches start on the first screen, above the keyboard', async ({ page, request, admin }) => {
    const { menuId } = await seedSampleMenu(request);
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menuId}/editar`);
    const rows = page.getByTestId('menu-wine');
    await expect(rows.first()).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Buscar vinho' });
    const searchBox = await search.boundingBox();
    const addBox = await page.getByRole('button', { name: 'Adicionar vinho' }).boundingBox();
    expect(searchBox && addBox && searchBox.y < addBox.y).toBe(true);
    // An on-screen keyboard leaves about the top 480 px of an 844 px phone.
    expect((searchBox?.y ?? 999) + (searchBox?.height ?? 0)).toBeLessThan(300);
    await search.tap();
    await page.keyboard.type('malbec', { delay: 20 });
    await expect(page.getByText(/^\d+ de \d+ vinhos\./)).toBeVisible();
    const first = await rows.first().boundingBox();
    expect(first?.y ?? 999).toBeLessThan(480);
    await expectNoSidewaysScroll(page, 390);
  });

  test('a wine moves up, down and to a chosen position by thumb; each move is announced and saved', async ({ page, request, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const { menuId } = await createEstablishmentAndMenu(request, `Casa Ordem ${tag}`, 'Carta');
    const names = ['Alfa', 'Bravo', 'Charlie', 'Delta'].map((n) => `${n} ${tag}`);
    for (const [i, name] of names.entries()) {
      await addMenuWine(request, menuId, { name, price: 80 + i, category: 'Vinhos Tintos Médios' });
    }
    const savedOrder = async () => {
      const res = await request.get(`/api/wine-menus/${menuId}`, { headers: { authorization: `Bearer ${await apiToken(request)}` } });
      const menu = await res.json();
      return (menu.wines as { name: string; position: number }[]).sort((a, b) => a.position - b.position).map((w) => w.name);
    };
    await loginViaUi(page, admin);
    await page.goto(`/carta/${menuId}/editar`);
    const rows = page.getByTestId('menu-wine');
    await expect(rows).toHaveCount(4);
    // The desktop handle stays hidden on a phone; the row's menu moves the wine instead.
    await expect(page.getByRole('button', { name: /^Mover / })).toHaveCount(0);
    const [alfa, bravo, charlie, delta] = names as [string, string, string, string];

    const reorder = () => page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/reorder'));
    let saved = reorder();
    await page.getByRole('button', { name: `Ações de ${charlie}` }).tap();
    await page.getByRole('menuitem', { name: 'Mover para cima' }).tap();
    expect((await saved).status()).toBe(200);
    await expect(rows.nth(1)).toContainText(charlie);
    await expect(
      page.getByRole('status').filter({ hasText: `${charlie} movido para a posição 2 de 4 em Vinhos Tintos Médios.` }),
    ).toHaveCount(1);
    await expect.poll(savedOrder).toEqual([alfa, charlie, bravo, delta]);

    saved = reorder();
    await page.getByRole('button', { name: `Ações de ${alfa}` }).tap();
    await page.getByRole('menuitem', { name: 'Mover para baixo' }).tap();
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: `${alfa} movido para a posição 2 de 4` })).toHaveCount(1);
    await expect.poll(savedOrder).toEqual([charlie, alfa, bravo, delta]);

    // The first wine cannot go further up.
    await page.getByRole('button', { name: `Ações de ${charlie}` }).tap();
    await expect(page.getByRole('menuitem', { name: 'Mover para cima' })).toBeDisabled();
    await page.keyboard.press('Escape');
    // The closed menu leaves during its transition: the next one is opened once it is gone.
    await expect(page.getByRole('menuitem')).toHaveCount(0);

    saved = reorder();
    await page.getByRole('button', { name: `Ações de ${delta}` }).tap();
    await page.getByRole('menuitem', { name: 'Mover para…' }).tap();
    const dialog = page.getByRole('dialog', { name: `Mover ${delta}` });
    await expect(dialog).toContainText('hoje a 4ª de 4');
    await dialog.getByLabel('Nova posição').selectOption({ label: `1ª — no lugar de ${charlie}` });
    await dialog.getByRole('button', { name: 'Mover' }).tap();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${delta} movido para a posição 1 de 4` })).toHaveCount(1);
    await expect.poll(savedOrder).toEqual([delta, charlie, alfa, bravo]);

    await page.reload();
    await expect(rows.nth(0)).toContainText(delta);
    await expect(rows.nth(3)).toContainText(bravo);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
