/** The public menu and its PDF following the house cellar (issue 18): stock words, glass prices, "Por taça". */
import { describe, expect, it } from 'vitest';
import { parseMenuFilters } from './filters.js';
import { makeMenuResponse, makeWine } from './fixtures.js';
import { renderMenuPage } from './render.js';

/** NBSPs (Intl's after "R$", ours inside each price) as plain spaces, to compare with what a guest reads. */
const plain = (html: string) => html.replace(/\u00a0/g, ' ');

/** The <details> row of one wine, by its name. */
function row(html: string, name: string): string {
  const start = html.indexOf(`<h3>${name}</h3>`);
  expect(start, name).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf('<details', start), html.indexOf('</details>', start));
}

describe('stock words on the public menu', () => {
  const menu = () =>
    makeMenuResponse([
      makeWine({ name: 'Sem Adega' }),
      makeWine({ name: 'Acabou', stock: { state: 'sold_out', bottles: 0 } }),
      makeWine({ name: 'Uma Só', stock: { state: 'low', bottles: 1 } }),
      makeWine({ name: 'Duas', stock: { state: 'low', bottles: 2 } }),
      makeWine({ name: 'Só Taças', glass_price: 30, stock: { state: 'glass_only', bottles: 0 } }),
    ]);

  it('says Esgotado, Última garrafa, Últimas 2 garrafas and Só em taça; says nothing for a wine without a count', () => {
    const html = plain(renderMenuPage(menu()));
    expect(row(html, 'Sem Adega')).not.toContain('class="b"');
    expect(row(html, 'Sem Adega')).toContain('<details class="wine">');
    expect(row(html, 'Acabou')).toContain('<details class="wine x">');
    expect(row(html, 'Acabou')).toContain('<span class="b">Esgotado</span>');
    expect(row(html, 'Uma Só')).toContain('<span class="b">Última garrafa</span>');
    expect(row(html, 'Duas')).toContain('<span class="b">Últimas 2 garrafas</span>');
    // No closed bottle left: the glass only, no bottle price.
    expect(row(html, 'Só Taças')).toContain('<span class="p t">Taça R$ 30,00<small>750 ml</small></span>');
    expect(row(html, 'Só Taças')).toContain('<span class="b">Só em taça</span>');
    expect(row(html, 'Só Taças')).not.toContain('Garrafa R$');
    // The words are inside the row's summary: seen without opening it.
    expect(row(html, 'Duas')).toMatch(/<summary>.*Últimas 2 garrafas.*<\/summary>/s);
  });
});

describe('glass prices on the public menu', () => {
  const menu = () =>
    makeMenuResponse([
      makeWine({ name: 'Na Taça', price: 149.9, glass_price: 33 }),
      makeWine({ name: 'Só Garrafa', price: 99, glass_price: null }),
    ]);

  it('shows "Taça R$ X · Garrafa R$ Y" for a wine by the glass, each price unbroken, and the bottle price alone otherwise', () => {
    const raw = renderMenuPage(menu());
    expect(raw).toContain('Taça\u00a0R$\u00a033,00\u00a0· Garrafa\u00a0R$\u00a0149,90');
    const html = plain(raw);
    expect(row(html, 'Na Taça')).toContain('<span class="p t">Taça R$ 33,00 · Garrafa R$ 149,90<small>750 ml</small></span>');
    expect(row(html, 'Só Garrafa')).toContain('<span class="p">R$ 99,00<small>750 ml</small></span>');
  });

  it('offers "Por taça" only when some wine is sold by the glass, and filters with ?taca (any value), without JavaScript', () => {
    const html = renderMenuPage(menu());
    expect(html).toContain('<label class="ck"><input type="checkbox" name="taca"/>Por taça</label>');
    expect(renderMenuPage(makeMenuResponse([makeWine({ name: 'Só Garrafa' })]))).not.toContain('Por taça');

    for (const query of [{ taca: 'on' }, { taca: '1' }]) {
      const filtered = renderMenuPage(menu(), parseMenuFilters(query));
      expect(filtered).toContain('<h3>Na Taça</h3>');
      expect(filtered).not.toContain('<h3>Só Garrafa</h3>');
      expect(filtered).toContain('<input type="checkbox" name="taca" checked=""/>');
      // The filters fold open and count it, as the others.
      expect(filtered).toContain('<details class="filter" open="">');
      expect(filtered).toContain('1 ativo');
      expect(filtered).toContain('Mostrando 1 de 2 vinhos.');
    }
    // Asked on a menu without glasses: ignored, the whole menu.
    const none = renderMenuPage(makeMenuResponse([makeWine({ name: 'Só Garrafa' })]), parseMenuFilters({ taca: 'on' }));
    expect(none).toContain('<h3>Só Garrafa</h3>');
    expect(none).not.toContain('Mostrando');
  });

  it('escapes the wine around the new words', () => {
    const html = renderMenuPage(makeMenuResponse([makeWine({ name: '<b>x</b>', glass_price: 20, stock: { state: 'low', bottles: 3 } })]));
    expect(html).toContain('<h3>&lt;b&gt;x&lt;/b&gt;</h3>');
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('<span class="b">Últimas 3 garrafas</span>');
  });
});
