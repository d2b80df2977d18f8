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
});
