import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test-support/file-app.js';

const t = testAppPerFile();
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.app.server.closeAllConnections());

// The embedded database's background work waits for requests in flight (db/fair-share.ts): they are followed on the
// HTTP server itself, answered or abandoned.
describe.runIf(process.env.ADEGA_TEST_DB !== 'postgres')('requests in flight, for the embedded database’s fair share', () => {
  it('counts a request from its headers until it is answered, or until its client goes away', async () => {
    const fair = t.app.database.fairShare!;
    expect(fair.requestsInFlight).toBe(0);
    // Headers sent, the body still coming: the request is in flight.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');
    await expect.poll(() => fair.requestsInFlight).toBe(1);
    socket.destroy();
    await expect.poll(() => fair.requestsInFlight).toBe(0);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    await expect.poll(() => fair.requestsInFlight).toBe(0);
  });
});
