import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS } from '../../shared/category-labels.js';
import { WINE_CATEGORIES } from '../../shared/wine-vocabulary.js';
import { parseMenuFilters } from './filters.js';
import { makeEstablishmentResponse, makeMenuResponse, makeMenuSummary, makeSampleMenu, makeWine } from './fixtures.js';
import { MENU_HEAD_SCRIPT, MENU_SCRIPT } from './menu-script.js';
import { renderEstablishmentNotFoundPage, renderEstablishmentPage, renderMenuNotFoundPage, renderMenuPage } from './render.js';

/** Text of every <h2> inside category sections, in document order. */
function categoryHeadings(html: string): string[] {
  return [...html.matchAll(/<section[^>]*class="cat"[^>]*><h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1] ?? '');
}

function navLabels(html: string): string[] {
  const nav = /<nav class="cats"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/href="#([^"]+)"/g)].map((m) => m[1] ?? '');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('renderMenuPage', () => {
  it('links each language as an absolute URL on PUBLIC_BASE_URL, and relative without one (no Host copied in)', () => {
    const data = makeMenuResponse([makeWine({ name: 'Único' })], { menu: { languages: ['pt-BR', 'en'] } });
    const path = '/casa/carta-de-vinhos';
    const absolute = renderMenuPage(data, {}, { basePath: path, origin: 'https://adega.com.br/' });
    expect(absolute).toContain(`<link rel="alternate" hrefLang="en" href="https://adega.com.br${path}?lang=en"/>`);
    expect(absolute).toContain(`<link rel="alternate" hrefLang="x-default" href="https://adega.com.br${path}"/>`);
    const relative = renderMenuPage(data, {}, { basePath: path });
    expect(relative).toContain(`<link rel="alternate" hrefLang="en" href="${path}?lang=en"/>`);
    // One language: no alternates at all (the pt-BR page keeps its bytes).
    expect(renderMenuPage(makeMenuResponse([makeWine()]), {}, { origin: 'https://adega.com.br' })).not.toContain('alternate');
  });

  it('renders a complete document with head metadata and only its inline script, in the head', () => {
    const html = renderMenuPage(makeSampleMenu(), {});
    expect(html.startsWith('<!doctype html><html lang="pt-BR">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width');
    expect(html).toContain('<title>Carta de Vinhos — Bistrô da Vinha</title>');
    expect(html).toContain('<meta name="description" content="Seleção da casa, renovada a cada estação."');
    expect(html).toContain('<meta name="theme-color"');
    expect(html).toContain('<style>');
    // Inline (no request before the first paint), allowed by the CSP through their hashes; nothing else runs.
    expect(html.match(/<script[^>]*>/gi)).toEqual([expect.stringMatching(/^<script data-p="[\w-]+">$/)]);
    expect(html).toMatch(new RegExp(`<script data-p="[\\w-]+">${escapeRegExp(MENU_HEAD_SCRIPT)}</script><style>`));
    expect(MENU_SCRIPT).toContain('setAttribute("aria-current","location")');
    expect(MENU_SCRIPT).not.toMatch(/^\s*\/\//m);
    expect(html).not.toMatch(/<link[^>]+(stylesheet|preload)/i);
    expect(html).not.toMatch(/src="(https?:)?\/\/(?!cdn)/);
  });

  it('paints the first screen once: the first paint waits for the second category (rel=expect), or for the only one', () => {
    const html = renderMenuPage(makeSampleMenu(), {});
    const second = navLabels(html)[1];
    expect(second).toBeTruthy();
    const head = html.slice(0, html.indexOf('</head>'));
    // Added by a script while the head is parsed: the markup stays valid for the W3C checker (decision 0045).
    expect(head).toContain(`<script data-p="${second}">${MENU_HEAD_SCRIPT}</script>`);
    expect(MENU_HEAD_SCRIPT).toMatch(
      /^document\.head\.append\(.*rel:'expect',href:'#'\+document\.currentScript\.dataset\.p,blocking:'render'/,
    );
    expect(head).not.toContain('<link rel="expect"');
    expect(html).toContain(`<section id="${second}"`);
    const one = renderMenuPage(makeMenuResponse([makeWine({ name: 'Único' })]), {});
    const only = navLabels(one)[0];
    expect(one).toContain(`<script data-p="${only}">${MENU_HEAD_SCRIPT}</script>`);
    expect(one).toContain(`<section id="${only}"`);
  });

  it('shows establishment header, contacts and footer', () => {
    const html = renderMenuPage(makeSampleMenu(), {});
    expect(html).toContain('<h1>Bistrô da Vinha</h1>');
    expect(html).toContain('Rua Oscar Freire, 1200');
    expect(html).toContain('href="tel:1134567890"');
    expect(html).toContain('href="mailto:contato@bistrodavinha.com.br"');
    expect(html).toContain('src="/uploads/logos/bistro.png"');
    // The small header logo never competes with the first screen's text (the LCP element) for the network.
    expect(html).toMatch(/<img class="logo" src="\/uploads\/logos\/bistro\.png"[^>]+width="44" height="44"[^>]+fetchPriority="low"/);
    expect(html).toContain('Carta digital por Adega');
    expect(html).toContain('Sommelier: Ana Beatriz Moraes');
  });

  it('omits the sommelier line when there is none', () => {
    const html = renderMenuPage(makeSampleMenu({ establishment: { sommelier: null } }), {});
    expect(html).not.toContain('Sommelier:');
    expect(html).toContain('Carta digital por Adega');
  });

  it('renders every wine detail', () => {
    const wine = makeWine({ image_url: 'https://img.example.com/catena.jpg' });
    const html = decode(renderMenuPage(makeMenuResponse([wine]), {}));
    expect(html).toContain('Catena Malbec');
    expect(html).toMatch(/R\$\s189,90/);
    expect(html).toContain('750 ml');
    expect(html).toContain('🇦🇷');
    expect(html).toContain('Argentina');
    expect(html).toContain('Malbec');
    expect(html).toContain('Tinto');
    expect(html).toContain('13,5%');
    expect(html).toContain('Fruta negra madura');
    expect(html).toContain('Rubi profundo');
    expect(html).toContain('Ameixa, amora');
    expect(html).toContain('Taninos macios');
    expect(html).toContain('12 meses em barricas');
    expect(html).toContain('Carnes grelhadas');
    // The row: name, producer · region · vintage, price and size; the rest opens on tap, without JavaScript.
    expect(html).toContain('<summary><h3>Catena Malbec</h3><span class="o">Catena Zapata · Mendoza · 2021</span>');
    expect(html).toMatch(/<details class="wine"><summary>[\s\S]*R\$\s189,90<small>750 ml<\/small><\/span><\/summary>/);
    expect(html).toMatch(/<\/summary><div class="wd i">[\s\S]*Fruta negra madura[\s\S]*Rubi profundo[\s\S]*<\/details>/);
    expect(html).toMatch(/<img[^>]+src="https:\/\/img\.example\.com\/catena\.jpg"[^>]+loading="lazy"/);
    // Decorative: the wine's name heads the row (decision 0062).
    expect(html).toMatch(/<img[^>]+alt=""[^>]+width="64"[^>]+height="96"/);
  });

  it('escapes user text everywhere', () => {
    const data = makeMenuResponse(
      [
        makeWine({
          name: '<script>alert(1)</script>',
          pairing: '</p><b onmouseover=alert(1)>x</b>',
          grape_variety: '<i>Malbec</i>',
          producer: '<u>Bodega</u> & "Filhos"',
          region: '<marquee>Mendoza</marquee>',
        }),
      ],
      {
        establishment: { description: '"><img src=x onerror=alert(1)>', name: 'Bar "do" <Zé>' },
        menu: { name: '<svg onload=alert(1)>' },
      },
    );
    const html = renderMenuPage(data, { grape: '<i>Malbec</i>' });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<b onmouseover');
    expect(html).not.toContain('<svg onload');
    expect(html).not.toContain('<i>Malbec</i>');
    expect(html).not.toContain('<u>Bodega');
    expect(html).toContain('&lt;u&gt;Bodega&lt;/u&gt; &amp; &quot;Filhos&quot;');
    expect(html).not.toContain('<marquee');
    // The page's own script is the only one.
    expect(html.match(/<script[^>]*>/gi)).toEqual([expect.stringMatching(/^<script data-p="[\w-]+">$/)]);
    const searched = renderMenuPage(data, { query: '"><script>x</script>' });
    expect(searched).not.toContain('<script>x');
    expect(searched).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('never renders unsafe image URLs', () => {
    const data = makeMenuResponse(
      [
        makeWine({ name: 'JS', image_url: 'javascript:alert(1)' }),
        makeWine({ name: 'Data', image_url: 'data:image/svg+xml,<svg onload=alert(1)>' }),
        makeWine({ name: 'Proto', image_url: '//evil.example/x.png' }),
      ],
      { establishment: { logo: 'javascript:alert(document.cookie)' } },
    );
    const html = renderMenuPage(data, {});
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:image');
    expect(html).not.toContain('evil.example');
    expect(html).not.toMatch(/<img/);
  });

  it('shows only available wines', () => {
    const data = makeMenuResponse([
      makeWine({ name: 'Disponível Um' }),
      makeWine({ name: 'Esgotado Secreto', available: false }),
      makeWine({ name: 'Meio Disponível', available: 'true' as unknown as boolean }),
    ]);
    const html = renderMenuPage(data, {});
    expect(html).toContain('Disponível Um');
    expect(html).not.toContain('Esgotado Secreto');
    expect(html).not.toContain('Meio Disponível');
    expect(html).toContain('1 vinho<');
    expect(html).not.toMatch(/\d rótulo/);
    // A single category still carries the script: its beacon counts the wines opened (decision 0083).
    expect(html).toContain(`${MENU_HEAD_SCRIPT}</script>`);
  });

  it('groups wines by category in WINE_CATEGORIES order, unknown ones last alphabetically', () => {
    const data = makeMenuResponse([
      makeWine({ category: 'Vinhos Tintos Encorpados' }),
      makeWine({ category: 'Sobremesa' }),
      makeWine({ category: 'Espumantes' }),
      makeWine({ category: 'Fortificados' }),
      makeWine({ category: 'Vinho Rosé' }),
    ]);
    const html = renderMenuPage(data, {});
    expect(categoryHeadings(html)).toEqual(['Espumantes', 'Rosés', 'Tintos encorpados', 'Fortificados', 'Sobremesa']);
    expect(navLabels(html)).toEqual([
      'cat-espumantes',
      'cat-vinho-rose',
      'cat-vinhos-tintos-encorpados',
      'cat-fortificados',
      'cat-sobremesa',
    ]);
    expect(html).toContain('id="cat-espumantes"');
  });

  it('has a blurb for all ten categories, headed in sentence case by the same label as its chip', () => {
    const html = decode(renderMenuPage(makeSampleMenu(), {}));
    const labels = WINE_CATEGORIES.map((c) => CATEGORY_LABELS[c]);
    expect(categoryHeadings(html)).toEqual(labels);
    expect(labels).toContain('Brancos médios');
    const chips = [...(/<nav class="cats"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/<a [^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(chips).toEqual(labels);
    expect(html.match(/class="blurb"/g)).toHaveLength(10);
  });

  it('renders the GET filter form with options from the wines', () => {
    const html = renderMenuPage(makeSampleMenu(), {});
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="get"');
    // Lands on the results, not the top of the page.
    expect(form).toContain('action="/bistro-da-vinha/carta-de-vinhos#vinhos"');
    expect(html).toContain('<div id="vinhos"');
    expect(html).toContain('name="q"');
    expect(html).toContain('name="pais"');
    expect(html).toContain('name="uva"');
    expect(html).toContain('name="preco"');
    // An option without a value attribute submits its text.
    expect(html).toContain('<option>Chile</option>');
    expect(html).toContain('<option>Touriga Nacional</option>');
    expect(html).toContain('<option value="">Todos os países</option>');
    // Unfiltered: nothing marked selected, the search box has no value (the browser's default; bytes of the first TCP window).
    expect(html).not.toContain('selected=""');
    expect(html).not.toMatch(/<input[^>]+id="f-q"[^>]+value=/);
    for (const id of ['ate-100', '100-200', '200-400', '400-mais']) expect(html).toContain(`<option value="${id}"`);
    expect(html).toContain('>Filtrar</button>');
    expect(html).toContain('Limpar filtros');
    expect(html).not.toContain('<details class="filter" open');
  });

  it('applies filters from the query and keeps them selected', () => {
    const data = makeSampleMenu();
    const html = renderMenuPage(data, parseMenuFilters({ pais: 'Chile', preco: '400-mais' }));
    expect(html).toContain('Almaviva');
    expect(html).toContain('Don Melchor');
    expect(html).not.toContain('Catena Malbec');
    expect(html).not.toContain('Cono Sur');
    expect(html).toContain('<option selected="">Chile</option>');
    expect(html).toContain('<option value="400-mais" selected="">');
    expect(html).toContain('<details class="filter" open=""');
    expect(html).toContain('Mostrando 2 de 45 vinhos.');
    expect(categoryHeadings(html)).toEqual(['Tintos encorpados']);
    expect(navLabels(html)).toEqual(['cat-vinhos-tintos-encorpados']);
  });

  it('searches every word in name, producer, region, country, grape and vintage, ignoring case and accents', () => {
    const data = makeMenuResponse([
      makeWine({ name: 'Almaviva', producer: 'Baron Philippe de Rothschild', region: 'Puente Alto', vintage: 2019 }),
      makeWine({ name: 'Pêra Manca', producer: 'Cartuxa', region: 'Évora', country: 'Portugal', vintage: 2015 }),
      makeWine({ name: 'Outro', producer: 'Outra', region: 'Maipo', country: 'Chile', grape_variety: 'Carménère', vintage: 2020 }),
    ]);
    const names = (q: string) => [...renderMenuPage(data, parseMenuFilters({ q })).matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1]);
    expect(names('pera manca')).toEqual(['Pêra Manca']);
    expect(names('ROTHSCHILD')).toEqual(['Almaviva']);
    expect(names('evora 2015')).toEqual(['Pêra Manca']);
    expect(names('carmenere chile')).toEqual(['Outro']);
    expect(names('evora 2019')).toEqual([]);
    const html = renderMenuPage(data, parseMenuFilters({ q: 'cartuxa' }));
    expect(html).toContain('Mostrando 1 de 3 vinhos para “cartuxa”.');
    expect(html).toContain('value="cartuxa"');
    expect(renderMenuPage(data, parseMenuFilters({ q: 'nada disso' }))).toContain('Nenhum vinho encontrado para “nada disso”.');
  });

  it('filters by grape', () => {
    const html = renderMenuPage(makeSampleMenu(), parseMenuFilters({ uva: 'Gamay' }));
    expect(html).toContain('Georges Duboeuf Beaujolais');
    expect(html).not.toContain('Almaviva');
    expect(categoryHeadings(html)).toEqual(['Tintos leves']);
  });

  it('ignores invalid filter values', () => {
    const all = renderMenuPage(makeSampleMenu(), {});
    const html = renderMenuPage(makeSampleMenu(), parseMenuFilters({ pais: 'Atlântida', uva: '', preco: 'gratis' }));
    expect(categoryHeadings(html)).toEqual(categoryHeadings(all));
    expect(html).not.toContain('Mostrando');
    expect(html).not.toContain('Atlântida');
  });

  it('shows a friendly message when filters match nothing', () => {
    const html = renderMenuPage(makeSampleMenu(), parseMenuFilters({ pais: 'Itália', uva: 'Malbec' }));
    expect(html).toContain('Nenhum vinho encontrado com esses filtros.');
    expect(html).toContain('class="btn" href="/bistro-da-vinha/carta-de-vinhos">Limpar filtros</a>');
    expect(html).not.toContain('<nav class="cats"');
    expect(categoryHeadings(html)).toEqual([]);
  });

  it('links to /carta/{slug} when the establishment has no slug, or to a given base path', () => {
    const data = makeSampleMenu({ establishment: { slug: null } });
    expect(renderMenuPage(data, {})).toContain('action="/carta/carta-de-vinhos#vinhos"');
    expect(renderMenuPage(data, {}, { basePath: '/x/y' })).toContain('action="/x/y#vinhos"');
  });

  it('says the menu is temporarily unavailable when no wine is available', () => {
    for (const wines of [[], [makeWine({ name: 'Esgotado', available: false })]]) {
      const html = renderMenuPage(makeMenuResponse(wines), {});
      expect(html).toContain('Carta temporariamente indisponível');
      expect(html).toContain('<h1>Bistrô da Vinha</h1>');
      expect(html).not.toContain('<form');
      expect(html).not.toContain('Esgotado');
    }
  });

  it('keeps the whole 45-wine page under 25 KB gzipped', () => {
    const data = makeSampleMenu({
      establishment: { logo: 'https://cdn.example.com/logos/bistro-da-vinha.png' },
    });
    expect(data.menu.wines.filter((w) => w.available)).toHaveLength(45);
    const html = renderMenuPage(data, {});
    const gz = gzipSync(Buffer.from(html, 'utf8')).length;
    expect(gz).toBeLessThan(25_000);
  });
});

describe('renderEstablishmentPage', () => {
  it('lists menus with wine count and a Visualizar Carta link', () => {
    const html = renderEstablishmentPage(
      makeEstablishmentResponse([
        makeMenuSummary({ name: 'Carta de Inverno', slug: 'inverno', wine_count: 12 }),
        makeMenuSummary({ id: 'abc-123', name: 'Taças', slug: null, wine_count: 1, description: null }),
      ]),
    );
    expect(html.startsWith('<!doctype html><html lang="pt-BR">')).toBe(true);
    expect(html).toContain('<title>Bistrô da Vinha — Cartas de vinhos</title>');
    expect(html).toContain('<h1>Bistrô da Vinha</h1>');
    expect(html).toContain('Carta de Inverno');
    expect(html).toContain('12 vinhos');
    expect(html).toContain('1 vinho<');
    expect(html).toContain('href="/bistro-da-vinha/inverno"');
    expect(html).toContain('href="/bistro-da-vinha/abc-123"');
    expect(html.match(/>Visualizar Carta</g)).toHaveLength(2);
    expect(html).not.toContain('Nenhuma carta ativa');
    expect(html).not.toMatch(/<script/i);
  });

  it('says there is no active menu when the list is empty', () => {
    const html = renderEstablishmentPage(makeEstablishmentResponse([]));
    expect(html).toContain('Nenhuma carta ativa');
    expect(html).not.toContain('Visualizar Carta');
  });

  it('escapes establishment data and drops unsafe logos', () => {
    const html = renderEstablishmentPage(
      makeEstablishmentResponse([makeMenuSummary({ name: '<script>alert(1)</script>' })], {
        description: '"><img src=x onerror=alert(1)>',
        logo: 'data:image/png;base64,AAAA',
        website: 'javascript:alert(1)',
      }),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('data:image');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('not-found pages', () => {
  it('renders the menu not-found page', () => {
    const html = renderMenuNotFoundPage();
    expect(html.startsWith('<!doctype html><html lang="pt-BR">')).toBe(true);
    expect(html).toContain('<h1>Carta não encontrada</h1>');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toMatch(/<script/i);
  });

  it('renders the establishment not-found page', () => {
    const html = renderEstablishmentNotFoundPage();
    expect(html).toContain('<h1>Estabelecimento não encontrado</h1>');
    expect(html).toContain('<title>Estabelecimento não encontrado — Adega</title>');
    expect(html).not.toMatch(/<script/i);
  });
});
