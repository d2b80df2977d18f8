import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { ERROR_CODES } from '../../shared/errors.js';
import { listenOn } from './plain-server.js';
import { serviceUnavailablePage } from './unavailable-page.js';

/**
 * Whether this process should be sent traffic (decision 0085), for GET /api/health/ready: not while a start-up step
 * it was told of is under way (the catalogue's search index loading), and never again once shutdown has begun. The
 * disk and the database are checked by the route itself, on every call.
 */
export type HeldBack = 'search_index_loading' | 'shutting_down';

export interface Readiness {
  /** Not ready until `work` settles, whichever way (a step that fails is reported where it fails). */
  waitFor(reason: Exclude<HeldBack, 'shutting_down'>, work: Promise<unknown>): void;
  /** Shutdown has begun: readiness answers 503 from now on, so balancers stop sending requests here. */
  shutDown(): void;
  /** What holds the process back now, if anything. */
  heldBack(): HeldBack | undefined;
}

export function createReadiness(): Readiness {
  const steps = new Map<Promise<unknown>, Exclude<HeldBack, 'shutting_down'>>();
  let shuttingDown = false;
  return {
    waitFor(reason, work) {
      const step = work.then(
        () => undefined,
        () => undefined,
      );
      steps.set(step, reason);
      void step.then(() => steps.delete(step));
    },
    shutDown() {
      shuttingDown = true;
    },
    heldBack() {
      if (shuttingDown) return 'shutting_down';
      for (const reason of steps.values()) return reason;
      return undefined;
    },
  };
}

/**
 * The port, answered while the app is built: main.ts opens it before the database (whose migrations can take a while)
 * so the health checks can say 503 `starting` rather than nothing. Any other request (a guest's page, a write) is held
 * and handed to the app once it is built, so a process restarting behind nginx answers late rather than wrongly (the
 * rolling restart, decision 0086); one held longer than HOLD_MS gets 503 — JSON under /api (code `starting`), the
 * guests' "unavailable" page elsewhere — with `Retry-After`. Every answer closes its connection, so none outlives the
 * listener. `close(app)` stops taking connections (the port is free for the app once it resolves), then hands the held
 * requests to the app's server, or answers them 503 when there is none (start-up failed); so does it with a request
 * that comes later on a connection accepted before (closing that connection instead once lost a POST behind nginx).
 */
export interface StartupListener {
  close(appServer?: Server): Promise<void>;
}

/** How long a request may wait for the app to be built before it is answered 503 `starting`. */
const HOLD_MS = 30_000;

const STARTING_BODY = JSON.stringify({ detail: ERROR_CODES.starting.detail, code: 'starting' });

function answerStarting(request: IncomingMessage, response: ServerResponse): void {
  const api = request.url === '/api' || request.url?.startsWith('/api/') === true;
  response.writeHead(503, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Retry-After': '5',
    Connection: 'close',
  });
  response.end(api ? STARTING_BODY : serviceUnavailablePage(503));
}

const isHealthCheck = (url: string | undefined) => url === '/api/health' || url?.startsWith('/api/health/') === true;

export async function listenWhileStarting(port: number, host: string): Promise<StartupListener> {
  const held = new Map<ServerResponse, { request: IncomingMessage; timer: NodeJS.Timeout }>();
  // Connections accepted that have not sent a request yet: one may be carrying a proxy's POST at this very moment.
  const unasked = new Set<Socket>();
  let handOff: { to: Server | undefined } | undefined;
  const server = createServer((request, response) => {
    unasked.delete(request.socket);
    request.socket.setTimeout(0);
    if (handOff) return handOver(request, response, handOff.to);
    if (isHealthCheck(request.url)) return answerStarting(request, response);
    const timer = setTimeout(() => {
      held.delete(response);
      answerStarting(request, response);
    }, HOLD_MS);
    held.set(response, { request, timer });
    response.on('close', () => {
      clearTimeout(timer);
      held.delete(response);
    });
  });
  server.on('connection', (socket: Socket) => {
    unasked.add(socket);
    socket.once('close', () => unasked.delete(socket));
  });
  await listenOn(server, port, host);
  return {
    async close(appServer) {
      // Connections a proxy opened while building the app kept the event loop busy wait in the listening socket's
      // queue, its request already sent: closing the socket would reset them (a POST lost behind nginx). One more turn
      // of the loop accepts them first.
      await afterPendingAccepts();
      // Closes the listening socket (the port is free once this resolves); open connections stay for their answers.
      // net's close, not http's: since Node 19 http's also drops the connections it deems idle, a silent one among them.
      NetServer.prototype.close.call(server);
      handOff = { to: appServer };
      for (const [response, { request, timer }] of held) {
        clearTimeout(timer);
        handOver(request, response, appServer);
      }
      held.clear();
      // Every answer closed its connection. One accepted but still silent is not cut at once (a request sent on it
      // would be lost, and a proxy does not retry a POST it has sent): it goes once silent for UNASKED_MS.
      for (const socket of unasked) socket.setTimeout(UNASKED_MS, () => socket.destroy());
    },
  };
}

/** Resolves once the event loop has polled again: by then it has accepted the connections queued before. */
const afterPendingAccepts = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0));

/** How long a connection accepted while starting may stay silent once the app has the port. */
const UNASKED_MS = 5_000;

/** A request that reached the start-up listener, answered by the app (closing its connection) or 503 without one. */
function handOver(request: IncomingMessage, response: ServerResponse, appServer: Server | undefined): void {
  response.setHeader('Connection', 'close');
  if (appServer) appServer.emit('request', request, response);
  else answerStarting(request, response);
}
