import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainConnections } from './drain-connections.js';

/** What nginx does with its upstream keepalive: one connection kept open and used for request after request. */
function keptAliveClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        })
        .on('error', reject);
    });
  return { get, agent };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function listeningServer(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('drainConnections', () => {
  it('answers a request sent on an idle keep-alive connection after the drain began, with Connection: close', async () => {
    const { server, port } = await listeningServer((req, res) => res.end(`ok ${req.url}`));
    const client = keptAliveClient(port);
    expect(await client.get('/antes')).toEqual({ status: 200, connection: 'keep-alive', body: 'ok /antes' });

    // The connection is idle now: Node's own server.close() would close it under the next request.
    const drained = drainConnections(server, 10_000);
    expect(await client.get('/durante')).toEqual({ status: 200, connection: 'close', body: 'ok /durante' });
    await drained;
    client.agent.destroy();
  });

  it('refuses new connections at once, answers the request in flight, and ends once the last connection has', async () => {
    let finish: () => void = () => undefined;
    const { server, port } = await listeningServer((_req, res) => {
      finish = () => res.end('lento');
    });
    const client = keptAliveClient(port);
    const slow = client.get('/lento');
    await new Promise((resolve) => server.once('request', resolve));

    let ended = false;
    const drained = drainConnections(server, 10_000).then(() => {
      ended = true;
    });
    await expect(fetch(`http://127.0.0.1:${port}/nova`)).rejects.toThrow();
    expect(ended).toBe(false);
    finish();
    // Its answer began before the drain: the connection stays open until it has been quiet a while.
    expect(await slow).toMatchObject({ status: 200, body: 'lento' });
    await drained;
    expect(ended).toBe(true);
    client.agent.destroy();
  });

  it('closes an idle keep-alive connection nobody uses, so the process can exit', async () => {
    const { server, port } = await listeningServer((_req, res) => res.end('ok'));
    const client = keptAliveClient(port);
    await client.get('/uma');
    // Resolves only once the idle connection is closed (after the quiet period): the test times out otherwise.
    await drainConnections(server, 10_000);
    client.agent.destroy();
  });
});
