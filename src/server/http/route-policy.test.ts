import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '../../shared/roles.js';
import { registerAuthentication } from './authenticate.js';
import { registerErrorHandler } from './error-handler.js';
import { registerRoutePolicy } from './route-policy.js';

/** A bare app with the real authentication and guard: the bearer token is the caller's role. */
function bareApp(): FastifyInstance {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAuthentication(app, {
    verifyToken: async (token) => ({ userId: token, sessionId: token }),
    loadCaller: async ({ userId: role }) => ({ id: role, email: 'a@b.com', role: role as Role, establishmentIds: [], supplierId: null }),
  });
  registerRoutePolicy(app);
  return app;
}

const as = (app: FastifyInstance, role: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${role}` }, ...(payload && { payload }) });

describe('route policy', () => {
  it('stops the app from starting when an /api route declares no policy', async () => {
    const app = bareApp();
    void app.register(async (module) => {
      module.get('/api/esquecida', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow('GET /api/esquecida declares no access policy');
  });

  it('stops the app from starting when a route names an action the policy does not have', async () => {
    const app = bareApp();
    void app.register(async (module) => {
      module.post('/api/catalog/x', { config: { policy: { area: 'catalog', action: 'approve' } as never } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow('catalog.approve');
    const other = bareApp();
    expect(() => other.get('/api/ambos', { config: { public: true, policy: 'signed-in' } }, async () => ({}))).toThrow('choose one');
  });

  it('leaves routes outside /api alone', async () => {
    const app = bareApp();
    app.get('/pagina', async () => 'html');
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/pagina' })).statusCode).toBe(200);
  });

  it('answers 403 with the pt-BR detail before the body is validated, and lets allowed callers through', async () => {
    const app = bareApp();
    const body = z.object({ name: z.string().min(1) });
    app.post('/api/vinhos', { config: { policy: { area: 'catalog', action: 'create' } }, schema: { body } }, async () => ({ ok: true }));
    app.get('/api/usuarios', { config: { policy: { area: 'users', action: 'read' } } }, async () => []);
    app.get('/api/cartas', { config: { policy: { area: 'menus', action: 'read', outOfScope: 'hidden' } } }, async () => []);
    app.get('/api/eu', { config: { policy: 'signed-in' } }, async () => ({ ok: true }));
    await app.ready();

    for (const role of ['restaurant_manager', 'supplier'] as const) {
      const refused = await as(app, role, 'POST', '/api/vinhos', { name: '' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Seu perfil não pode adicionar vinhos ao catálogo.', code: 'forbidden' });
    }
    expect((await as(app, 'sommelier', 'POST', '/api/vinhos', { name: '' })).statusCode).toBe(400);
    expect((await as(app, 'sommelier', 'POST', '/api/vinhos', { name: 'Tinto' })).json()).toEqual({ ok: true });

    expect((await as(app, 'sommelier', 'GET', '/api/usuarios')).json().detail).toBe(
      'Apenas administradores e gerentes de restaurante podem ver os usuários.',
    );
    expect((await as(app, 'admin', 'GET', '/api/usuarios')).statusCode).toBe(200);
    // Reads the service scopes (an empty list for a supplier) and routes for any signed-in user pass the guard.
    expect((await as(app, 'supplier', 'GET', '/api/cartas')).statusCode).toBe(200);
    expect((await as(app, 'supplier', 'GET', '/api/eu')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/eu' })).statusCode).toBe(401);
  });

  it('lists every /api route with what it requires', async () => {
    const app = bareApp();
    app.get('/api/eu', { config: { policy: 'signed-in' } }, async () => ({}));
    app.post('/api/login', { config: { public: true } }, async () => ({}));
    await app.ready();
    expect(app.apiRoutes).toEqual([
      { method: 'GET', url: '/api/eu', policy: 'signed-in' },
      { method: 'POST', url: '/api/login', policy: 'public' },
    ]);
  });
});
