import { spawn } from 'node:child_process';
import http from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/server-process.js';
import { listenWhileStarting, type StartupListener } from './readiness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A connection to the start-up listener, accepted (its 'connection' seen) before anything is sent on it. */
async function acceptedConnection(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  cleanups.push(() => socket.destroy());
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  // The listener's side runs its 'connection' handler on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return socket;
}

/** Sends a raw POST and reads the whole answer, or the error that ended the connection. */
function post(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk) => {
      answer += chunk;
    });
    socket.once('end', () => resolve(answer));
    socket.once('error', (err) => resolve(`error: ${err.message}`));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: adega\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`);
  });
}

async function startupListener(): Promise<{ startup: StartupListener; port: number }> {
  const port = await freePort();
  const startup = await listenWhileStarting(port, '127.0.0.1');
  cleanups.push(() => void startup.close());
  return { startup, port };
}

describe('the start-up listener', () => {
  it('hands the app a request sent, after the app took over, on a connection accepted before; then closes it', async () => {
    const { startup, port } = await startupListener();
    const socket = await acceptedConnection(port);
    const app = http.createServer((req, res) => res.end(`app ${req.method} ${req.url}`));
    await startup.close(app);

    const answer = await post(socket, '/api/wine-menus/1/wines');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer.endsWith('app POST /api/wine-menus/1/wines')).toBe(true);
  });

  it('answers such a request 503 `starting` when start-up failed (no app)', async () => {
    const { startup, port } = await startupListener();
    const socket = await acceptedConnection(port);
    await startup.close();

    const answer = await post(socket, '/api/health');
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toContain('"code":"starting"');
  });

  it('frees the port at once', async () => {
    const { startup, port } = await startupListener();
    await acceptedConnection(port);
    await startup.close(http.createServer());
    const other = http.createServer();
    cleanups.push(() => other.close());
    await new Promise<void>((resolve, reject) => other.once('error', reject).listen(port, '127.0.0.1', resolve));
    expect((other.address() as AddressInfo).port).toBe(port);
  });

  it('accepts, and hands the app, a connection still queued when the app takes over (the loop was busy building it)', async () => {
    const { startup, port } = await startupListener();
    // Another process connects and sends a POST while this one's event loop is busy: the kernel queues both.
    const request = 'POST /api/cellar/1/movements HTTP/1.1\\r\\nHost: adega\\r\\nContent-Length: 2\\r\\n\\r\\n{}';
    const client = spawn(process.execPath, [
      '-e',
      `const s = require('node:net').connect(${port}, '127.0.0.1', () => s.write('${request}'));
       s.on('data', (d) => process.stdout.write(d)); s.on('error', (e) => process.stdout.write('error: ' + e.message));`,
    ]);
    cleanups.push(() => client.kill());
    let answer = '';
    client.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    const exited = new Promise((resolve) => client.once('exit', resolve));
    const busyUntil = performance.now() + 1_500;
    while (performance.now() < busyUntil) {
      // Building the app: the loop accepts nothing meanwhile.
    }
    await startup.close(http.createServer((req, res) => res.end(`app ${req.method} ${req.url}`)));
    await exited;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.endsWith('app POST /api/cellar/1/movements')).toBe(true);
  });
});
