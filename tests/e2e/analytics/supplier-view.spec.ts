import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSidewaysScroll, seedSampleMenu } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';
import { newSupplierUser } from './analytics-api.js';

/** A supplier of its own, one order to it from the sample establishment (two wines), and a user for it. */
async function supplierWithSales(request: APIRequestContext) {
  const { establishmentId } = await seedSampleMenu(request);
  const { credentials, supplierId, headers, tag } = await newSupplierUser(request);
  const wines = [];
  for (const name of [`Malbec ${tag}`, `Chardonnay ${tag}`]) {
    const res = await request.post('/api/catalog/wines', { headers, data: { name } });
    expect(res.status(), await res.text()).toBe(201);
    wines.push((await res.json()).id);
  }
  const order = await request.post('/api/orders', {
    headers,
    data: {
      establishment_id: establishmentId,
      supplier_id: supplierId,
      items: [
        { wine_id: wines[0], quantity: 12, price: 80 },
        { wine_id: wines[1], quantity: 2, price: 95.5 },
      ],
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  return { credentials, tag };
}

/** Counts the curve and line drawing calls made on each canvas, by its aria-label. */
async function recordCanvasPaths(page: Page) {
  await page.addInitScript(() => {
    const calls: Record<string, { curves: number; lines: number }> = {};
    (window as unknown as { canvasCalls: typeof calls }).canvasCalls = calls;
    const proto = CanvasRenderingContext2D.prototype;
    const count = (kind: 'curves' | 'lines', original: (...args: never[]) => void) =>
      function (this: CanvasRenderingContext2D, ...args: never[]) {
        const key = this.canvas.getAttribute('aria-label') ?? '';
        calls[key] ??= { curves: 0, lines: 0 };
        calls[key][kind] += 1;
        return original.apply(this, args);
      };
    proto.bezierCurveTo = count('curves', proto.bezierCurveTo);
    proto.lineTo = count('lines', proto.lineTo);
  });
}

for (const width of [390, 1280]) {
  test(`at ${width} px a supplier sees its buyers and best-selling wines, and the revenue line is straight`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { credentials, tag } = await supplierWithSales(request);
    await page.setViewportSize({ width, height: 900 });
    await recordCanvasPaths(page);
    await loginViaUi(page, credentials);
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { name: 'Indicadores', level: 1 })).toBeVisible();

    const buyers = page.getByRole('region', { name: 'Estabelecimentos compradores' });
    await expect(buyers.getByTestId('stat-value')).toHaveText('1');
    await expect(page.getByRole('region', { name: 'Fornecedores ativos' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Principais fornecedores' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Principais compradores', level: 2 })).toBeVisible();
    await expect(
      page.getByRole('img', { name: /^Gráfico de rosca da receita dos principais compradores: Pedra da Ilha R\$/ }),
    ).toBeAttached();
    const ranking = page.getByRole('region', { name: 'Ranking de compradores' });
    await expect(ranking.getByRole('row', { name: /Pedra da Ilha/ })).toContainText('R$ 1.151,00');
    const wines = page.getByRole('region', { name: 'Vinhos mais vendidos' });
    await expect(wines.getByRole('row').nth(1).getByRole('cell')).toHaveText([`Malbec ${tag}`, '12', /^R\$\s960,00$/]);
    await expect(wines.getByRole('row').nth(2).getByRole('cell')).toHaveText([`Chardonnay ${tag}`, '2', /^R\$\s191,00$/]);

    // The revenue chart joins the days with straight segments: lines drawn, no curve.
    const revenue = page.getByRole('img', { name: /^Gráfico de linha da receita por dia/ });
    await expect(revenue).toBeAttached();
    const label = (await revenue.getAttribute('aria-label')) ?? '';
    await expect
      .poll(() =>
        page.evaluate((l) => (window as never as { canvasCalls: Record<string, { lines: number }> }).canvasCalls[l]?.lines ?? 0, label),
      )
      .toBeGreaterThan(0);
    const calls = await page.evaluate(
      (l) => (window as never as { canvasCalls: Record<string, { curves: number }> }).canvasCalls[l],
      label,
    );
    expect(calls?.curves).toBe(0);

    await expectNoSidewaysScroll(page, width);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, `analytics-supplier-${width}`, { fullPage: true });
  });
}
