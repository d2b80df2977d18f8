import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAuthentication } from './authenticate.js';
import { registerErrorHandler } from './error-handler.js';

/** A bare app whose routes do NOT check the caller themselves: only the hook stands between them and the world. */
async function appWithOpenHandler() {
  const app = Fastify();
  registerErrorHandler(app);
  registerAuthentication(app, {
    verifyToken: async (token) => (token === 'valido' ? { userId: 'user-1' } : null),
    loadCaller: async ({ userId }) => ({ id: userId, email: 'a@b.com', role: 'admin', establishmentIds: [], supplierId: null }),
  });
  app.get('/api/segredo', async () => ({ segredo: 42 }));
  app.get('/api/aberto', { config: { public: true } }, async () => ({ ok: true }));
  app.get('/pagina', async () => 'html');
  await app.ready();
  return app;
}

describe('authentication hook', () => {
  it('protects /api routes by default, also when the path is percent-encoded', async () => {
    const app = await appWithOpenHandler();
    for (const url of ['/api/segredo', '/%61pi/segredo', '/ap%69/segredo', '/api/segredo?x=1', '/api/nao-existe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
    const ok = await app.inject({ method: 'GET', url: '/%61pi/segredo', headers: { authorization: 'Bearer valido' } });
    expect(ok.json()).toEqual({ segredo: 42 });
  });

  it('lets public routes and non-API pages through without a token', async () => {
    const app = await appWithOpenHandler();
    expect((await app.inject({ method: 'GET', url: '/api/aberto' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/pagina' })).statusCode).toBe(200);
  });
});
