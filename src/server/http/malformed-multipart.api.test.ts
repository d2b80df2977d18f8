/**
 * Issue 27: a multipart body the parser cannot read (garbage between boundaries, no boundary, a part cut short)
 * answered 500 and logged an error on the image upload. Every upload route answers 400 with a pt-BR message, and
 * nothing is logged at error level: it is the client's mistake, not the server's.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { onboardingFormValues } from '../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../test-support/file-app.js';
import { multipartBody } from '../test-support/multipart.js';
import { MALFORMED_MULTIPART } from './error-handler.js';

const lines: { level: number; msg?: string }[] = [];
const stream = new PassThrough();
let pending = '';
stream.on('data', (chunk) => {
  pending += chunk.toString();
  const complete = pending.split('\n');
  pending = complete.pop() ?? '';
  for (const line of complete) if (line.trim()) lines.push(JSON.parse(line));
});
const t = testAppPerFile({ logLevel: 'info' }, {}, stream);
const admin = testUserPerFile(t, 'admin');

/** pino's "error" level. */
const ERROR = 50;

/** An onboarding sign-up whose three checks passed: its menu upload reads the body. */
async function readyProcess(): Promise<string> {
  const values = onboardingFormValues();
  const created = await t.app.inject({ method: 'POST', url: '/api/onboarding/processes', payload: values, remoteAddress: '10.9.0.1' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().process_id as string;
  for (const field of ['cnpj', 'email', 'phone'] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/processes/${id}/validate-${field}`,
      payload: { [field]: values[field] },
      remoteAddress: '10.9.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

/** Broken bodies, each with the route's own file field where it names one. */
function brokenBodies(field: string): [string, string, Buffer][] {
  const whole = multipartBody(field, 'arquivo.pdf', 'application/pdf', Buffer.alloc(2000, 7));
  return [
    ['garbage under a boundary', 'multipart/form-data; boundary=xx', Buffer.from('garbage')],
    ['no boundary', 'multipart/form-data', whole.payload],
    ['a part cut short', whole.headers['content-type'], whole.payload.subarray(0, 300)],
    [
      'a part with no headers end',
      'multipart/form-data; boundary=xx',
      Buffer.from(`--xx\r\nContent-Disposition: form-data; name="${field}"`),
    ],
  ];
}

const auth = () => ({ authorization: `Bearer ${admin.token}` });
const ROUTES: [string, string, () => Promise<{ url: string; headers: Record<string, string> }>][] = [
  ['/api/upload-image', 'file', async () => ({ url: '/api/upload-image', headers: auth() })],
  ['/api/product-import/upload', 'file', async () => ({ url: '/api/product-import/upload', headers: auth() })],
  [
    '/api/onboarding/processes/{id}/upload-menu',
    'menu_file',
    async () => ({ url: `/api/onboarding/processes/${await readyProcess()}/upload-menu`, headers: {} }),
  ],
];

describe.each(ROUTES)('POST %s with a body the multipart parser cannot read', (_name, field, target) => {
  it.each(brokenBodies(field))('%s: 400 with a pt-BR message, nothing logged as an error', async (_case, contentType, payload) => {
    const { url, headers } = await target();
    const before = lines.length;
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, 'content-type': contentType },
      remoteAddress: '10.9.0.2',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ detail: MALFORMED_MULTIPART, code: 'validation_error' });
    // The request's own log lines are written by the time inject answers.
    await expect.poll(() => lines.slice(before).some((l) => l.msg === 'request completed')).toBe(true);
    expect(lines.slice(before).filter((l) => l.level >= ERROR)).toEqual([]);
  });
});
