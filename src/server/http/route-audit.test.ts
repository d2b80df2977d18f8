import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUDIT_MISSING, assertRouteDeclaresAudit, countAuditEntry, registerRouteAudit } from './route-audit.js';

describe('route audit declarations', () => {
  it('refuses an /api write route that says nothing of the audit trail, and accepts reads and declared writes', () => {
    expect(() => assertRouteDeclaresAudit({ method: 'POST', url: '/api/things', config: {} })).toThrow(/declares no audit/);
    expect(() => assertRouteDeclaresAudit({ method: ['PUT', 'HEAD'], url: '/api/things/:id' })).toThrow(/declares no audit/);
    expect(() => assertRouteDeclaresAudit({ method: 'DELETE', url: '/api/x', config: { audit: { none: '  ' } } })).toThrow();
    expect(() => assertRouteDeclaresAudit({ method: 'GET', url: '/api/things' })).not.toThrow();
    expect(() => assertRouteDeclaresAudit({ method: 'POST', url: '/carta/x' })).not.toThrow();
    expect(() => assertRouteDeclaresAudit({ method: 'PATCH', url: '/api/x', config: { audit: 'recorded' } })).not.toThrow();
    expect(() => assertRouteDeclaresAudit({ method: 'POST', url: '/api/x', config: { audit: { none: 'a search' } } })).not.toThrow();
  });

  it('stops the app from starting when a write route declares nothing', async () => {
    const app = Fastify();
    registerRouteAudit(app, { checkRecorded: false });
    expect(() => app.post('/api/undeclared', async () => ({}))).toThrow(/POST \/api\/undeclared is a write route that declares no audit/);
    await app.close();
  });

  it('in test mode turns a 2xx of a recorded route that recorded nothing into a 500 audit_missing', async () => {
    const app = Fastify();
    registerRouteAudit(app, { checkRecorded: true });
    app.post('/api/records', { config: { audit: 'recorded' } }, async () => {
      await Promise.resolve();
      countAuditEntry();
      return { ok: true };
    });
    app.post('/api/forgets', { config: { audit: 'recorded' } }, async (_request, reply) => reply.status(204).send());
    app.post('/api/fails', { config: { audit: 'recorded' } }, async (_request, reply) => reply.status(409).send({ code: 'conflict' }));
    app.post('/api/searches', { config: { audit: { none: 'a search' } } }, async () => ({ found: [] }));

    const recorded = await app.inject({ method: 'POST', url: '/api/records', payload: { a: 1 } });
    expect(recorded.statusCode).toBe(200);
    const forgot = await app.inject({ method: 'POST', url: '/api/forgets' });
    expect([forgot.statusCode, forgot.json()]).toEqual([500, AUDIT_MISSING]);
    expect((await app.inject({ method: 'POST', url: '/api/fails' })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/api/searches' })).statusCode).toBe(200);
  });
});
