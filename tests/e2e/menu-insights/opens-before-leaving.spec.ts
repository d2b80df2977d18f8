import { randomUUID } from 'node:crypto';
import { addMenuWine, createEstablishmentAndMenu, PHONE } from '../admin/admin-api.js';
import { apiToken, expect, test } from '../support/fixtures.js';

// Headless Chromium names itself "HeadlessChrome", which the counting takes for a bot: the guest uses a phone's own.
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const RED = ['Baga Tinto', 'Castelão Tinto', 'Dão Tinto'];
const WHITE = ['Alvarinho Branco', 'Encruzado Branco'];

test('every wine a guest opens is counted: on the whole menu, on a search found in one section, and just before leaving', async ({
  browser,
  request,
}) => {
  const tag = randomUUID().slice(0, 6).replace(/\d/g, 'x');
  const place = await createEstablishmentAndMenu(request, `Tasca Aberturas ${tag}`, 'Carta do Balcão');
  for (const [i, name] of RED.entries()) {
    await addMenuWine(request, place.menuId, { name: `${name} ${tag}`, price: 90 + i, category: 'Vinhos Tintos Médios' });
  }
  for (const [i, name] of WHITE.entries()) {
    await addMenuWine(request, place.menuId, { name: `${name} ${tag}`, price: 80 + i, category: 'Vinhos Brancos Leves' });
  }

  const context = await browser.newContext({ ...PHONE, userAgent: PHONE_BROWSER });
  const guest = await context.newPage();
  expect((await guest.goto(`/${place.establishmentSlug}/${place.menuSlug}`))?.status()).toBe(200);
  for (const name of RED) await guest.getByRole('heading', { name: `${name} ${tag}`, level: 3 }).tap();
  // A search whose wines are all in one section of the menu, then both opened and the page left at once.
  const search = guest.getByRole('searchbox', { name: 'Buscar vinho' });
  await search.pressSequentially('branco', { delay: 20 });
  await search.press('Enter');
  await expect(guest).toHaveURL(/q=branco/);
  await expect(guest.getByRole('heading', { name: `${RED[0]} ${tag}`, level: 3 })).toHaveCount(0);
  for (const name of WHITE) await guest.getByRole('heading', { name: `${name} ${tag}`, level: 3 }).tap();
  await guest.goto('about:blank');

  const token = await apiToken(request);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/establishments/${place.establishmentId}/menu-insights?days=7`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { opened_wines: { name: string; opens: number }[] };
        return body.opened_wines.map((w) => `${w.name}: ${w.opens}`).sort();
      },
      // The counts are written every 5 seconds (decision 0064).
      { timeout: 30_000 },
    )
    .toEqual([...WHITE, ...RED].map((name) => `${name} ${tag}: 1`).sort());
  await context.close();
});
