import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect } from '../support/fixtures.js';

/** The sample establishment and its 52-wine menu, created once (the seed is idempotent). */
export async function seedSampleMenu(request: APIRequestContext): Promise<{ menuId: string; establishmentId: string }> {
  const token = await apiToken(request);
  const res = await request.post('/api/seed/pedra-da-ilha', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = await res.json();
  return { menuId: body.menu_id, establishmentId: body.establishment_id };
}

export async function createEstablishmentAndMenu(
  request: APIRequestContext,
  establishmentName: string,
  menuName: string,
): Promise<{ establishmentId: string; menuId: string; establishmentSlug: string; menuSlug: string }> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const est = await request.post('/api/establishments', { headers, data: { name: establishmentName } });
  expect(est.status(), await est.text()).toBe(201);
  const establishment = await est.json();
  const menu = await request.post('/api/wine-menus', { headers, data: { name: menuName, establishment_id: establishment.id } });
  expect(menu.status(), await menu.text()).toBe(201);
  const m = await menu.json();
  return { establishmentId: establishment.id, menuId: m.id, establishmentSlug: establishment.slug, menuSlug: m.slug };
}

export async function addMenuWine(request: APIRequestContext, menuId: string, wine: Record<string, unknown>): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request)}` };
  const res = await request.post(`/api/wine-menus/${menuId}/wines`, { headers, data: wine });
  expect(res.status(), await res.text()).toBe(201);
}

/** Nothing on the page is wider than the viewport: no sideways scroll. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' } as const;
