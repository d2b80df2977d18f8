import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD } from '../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';

let logs = '';
const stream = new PassThrough();
stream.on('data', (chunk) => {
  logs += chunk.toString();
});
const t = testAppPerFile({ logLevel: 'trace' }, {}, stream);
const user = testUserPerFile(t, 'admin');

describe('logs', () => {
  it('never contain passwords or tokens, even at trace level and on errors', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: DEFAULT_PASSWORD } });
    const token = ok.json().access_token as string;
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'senha-errada-secreta' } });
    await t.as(token, { method: 'GET', url: '/api/auth/me' });
    await t.as(token, {
      method: 'POST',
      url: '/api/users',
      payload: { email: 'x@y.com.br', password: 'outra-senha-secreta', role: 'chefe' },
    });
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}x` } });
    expect(logs).toContain('request completed');
    for (const secret of [DEFAULT_PASSWORD, 'senha-errada-secreta', 'outra-senha-secreta', token, token.split('.')[2] as string]) {
      expect(logs).not.toContain(secret);
    }
  });
});
