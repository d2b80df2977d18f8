import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { clientBuildDir } from '../test-support/client-build.js';
import { createCatalogWineRow } from '../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';

const ONBOARDING_HTML = `<!doctype html><html lang="pt-BR"><head><title>Cadastre</title></head><body><div id="root"></div><div id="boot-onboarding">onboarding first paint</div><script type="module" src="/assets/onboarding-abc123.js"></script></body></html>`;
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Adega</title></head><body><div id="root"></div><!--boot--><div id="boot">admin outline</div><!--/boot-->${'<!-- padding -->'.repeat(200)}<script type="module" src="/assets/index-abc123.js"></script></body></html>`;

const clientDir = clientBuildDir({
  'index.html': INDEX_HTML,
  'onboarding.html': ONBOARDING_HTML,
  'assets/index-abc123.js': 'console.log("adega");',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
});
const t = testAppPerFile({ clientDir });
const admin = testUserPerFile(t, 'admin');

describe('health', () => {
  it('answers 200 while the database answers, 503 otherwise', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('ok');
    const realPing = t.app.database.ping;
    t.app.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ detail: 'Banco de dados indisponível.', code: 'database_unavailable' });
    } finally {
      t.app.database.ping = realPing;
    }
  });
});

describe('errors are JSON with a pt-BR detail', () => {
  const login = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });

  it('400 for malformed JSON', async () => {
    const res = await login('{"email": "a@b.c", "password": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'O corpo da requisição não é um JSON válido.', code: 'invalid_json' });
  });

  it('413 for a body over 1 MB', async () => {
    const res = await login(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('A requisição é grande demais.');
  });

  it('415 for an unsupported content type', async () => {
    const res = await login('email=a@b.c', 'text/csv');
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Tipo de conteúdo não suportado.');
  });

  it('404 JSON for unknown API paths (behind authentication)', async () => {
    const res = await t.as(admin.token, { method: 'GET', url: '/api/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Endereço da API não encontrado.', code: 'not_found' });
  });
});

describe('hostile input', () => {
  it('refuses a NUL character anywhere with 400 instead of failing in the database', async () => {
    const requests = [
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@b.com', password: 'x' } }),
      t.app.inject({ method: 'GET', url: '/api/public/carta/%00' }),
      t.app.inject({ method: 'GET', url: '/api/public/estabelecimento/a%00b' }),
      t.app.inject({ method: 'GET', url: '/a%00' }),
      t.app.inject({ method: 'GET', url: '/carta/%00' }),
      t.as(admin.token, { method: 'GET', url: '/api/catalog/wines?q=%00' }),
      t.as(admin.token, { method: 'POST', url: '/api/establishments', payload: { name: 'Bar\u0000' } }),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'O texto enviado contém caracteres inválidos.', code: 'invalid_characters' });
    }
  });

  it('answers a malformed URL with the usual error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%E0%A4%A/x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Endereço inválido.', code: 'invalid_url' });
  });

  it('gives a very long public address the guest 404 page, not the admin app', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${'a'.repeat(150)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Estabelecimento não encontrado');
    const menu = await t.app.inject({ method: 'GET', url: `/carta/${'c'.repeat(150)}` });
    expect(menu.statusCode).toBe(404);
    expect(menu.body).toContain('Carta não encontrada');
  });
});

describe('security headers', () => {
  it('sends a CSP without inline script, nosniff, frame-ancestors and referrer policy on every response', async () => {
    for (const url of ['/api/health', '/', '/usuarios', '/api/nada']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('admin app', () => {
  it('serves index.html for deep links to client routes, never cached', async () => {
    for (const url of ['/', '/login', '/usuarios', '/carta/123/editar', '/catalogo/novo']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps the first paint of each screen: the admin outline, /onboarding its own page, /login neither', async () => {
    const body = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    for (const url of ['/', '/analytics', '/analytics?days=7', '/carta/123/editar', '/onboarding/cadastros']) {
      expect(await body(url), url).toContain('admin outline');
      expect(await body(url), url).not.toContain('onboarding first paint');
    }
    for (const url of ['/onboarding', '/onboarding/', '/onboarding?x=1']) {
      expect(await body(url), url).toBe(ONBOARDING_HTML);
    }
    const login = await body('/login');
    expect(login).not.toContain('admin outline');
    expect(login).not.toContain('onboarding first paint');
    expect(login).toContain('<div id="root">');
  });

  it('caches hashed assets forever and compresses text', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/usuarios', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toBe(INDEX_HTML);
    expect((await t.app.inject({ method: 'GET', url: '/assets/nao-existe.js' })).statusCode).toBe(404);
  });

  it('compresses an API answer of tens of kilobytes in one call, with its length, not through a stream', async () => {
    // Fastify's default sync limit is a few KB (it depends on the cores), so a 20-60 KB page only takes the one-call path
    // when app.ts says so (decision 0031).
    for (let i = 0; i < 60; i++) {
      await createCatalogWineRow(t.db, { name: `Compressão ${i} Reserva`, description: `Um tinto de guarda, lote ${i}. `.repeat(8) });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/wines?q=compressao&limit=100',
      headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(res.rawPayload).toString();
    expect(json.length).toBeGreaterThan(16 * 1024);
    expect(JSON.parse(json)).toHaveLength(60);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['transfer-encoding']).toBeUndefined();
  });
});
