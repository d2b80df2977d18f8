/**
 * Issue 27: every piece of user text on the public pages is isolated, so a bidi control in it (U+202E RIGHT-TO-LEFT
 * OVERRIDE) reverses that text and nothing of ours: <bdi> or dir="auto" around text, FIRST STRONG ISOLATE … POP
 * DIRECTIONAL ISOLATE in the title and in attributes.
 */
import { describe, expect, it } from 'vitest';
import { parseMenuFilters } from './filters.js';
import { makeEstablishmentResponse, makeMenuResponse, makeMenuSummary, makeWine } from './fixtures.js';
import { renderEstablishmentPage, renderMenuPage } from './render.js';

const RLO = '\u202e';
const evil = (text: string) => `${text} ${RLO}ovlam`;
const VOID = new Set(['meta', 'link', 'img', 'input', 'br', 'hr', 'source']);
const ISOLATED_ATTRIBUTE = new RegExp(`^[^${RLO}]*\u2068[^\u2069]*${RLO}[^\u2069]*\u2069[^${RLO}]*$`);

/**
 * Every place an RLO reaches something it should not: text whose own element is neither <bdi> nor has a dir
 * attribute (the <title> excepted when the text is wrapped in FSI … PDI), and attribute values not so wrapped.
 */
function leaks(html: string): string[] {
  const found: string[] = [];
  const stack: { name: string; isolates: boolean }[] = [];
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)((?:[^>"]|"[^"]*")*)>|([^<]+)/gi)) {
    const [, closing, rawName, attributes, text] = m;
    if (text !== undefined) {
      if (!text.includes(RLO)) continue;
      const own = stack.at(-1);
      const ok =
        own?.isolates || (own?.name === 'title' && text.split(' — ').every((part) => !part.includes(RLO) || ISOLATED_ATTRIBUTE.test(part)));
      if (!ok) found.push(`<${own?.name}>${text}`);
      continue;
    }
    const name = rawName!.toLowerCase();
    if (closing) {
      while (stack.length > 0 && stack.pop()?.name !== name);
      continue;
    }
    const isolates = name === 'bdi' || /\sdir="/.test(attributes ?? '');
    for (const [, attr, value] of (attributes ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) {
      // A link's address is not shown; an input's value is shown isolated when the input has dir.
      if (!value!.includes(RLO) || attr === 'href' || (attr === 'value' && isolates)) continue;
      if (!ISOLATED_ATTRIBUTE.test(value!)) found.push(`${name} ${attr}="${value}"`);
    }
    if (!VOID.has(name) && !attributes?.endsWith('/')) stack.push({ name, isolates });
  }
  return found;
}

const hostileWine = () =>
  makeWine({
    name: evil('Vinho'),
    description: evil('Descrição'),
    category: evil('Categoria'),
    country: evil('País'),
    region: evil('Região'),
    producer: evil('Produtor'),
    wine_style: evil('Estilo'),
    grape_variety: evil('Uva'),
    alcohol_content: evil('Álcool'),
    aging: evil('Barrica'),
    color: evil('Cor'),
    aroma: evil('Aroma'),
    palate: evil('Paladar'),
    pairing: evil('Carnes'),
    image_url: '/uploads/a.png',
  });

const hostileEstablishment = {
  name: evil('Adega'),
  description: evil('Sobre'),
  address: evil('Rua'),
  phone: `(48) 3232-4455 ${RLO}`,
  email: `contato${RLO}@casa.com.br`,
  website: `https://casa.com.br/${RLO}x`,
  sommelier: evil('Ana'),
};

describe('user text is isolated: a bidi control in it cannot reorder the page around it', () => {
  it('on the menu page: every field of the establishment, the menu and a wine, the title and the description', () => {
    const data = makeMenuResponse([hostileWine(), makeWine({ name: 'Outro', category: 'Espumantes' })], {
      menu: { name: evil('Carta'), description: evil('Descrição da carta') },
      establishment: hostileEstablishment,
    });
    const html = renderMenuPage(data, {});
    expect(html.split(RLO).length).toBeGreaterThan(25);
    expect(leaks(html)).toEqual([]);
    expect(html).toContain(`<h1><bdi>${evil('Adega')}</bdi></h1>`);
    expect(html).toContain(`<h3><bdi>${evil('Vinho')}</bdi></h3>`);
    expect(html).toContain(`<title>\u2068${evil('Carta')}\u2069 — \u2068${evil('Adega')}\u2069</title>`);
    expect(html).toContain(`<meta name="description" content="\u2068${evil('Descrição da carta')}\u2069"`);
    expect(html).toContain(`<option dir="auto">${evil('País')}</option>`);
  });

  it('on a search that finds the wine and on one that finds nothing', () => {
    const data = makeMenuResponse([hostileWine(), makeWine({ name: 'Outro' })], { establishment: hostileEstablishment });
    expect(leaks(renderMenuPage(data, parseMenuFilters({ q: 'Vinho' })))).toEqual([]);
    const nothing = renderMenuPage(data, parseMenuFilters({ q: evil('nada') }));
    expect(nothing).toContain(`Nenhum vinho encontrado para “<bdi>${evil('nada')}</bdi>”.`);
    expect(leaks(nothing)).toEqual([]);
  });

  it('on the establishment page: its fields and its list of menus', () => {
    const html = renderEstablishmentPage(
      makeEstablishmentResponse([makeMenuSummary({ name: evil('Carta'), description: evil('Sobre a carta') })], hostileEstablishment),
    );
    expect(html.split(RLO).length).toBeGreaterThan(10);
    expect(leaks(html)).toEqual([]);
    expect(html).toContain(`<h2><bdi>${evil('Carta')}</bdi></h2>`);
    expect(html).toContain(`aria-label="Visualizar Carta: \u2068${evil('Carta')}\u2069"`);
  });
});
