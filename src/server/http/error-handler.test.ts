import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors.js';
import { appError } from '../core/app-error.js';
import { registerErrorHandler } from './error-handler.js';

const SECRET = 'password=hunter2 at /srv/adega/src/server/modules/x.ts:42';

async function appThatFails() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  registerErrorHandler(app);
  const bug = () => {
    throw Object.assign(new Error(`relation "users" failed: ${SECRET}`), { code: '42P01', detail: SECRET });
  };
  app.get('/api/quebrado', bug);
  app.get('/uma-casa', bug);
  app.get('/api/recusado', async () => {
    throw appError('forbidden');
  });
  // PostgreSQL's "could not extend file" (53100), wrapped as Drizzle wraps it, and a file write's ENOSPC.
  app.get('/api/disco-cheio', async () => {
    throw Object.assign(new Error('Failed query: insert into ...'), {
      cause: Object.assign(new Error('could not extend file "base/5/16508": No space left on device'), { code: '53100' }),
    });
  });
  app.get('/api/arquivo-sem-espaco', async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
  });
  await app.ready();
  return { app, lines };
}

describe('error answers', () => {
  it('never let a 500 carry the error message, its SQL details or a stack, and log it instead', async () => {
    const { app, lines } = await appThatFails();
    const res = await app.inject({ method: 'GET', url: '/api/quebrado' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Erro interno do servidor. Tente novamente em instantes.', code: 'internal_error' });
    expect(res.body).not.toContain('hunter2');

    const page = await app.inject({ method: 'GET', url: '/uma-casa' });
    expect(page.statusCode).toBe(500);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Algo deu errado');
    expect(page.body).not.toMatch(/hunter2|relation|\.ts/);

    expect(lines.join('')).toContain('hunter2');
  });

  it('take status and default pt-BR text from the shared error codes', async () => {
    const { app } = await appThatFails();
    const res = await app.inject({ method: 'GET', url: '/api/recusado' });
    expect(res.statusCode).toBe(ERROR_CODES.forbidden.status);
    expect(res.json()).toEqual({ detail: 'Você não tem permissão para esta ação.', code: 'forbidden' });
  });

  it('answer a write the full disk refused with 503 no_disk_space (nothing written, try again), not a 500', async () => {
    const { app } = await appThatFails();
    for (const url of ['/api/disco-cheio', '/api/arquivo-sem-espaco']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toEqual({ detail: ERROR_CODES.no_disk_space.detail, code: 'no_disk_space' });
    }
  });
});
