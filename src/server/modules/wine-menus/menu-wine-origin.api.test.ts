/** Producer, vintage (safra) and region of menu wines: written, read back, validated and shown to guests. */
import { describe, expect, it } from 'vitest';
import { createEstablishmentRow } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import type { TestApp } from '../../test-support/test-app.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');

const call: TestApp['call'] = (...args) => t.call(...args);
const WINE = { name: 'Catena Malbec', price: 189.9, category: 'Vinhos Tintos Médios', country: 'Argentina' };
const ORIGIN = { producer: 'Bodega Catena Zapata', vintage: 2021, region: 'Mendoza' };

async function newMenu() {
  const est = await createEstablishmentRow(t.db);
  const res = await call(admin, 'POST', '/api/wine-menus', { name: 'Carta', establishment_id: est.id });
  expect(res.statusCode).toBe(201);
  return { est, menu: res.json() as { id: string; slug: string } };
}

describe('menu wine producer, vintage and region', () => {
  it('are stored on create and update, read back by the menu and the public menu', async () => {
    const { est, menu } = await newMenu();
    const created = await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, { ...WINE, ...ORIGIN });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject(ORIGIN);

    const read = await call(admin, 'GET', `/api/wine-menus/${menu.id}`);
    expect(read.json().wines[0]).toMatchObject(ORIGIN);

    const wineId = created.json().id as string;
    const changed = { producer: 'Catena', vintage: '2019', region: 'Valle de Uco' };
    const updated = await call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${wineId}`, { ...WINE, ...changed });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ producer: 'Catena', vintage: 2019, region: 'Valle de Uco' });

    const pub = await t.app.inject({ method: 'GET', url: `/api/public/carta/${est.slug}/${menu.slug}` });
    expect(pub.json().menu.wines[0]).toMatchObject({ producer: 'Catena', vintage: 2019, region: 'Valle de Uco' });
  });

  it('are optional: absent or empty become null, and a PUT without them clears them', async () => {
    const { menu } = await newMenu();
    const created = await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, { ...WINE, producer: '', vintage: '', region: '  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ producer: null, vintage: null, region: null });

    const withOrigin = await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, { ...WINE, ...ORIGIN });
    const cleared = await call(admin, 'PUT', `/api/wine-menus/${menu.id}/wines/${withOrigin.json().id}`, WINE);
    expect(cleared.json()).toMatchObject({ producer: null, vintage: null, region: null });
  });

  it.each([
    [{ vintage: 1799 }, 'vintage', 'Safra: informe um ano a partir de 1800.'],
    [{ vintage: new Date().getFullYear() + 2 }, 'vintage', `Safra: informe um ano até ${new Date().getFullYear() + 1}.`],
    [{ vintage: 2019.5 }, 'vintage', 'Safra: informe um ano inteiro (ex.: 2019).'],
    [{ vintage: 'antiga' }, 'vintage', 'Safra: informe um ano (ex.: 2019).'],
    [{ producer: 'x'.repeat(201) }, 'producer', 'Produtor: no máximo 200 caracteres.'],
    [{ region: 'x'.repeat(201) }, 'region', 'Região: no máximo 200 caracteres.'],
  ])('answers 400 with a pt-BR message for %j', async (bad, field, message) => {
    const { menu } = await newMenu();
    const res = await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, { ...WINE, ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { [field]: message } });
  });

  it('shows them on the public page, escaped', async () => {
    const { est, menu } = await newMenu();
    await call(admin, 'POST', `/api/wine-menus/${menu.id}/wines`, {
      ...WINE,
      producer: '<script>alert(1)</script>',
      vintage: 2020,
      region: 'Luján & "Cuyo"',
    });
    const page = await t.app.inject({ method: 'GET', url: `/${est.slug}/${menu.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).toContain('Luján &amp; &quot;Cuyo&quot;');
    expect(page.body).toContain('2020');
  });
});
