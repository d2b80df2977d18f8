import { beforeAll, describe, expect, it } from 'vitest';
import type { SeedResult, WineMenu } from '../../shared/wine-menus.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { pdfPageCount, pdfPagePng, pdfText } from '../test-support/pdf-text.js';
import { decodeQr } from '../test-support/qr-decode.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
let seeded: SeedResult;
beforeAll(async () => {
  const res = await t.call(admin, 'POST', '/api/seed/pedra-da-ilha');
  expect(res.statusCode).toBeLessThan(300);
  seeded = res.json();
});

const PDF_PATH = '/pedra-da-ilha/carta-de-vinhos.pdf';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** pdftotext keeps line breaks inside long names: compare on single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('GET /{establishment}/{menu}.pdf', () => {
  it('renders the sample menu as an A4 PDF with the wines, R$ prices, categories, pt-BR accents and the menu QR code', async () => {
    const res = await get(PDF_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="pedra-da-ilha-carta-de-vinhos.pdf"');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = flat(pdfText(res.rawPayload));
    expect(text).toContain('Pedra da Ilha');
    expect(text).toContain('Carta de Vinhos');
    // Accents from the embedded fonts, read back as the same letters.
    expect(text).toContain('Seleção da sommelière Helena Tavares');
    for (const [name, price] of [
      ['Soalheiro Alvarinho', 'R$ 339,00'],
      ['Lidio Carraro Dádivas Chardonnay', 'R$ 189,00'],
      ['Esporão Reserva Branco', 'R$ 329,00'],
      ['E. Guigal Côtes du Rhône Rouge', 'R$ 259,00'],
      ['Pazo de Señoráns Albariño', 'R$ 449,00'],
      ['Muga Reserva (Magnum)', 'R$ 989,00'],
      ['Trivento Reserve Malbec (taça)', 'R$ 45,00'],
    ]) {
      expect(text).toContain(name);
      expect(text).toContain(price);
    }
    expect(text).toContain('Veuve Clicquot Brut Carte Jaune');
    expect(text).toContain('R$ 890,00');
    // Category headings as the page shows them, origin and bottle size under the name.
    expect(text).toContain('Espumantes');
    expect(text).toContain('Quinta de Soalheiro · Vinho Verde – Monção e Melgaço · 2023 · 750 ml');
    expect(text).toContain('Bodegas Muga · Rioja Alta – Haro · 2019 · 1,5 L');
    // Unavailable wines are left out, as on the page.
    expect(text).not.toContain('Louis Jadot Meursault');
    expect(text).not.toContain('Ridge Lytton Springs');
    expect(text).toMatch(/Página 1 de \d/);

    const pages = pdfPageCount(res.rawPayload);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    // The QR code in the header opens the public menu.
    const page = pdfPagePng(res.rawPayload, 1, 100);
    expect(await decodeQr(page)).toBe(`${t.config.publicBaseUrl}/pedra-da-ilha/carta-de-vinhos`);
    expect(text).toContain(`${t.config.publicBaseUrl}/pedra-da-ilha/carta-de-vinhos`);
  });

  it('prints one price for a one-glass bottle and two for a wine sold both ways, as the page does', async () => {
    const res = await get(PDF_PATH);
    expect(res.statusCode).toBe(200);
    const text = flat(pdfText(res.rawPayload));
    // 187 ml sold whole: one glass, one price.
    expect(text).toContain('Chandon Réserve Brut (taça)');
    expect(text).toContain('Taça R$ 69,00');
    expect(text).not.toContain('Garrafa R$ 69,00');
    expect(text).not.toContain('Garrafa R$ 45,00');
    // Sold by the glass and by the bottle: two different prices.
    expect(text).toContain('Taça R$ 38,00');
    expect(text).toContain('Garrafa R$ 149,00');
  });

  it('is cached (same ETag, 304) until a wine changes, and the next PDF shows the change', async () => {
    const first = await get(PDF_PATH);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(PDF_PATH)).headers.etag).toBe(etag);
    expect((await get(PDF_PATH, { 'if-none-match': etag })).statusCode).toBe(304);

    const menu: WineMenu = (await t.call(admin, 'GET', `/api/wine-menus/${seeded.menu_id}`)).json();
    const wine = menu.wines.find((w) => w.name === 'Soalheiro Alvarinho');
    expect(wine).toBeDefined();
    const { id, ...fields } = wine!;
    const update = await t.call(admin, 'PUT', `/api/wine-menus/${seeded.menu_id}/wines/${id}`, {
      ...fields,
      name: 'Soalheiro Alvarinho Granit',
      price: 352.5,
    });
    expect(update.statusCode).toBe(200);

    const next = await get(PDF_PATH, { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    const text = flat(pdfText(next.rawPayload));
    expect(text).toContain('Soalheiro Alvarinho Granit');
    expect(text).toContain('R$ 352,50');
    expect(text).not.toContain('R$ 339,00');
  });

  it('answers the /carta/{id}.pdf form too, and 404 for a menu that does not exist', async () => {
    const res = await get(`/carta/${seeded.menu_id}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(flat(pdfText(res.rawPayload))).toContain('Pedra da Ilha');

    expect((await get('/pedra-da-ilha/nao-existe.pdf')).statusCode).toBe(404);
    expect((await get('/nao-existe/carta-de-vinhos.pdf')).statusCode).toBe(404);
  });
});
