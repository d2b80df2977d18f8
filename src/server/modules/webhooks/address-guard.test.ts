import { describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../../test-support/webhook-receiver.js';
import { checkWebhookAddress, isPublicAddress, type Resolve } from './address-guard.js';
import { postWebhook } from './post-webhook.js';

const none = { allowedHosts: [] };
const resolvingTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the webhook address guard', () => {
  it('lets only public unicast addresses through', () => {
    for (const address of ['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888']) expect(isPublicAddress(address), address).toBe(true);
    const internal = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.5',
      '172.16.0.1',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'not-an-address',
    ];
    for (const address of internal) expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses a name that resolves to an internal address, even when it also has a public one', async () => {
    expect(await checkWebhookAddress('https://pdv.exemplo.com.br/h', { ...none, resolve: resolvingTo('10.0.0.7') })).toEqual({
      ok: false,
      reason: 'privateAddress',
    });
    const mixed = await checkWebhookAddress('https://pdv.exemplo.com.br/h', { ...none, resolve: resolvingTo('8.8.8.8', '::1') });
    expect(mixed).toEqual({ ok: false, reason: 'privateAddress' });
    const publicOnly = await checkWebhookAddress('https://pdv.exemplo.com.br/h', { ...none, resolve: resolvingTo('8.8.8.8') });
    expect(publicOnly).toMatchObject({ ok: true, addresses: [{ address: '8.8.8.8', family: 4 }] });
  });

  it('reads the name anew at each check: a name rebound to an internal address is refused then (DNS rebinding)', async () => {
    let answer = '93.184.216.34';
    const policy = { ...none, resolve: async () => [{ address: answer, family: 4 as const }] };
    expect((await checkWebhookAddress('https://parceiro.example/h', policy)).ok).toBe(true);
    answer = '169.254.169.254';
    expect(await checkWebhookAddress('https://parceiro.example/h', policy)).toEqual({ ok: false, reason: 'privateAddress' });
  });

  it('reaches an allowed host or address over http, and nothing else on it', async () => {
    const allowed = { allowedHosts: ['127.0.0.2', 'pdv.local'] };
    expect((await checkWebhookAddress('http://127.0.0.2:9000/h', allowed)).ok).toBe(true);
    expect((await checkWebhookAddress('http://pdv.local/h', { ...allowed, resolve: resolvingTo('192.168.0.9') })).ok).toBe(true);
    expect(await checkWebhookAddress('http://127.0.0.1:9000/h', allowed)).toEqual({ ok: false, reason: 'httpsRequired' });
    // A listed address lets a name that resolves to it through, over https.
    expect((await checkWebhookAddress('https://caixa.example/h', { ...allowed, resolve: resolvingTo('127.0.0.2') })).ok).toBe(true);
  });

  it('connects to the checked address, not to whatever the name resolves to when the request is made', async () => {
    const receiver = await startWebhookReceiver('127.0.0.2');
    try {
      const url = new URL(receiver.url.replace('127.0.0.2', 'nome-que-nao-resolve.invalid'));
      const outcome = await postWebhook(url, [{ address: '127.0.0.2', family: 4 }], '{"ok":true}', { 'x-teste': '1' });
      expect(outcome).toEqual({ status: 200 });
      expect(receiver.received[0]).toMatchObject({ body: '{"ok":true}' });
      expect(receiver.received[0]?.headers.host).toMatch(/^nome-que-nao-resolve\.invalid:\d+$/);
    } finally {
      await receiver.stop();
    }
  });

  it('gives up an attempt on a receiver that does not answer in time', async () => {
    const { createServer } = await import('node:net');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.2', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const outcome = await postWebhook(new URL(`http://127.0.0.2:${port}/h`), [{ address: '127.0.0.2', family: 4 }], '{}', {}, 300);
      expect(outcome).toEqual({ error: 'sem resposta em 0,3 s' });
    } finally {
      silent.close();
    }
  });
});
