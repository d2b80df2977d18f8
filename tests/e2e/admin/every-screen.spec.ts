import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { expect as baseExpect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';
import { PHONE } from './admin-api.js';
import { fillEveryScreen, type ScreenData } from './screen-data.js';

// Every admin screen at a phone's and a laptop's width: no sideways scroll and no serious axe finding on any of them.
// With SHOTS_DIR set, each screen is also photographed (full page) for a person to look at.
// Screens with the full sample data: allow a busy machine more time than the suite's default.
const expect = baseExpect.configure({ timeout: 30_000 });
// The two widths are two long tests, each with its own data: on two workers the suite ends sooner.
test.describe.configure({ mode: 'parallel' });

interface Screen {
  name: string;
  path(d: ScreenData): string;
  /** What shows once the screen has its data; the page's heading when left out. */
  ready?(page: Page): Locator;
  /** A form screen: waits until its fields hold the record. */
  filled?(page: Page): Promise<void>;
}

const SCREENS: Screen[] = [
  { name: 'inicio', path: () => '/', ready: (p) => p.getByRole('heading', { name: 'Cartas' }) },
  { name: 'usuarios', path: () => '/usuarios', ready: (p) => p.getByRole('listitem') },
  { name: 'cartas', path: () => '/cartas', ready: (p) => p.getByRole('listitem') },
  { name: 'carta-nova', path: () => '/carta/nova' },
  { name: 'carta-editar', path: (d) => `/carta/${d.menuId}/editar`, ready: (p) => p.getByTestId('menu-wine') },
  { name: 'carta-qr', path: (d) => `/carta/${d.menuId}/qr`, ready: (p) => p.getByRole('img', { name: /QR code da carta/ }) },
  {
    name: 'carta-idiomas',
    path: (d) => `/carta/${d.menuId}/idiomas`,
    ready: (p) => p.getByRole('textbox', { name: 'Nome da carta em inglês' }),
  },
  { name: 'estabelecimento-novo', path: () => '/estabelecimento/novo' },
  {
    name: 'estabelecimento-editar',
    path: (d) => `/estabelecimento/${d.establishmentId}/editar`,
    filled: (p) => expect(p.getByRole('textbox', { name: /^Nome/ }).first()).toHaveValue(/Pedra/),
  },
  { name: 'adega', path: (d) => `/adega?establishment_id=${d.establishmentId}`, ready: (p) => p.getByTestId('cellar-item') },
  {
    name: 'adega-recontagem',
    path: (d) => `/adega/recontagem?establishment_id=${d.establishmentId}`,
    ready: (p) => p.getByRole('textbox', { name: 'Garrafas na prateleira' }),
  },
  {
    name: 'adega-importar-vendas',
    path: (d) => `/adega/importar-vendas?establishment_id=${d.establishmentId}`,
    ready: (p) => p.getByText('Nenhuma importação ainda'),
  },
  { name: 'catalogo', path: () => '/catalogo', ready: (p) => p.getByRole('table') },
  { name: 'catalogo-novo', path: () => '/catalogo/novo' },
  { name: 'catalogo-editar', path: (d) => `/catalogo/${d.catalogWineId}/editar`, ready: (p) => p.getByRole('button', { name: 'Salvar' }) },
  { name: 'cadastros', path: () => '/onboarding/cadastros' },
  { name: 'cadastro', path: (d) => `/onboarding/cadastros/${d.onboardingId}`, ready: (p) => p.getByText('Helena Prado') },
  {
    name: 'insights',
    path: (d) => `/insights?estabelecimento=${d.establishmentId}`,
    ready: (p) => p.getByRole('heading', { name: 'Procurados e não encontrados' }),
  },
  {
    name: 'engenharia',
    path: (d) => `/engenharia?carta=${d.menuId}`,
    ready: (p) => p.getByRole('table', { name: 'Números por vinho' }),
  },
  { name: 'analytics', path: () => '/analytics', ready: (p) => p.getByText('Ranking de fornecedores') },
  { name: 'produtos', path: () => '/produtos/gerenciar', ready: (p) => p.getByRole('table') },
  { name: 'fornecedores', path: () => '/fornecedores', ready: (p) => p.getByText('Distribuidora Serra Gaúcha') },
  { name: 'fornecedor-novo', path: () => '/fornecedores/novo' },
  {
    name: 'fornecedor-editar',
    path: (d) => `/fornecedores/${d.supplierId}/editar`,
    filled: (p) =>
      expect(p.getByRole('textbox', { name: /^(Empresa|Razão|Nome da empresa)/ }).first()).toHaveValue(/^Importadora da Tela \w+ Ltda\.$/),
  },
  { name: 'pedidos', path: () => '/pedidos', ready: (p) => p.getByRole('link', { name: /Pedido|#/ }) },
  { name: 'pedido-novo', path: () => '/pedidos/novo' },
  { name: 'pedido', path: (d) => `/pedidos/${d.orderId}`, ready: (p) => p.getByText(/R\$/) },
  { name: 'importar', path: () => '/produtos/importar' },
  { name: 'historico', path: () => '/produtos/historico', ready: (p) => p.getByText('tabela-precos-vinhos.csv') },
  { name: 'crm', path: () => '/crm', ready: (p) => p.getByRole('table', { name: 'Top Performers' }) },
  { name: 'crm-leads', path: () => '/crm/leads', ready: (p) => p.getByRole('table', { name: 'Leads' }) },
  { name: 'crm-oportunidades', path: () => '/crm/opportunities', ready: (p) => p.getByRole('table', { name: 'Oportunidades' }) },
  { name: 'lgpd', path: () => '/lgpd', ready: (p) => p.getByRole('heading', { name: 'Regras de retenção' }) },
  { name: 'crm-atividades', path: () => '/crm/activities', ready: (p) => p.getByRole('table', { name: 'Atividades' }) },
  { name: 'auditoria', path: () => '/auditoria', ready: (p) => p.getByRole('list', { name: 'Alterações' }) },
  {
    name: 'integracoes',
    path: (d) => `/integracoes?establishment_id=${d.establishmentId}`,
    ready: (p) => p.getByRole('button', { name: 'Nova chave' }),
  },
];

for (const [label, options] of [
  ['390 px', PHONE],
  ['1280 px', { viewport: { width: 1280, height: 800 }, locale: 'pt-BR' }],
] as const) {
  test.describe(`every admin screen at ${label}`, () => {
    test.use(options);

    test('fits the width with no sideways scroll and has no serious axe violation', async ({ page, request, admin }) => {
      test.setTimeout(600_000);
      const data = await fillEveryScreen(request);
      const width = options.viewport.width;
      await loginViaUi(page, admin);
      for (const screen of SCREENS) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path(data));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          if (screen.ready) await expect(screen.ready(page).filter({ visible: true }).first()).toBeVisible();
          await screen.filled?.(page);
          await expect(page.locator('.mantine-Skeleton-root:visible')).toHaveCount(0);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect.soft(scrollWidth, `${screen.name}: page width at ${width} px`).toBeLessThanOrEqual(width);
          expect.soft(await seriousViolations(page), `${screen.name}: axe at ${width} px`).toEqual([]);
          await snapshot(page, `${screen.name}-${width}`, { fullPage: true });
        });
      }
    });
  });
}
