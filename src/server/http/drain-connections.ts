import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * A keep-alive connection left idle is closed only once no request has come for this long. A proxy (nginx's upstream
 * keepalive) may be sending a request on it at the very moment it closes, and a request lost that way is not retried
 * when it is a POST. While requests come, they use up the proxy's idle connections instead (each answered with
 * `Connection: close`); once they stop, the proxy has found the listener closed and tries this process no more.
 */
export const QUIET_BEFORE_CLOSING_IDLE_MS = 500;
const POLL_MS = 50;

/**
 * Stops taking connections and resolves once every connection has ended (decision 0086):
 * - the listener closes at once: new connections are refused, which a proxy retries on another process whatever the
 *   request (nothing was sent);
 * - requests on connections already open are served as usual, answered with `Connection: close`;
 * - idle keep-alive connections close after QUIET_BEFORE_CLOSING_IDLE_MS without a request;
 * - after `graceMs` every connection still open is closed, requests in flight or not.
 * Node's own server.close() (and Fastify's close) would close the idle connections at once instead.
 */
export function drainConnections(server: Server, graceMs: number): Promise<void> {
  const started = performance.now();
  let lastRequest = started;
  const lastCall = (_request: unknown, response: { setHeader(name: string, value: string): unknown }) => {
    lastRequest = performance.now();
    response.setHeader('connection', 'close');
  };
  // Before Fastify's own listener, so that its answer goes out with the header.
  server.prependListener('request', lastCall);
  return new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (now - started >= graceMs) server.closeAllConnections();
      else if (now - lastRequest >= QUIET_BEFORE_CLOSING_IDLE_MS) {
        // Timers run before the loop reads its sockets: a request a proxy sent while the loop was busy may wait there
        // unread, its connection still "idle". Closing it would reset a POST already sent, which nginx does not
        // resend. After this turn's reads (setImmediate), such a request has been seen, and the connection is kept.
        setImmediate(() => {
          if (performance.now() - lastRequest >= QUIET_BEFORE_CLOSING_IDLE_MS) server.closeIdleConnections();
        });
      }
    }, POLL_MS);
    // net's close, not http's: the listener only, the connections stay. Called back once the last one has ended.
    NetServer.prototype.close.call(server, () => {
      clearInterval(timer);
      server.off('request', lastCall);
      resolve();
    });
  });
}
