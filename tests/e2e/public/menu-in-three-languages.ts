/** Issue 28's menus for the browser tests: offered in English and Spanish, every text reviewed. */
import type { APIRequestContext } from '@playwright/test';
import { addMenuWine, createEstablishmentAndMenu } from '../admin/admin-api.js';
import { apiToken, expect } from '../support/fixtures.js';

/** A menu offered in English and Spanish, every text translated: the sommelier accepts the drafts as reviewed. */
export async function menuInThreeLanguages(request: APIRequestContext): Promise<{ path: string; establishmentId: string }> {
  const tag = Date.now().toString(36);
  const { menuId, establishmentId, establishmentSlug, menuSlug } = await createEstablishmentAndMenu(
    request,
    `Bistrô ${tag}`,
    `Carta ${tag}`,
  );
  await addMenuWine(request, menuId, {
    name: 'Malbec Reserva',
    price: 189,
    category: 'Vinhos Tintos Encorpados',
    country: 'Argentina',
    grape_variety: 'Malbec',
    wine_style: 'Tinto',
    description: 'Fruta negra e taninos macios.',
    by_the_glass: true,
    glass_price: 39,
  });
  await addMenuWine(request, menuId, {
    name: 'Chardonnay da Serra',
    price: 120,
    category: 'Vinhos Brancos Leves',
    country: 'Brasil',
    grape_variety: 'Chardonnay',
    wine_style: 'Branco',
    description: 'Cítrico e fresco.',
  });
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const offered = await request.put(`/api/wine-menus/${menuId}/languages`, { headers, data: { offered: ['en', 'es'] } });
  expect(offered.status(), await offered.text()).toBe(200);
  for (const lang of ['en', 'es'] as const) {
    const drafted = await request.post(`/api/wine-menus/${menuId}/translations/${lang}/drafts`, { headers });
    expect(drafted.status(), await drafted.text()).toBe(200);
    const { texts } = (await drafted.json()) as {
      texts: { kind: string; ref: string; source: string; translations: Record<string, { text: string }> }[];
    };
    const reviewed = texts.map((t) => ({
      kind: t.kind,
      ref: t.ref,
      text: t.translations[lang]?.text ?? (t.kind === 'menu_name' ? (lang === 'en' ? 'House wines' : 'Vinos de la casa') : t.source),
      draft: false,
    }));
    const saved = await request.put(`/api/wine-menus/${menuId}/translations/${lang}`, { headers, data: { texts: reviewed } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return { path: `/${establishmentSlug}/${menuSlug}`, establishmentId };
}
