import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PublicEstablishmentResponse, PublicMenuResponse } from '../../../shared/public-menu.js';
import { createEstablishmentRow, createMenuRow, createMenuWineRow } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';

const t = testAppPerFile();

const get = (url: string) => t.app.inject({ method: 'GET', url });
const slug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function menuWithWines() {
  const est = await createEstablishmentRow(t.db, { sommelier: 'Helena Tavares', phone: '(48) 3232-4455' });
  const menu = await createMenuRow(t.db, est.id);
  const third = await createMenuWineRow(t.db, menu.id, { position: 2, name: 'Terceiro', price: 310.5 });
  const first = await createMenuWineRow(t.db, menu.id, { position: 0, name: 'Primeiro', country: 'Chile' });
  await createMenuWineRow(t.db, menu.id, { position: 1, name: 'Indisponível', available: false });
  return { est, menu, first, third };
}

describe('GET /api/public/carta/:estSlug/:menuSlug', () => {
  it('answers without a token with the establishment and only the available wines, in menu order', async () => {
    const { est, menu, first, third } = await menuWithWines();
    const res = await get(`/api/public/carta/${est.slug}/${menu.slug}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PublicMenuResponse;
    expect(body.establishment).toEqual({
      id: est.id,
      name: est.name,
      slug: est.slug,
      description: null,
      address: null,
      phone: '(48) 3232-4455',
      email: null,
      website: null,
      sommelier: 'Helena Tavares',
      logo: null,
    });
    expect(body.menu).toMatchObject({ id: menu.id, name: menu.name, slug: menu.slug, establishment_id: est.id, description: null });
    expect(body.menu.wines.map((w) => w.id)).toEqual([first.id, third.id]);
    expect(body.menu.wines[1]).toMatchObject({
      name: 'Terceiro',
      price: 310.5,
      volume: '750ml',
      available: true,
      category: 'Vinhos Tintos Médios',
    });
    expect(Object.keys(body.menu.wines[0] ?? {}).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'price',
        'category',
        'country',
        'region',
        'producer',
        'vintage',
        'wine_style',
        'grape_variety',
        'alcohol_content',
        'volume',
        'aging',
        'color',
        'aroma',
        'palate',
        'pairing',
        'image_url',
        'available',
        // Issue 18: what the glass costs and what the cellar says, never the cellar item, its count or the markup.
        'glass_price',
        'stock',
      ].sort(),
    );
  });

  it('accepts the menu id in place of its slug, and upper-case slugs', async () => {
    const { est, menu } = await menuWithWines();
    expect((await get(`/api/public/carta/${est.slug}/${menu.id}`)).json().menu.id).toBe(menu.id);
    expect((await get(`/api/public/carta/${est.slug.toUpperCase()}/${menu.slug.toUpperCase()}`)).json().menu.id).toBe(menu.id);
  });

  it('answers 404 Carta não encontrada for a missing establishment, menu, or a menu of another establishment', async () => {
    const { est, menu } = await menuWithWines();
    const other = await createEstablishmentRow(t.db);
    for (const url of [
      `/api/public/carta/nao-existe/${menu.slug}`,
      `/api/public/carta/${est.slug}/nao-existe`,
      `/api/public/carta/${other.slug}/${menu.slug}`,
      `/api/public/carta/${other.slug}/${menu.id}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Carta não encontrada' });
    }
  });

  it('returns a menu without available wines with an empty list (the page says it is temporarily unavailable)', async () => {
    const est = await createEstablishmentRow(t.db);
    const menu = await createMenuRow(t.db, est.id);
    await createMenuWineRow(t.db, menu.id, { available: false });
    const res = await get(`/api/public/carta/${est.slug}/${menu.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().menu.wines).toEqual([]);
  });
});

describe('GET /api/public/carta/:slug', () => {
  it('finds a menu by slug or by id', async () => {
    const { menu, first } = await menuWithWines();
    for (const key of [menu.slug, menu.id]) {
      const res = await get(`/api/public/carta/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().menu.wines[0].id).toBe(first.id);
    }
  });

  it('picks the oldest menu when several establishments share the slug', async () => {
    const shared = slug('compartilhada');
    const a = await createEstablishmentRow(t.db);
    const b = await createEstablishmentRow(t.db);
    await createMenuRow(t.db, a.id, { slug: shared, createdAt: new Date('2025-05-01T00:00:00Z') });
    const oldest = await createMenuRow(t.db, b.id, { slug: shared, createdAt: new Date('2024-01-01T00:00:00Z') });
    for (let i = 0; i < 3; i++) {
      const res = await get(`/api/public/carta/${shared}`);
      expect(res.json().menu.id).toBe(oldest.id);
      expect(res.json().establishment.id).toBe(b.id);
    }
  });

  it('answers 404 Carta não encontrada for an unknown slug or id', async () => {
    for (const key of ['nao-existe', randomUUID()]) {
      const res = await get(`/api/public/carta/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Carta não encontrada');
    }
  });
});

describe('GET /api/public/estabelecimento/:estSlug', () => {
  it('lists only active menus (with at least one available wine) and their available wine count', async () => {
    const est = await createEstablishmentRow(t.db, { description: 'Bar de vinhos' });
    const active = await createMenuRow(t.db, est.id, { name: 'Tintos', createdAt: new Date('2024-01-01T00:00:00Z') });
    await createMenuWineRow(t.db, active.id, { position: 0 });
    await createMenuWineRow(t.db, active.id, { position: 1 });
    await createMenuWineRow(t.db, active.id, { position: 2, available: false });
    const second = await createMenuRow(t.db, est.id, { name: 'Taças', createdAt: new Date('2024-02-01T00:00:00Z') });
    await createMenuWineRow(t.db, second.id);
    const inactive = await createMenuRow(t.db, est.id, { name: 'Inativa' });
    await createMenuWineRow(t.db, inactive.id, { available: false });
    await createMenuRow(t.db, est.id, { name: 'Vazia' });

    const res = await get(`/api/public/estabelecimento/${est.slug}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PublicEstablishmentResponse;
    expect(body.establishment).toMatchObject({ id: est.id, name: est.name, description: 'Bar de vinhos' });
    expect(body.menus).toEqual([
      { id: active.id, name: 'Tintos', description: null, slug: active.slug, wine_count: 2 },
      { id: second.id, name: 'Taças', description: null, slug: second.slug, wine_count: 1 },
    ]);
  });

  it('answers an empty list when no menu is active', async () => {
    const est = await createEstablishmentRow(t.db);
    expect((await get(`/api/public/estabelecimento/${est.slug}`)).json().menus).toEqual([]);
  });

  it('answers 404 Estabelecimento não encontrado', async () => {
    const res = await get('/api/public/estabelecimento/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Estabelecimento não encontrado', code: 'not_found' });
  });
});
