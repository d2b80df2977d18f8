import type { Server } from 'node:http';

/** A plain node:http server (the start-up answers, the metrics port) listening on `port` and `host`. */
export function listenOn(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Stops accepting and drops its connections now: what it answers is answered at once, nothing is in flight for long. */
export function closeNow(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
