import type { ChildProcess } from 'node:child_process';
import { type RunningNginx, startNginx } from './nginx.js';
import { freePort, serverArgs, startServerProcess, stopProcess } from './server-process.js';

/**
 * A rolling restart behind nginx under load, shared by the test that proves it (src/server/rolling-restart.api.test.ts)
 * and the benchmark that counts it (bench/rolling-restart.ts): app processes on one PostgreSQL database behind
 * Debian's nginx running deploy/nginx/adega.conf, guests loading a public menu and an admin writing, while each process
 * in turn gets SIGTERM, exits, starts again and takes requests again.
 */

export interface FleetOptions {
  databaseUrl: string;
  /** One DATA_DIR for all, as processes on one machine have it (the uploaded sheets are read by whichever imports). */
  dataDir: string;
  /** Where nginx keeps its configuration, logs and temporary files. */
  nginxDir: string;
  admin: { email: string; password: string };
  /** What node runs (default: serverArgs(), the built server when it is current). */
  args?: string[];
  env?: Record<string, string>;
}

export interface Fleet {
  /** The nginx site both processes are behind. */
  base: string;
  /** host:port of each app process. */
  addresses: string[];
  /**
   * SIGTERM to process `i`, waits for its exit (resolving with its exit code), starts it again on its port and waits
   * until nginx sends it requests again (fail_timeout has passed and a request found it up).
   */
  restart(i: number): Promise<number | null>;
  /** nginx's error log so far: why it answered 502, when it did. */
  nginxErrors(): string;
  stop(): Promise<void>;
}

export async function startFleet(options: FleetOptions, count = 2): Promise<Fleet> {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const start = (port: number) =>
    startServerProcess({
      args: options.args ?? serverArgs(),
      port,
      dataDir: options.dataDir,
      databaseUrl: options.databaseUrl,
      admin: options.admin,
      env: { TRUST_PROXY: '127.0.0.1', ...options.env },
    });
  const processes: ChildProcess[] = [];
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(processes.map((child) => stopProcess(child, 'SIGTERM')));
  };
  try {
    // One after the other: the first migrates the database and creates the admin, the next finds them.
    for (const port of ports) processes.push(await start(port));
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    const listen = `127.0.0.1:${await freePort()}`;
    // Which process answered: restart() waits until nginx sends a restarted process requests again.
    nginx = await startNginx(
      options.nginxDir,
      [{ upstream: 'adega', servers: addresses, listen }],
      '    add_header X-Upstream $upstream_addr always;',
    );
    const base = `http://${listen}`;
    return {
      base,
      addresses,
      async restart(i) {
        const child = processes[i] as ChildProcess;
        await stopProcess(child, 'SIGTERM');
        const code = child.exitCode;
        processes[i] = await start(ports[i] as number);
        await servedThroughNginx(base, addresses[i] as string);
        return code;
      },
      nginxErrors: () => nginx?.errors() ?? '',
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Resolves once nginx has passed a request to `address` (rejects after 30 s). */
async function servedThroughNginx(base: string, address: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    if (res.headers.get('x-upstream') === address) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx sent no request to ${address} within 30 s of its start`);
}

export interface LoadTarget {
  /** The public menu guests load: /{establishment}/{menu}. */
  pagePath: string;
  menuId: string;
  /** A wine of that menu the admin keeps editing (its price). */
  editedWineId: string;
  /** A cellar item that keeps receiving deliveries. */
  cellarItemId: string;
}

export interface LoadReport {
  guests: { served: number; failed: string[] };
  writes: { acknowledged: number; failed: string[] };
  /** Wines added to the menu with a 2xx. */
  addedWineIds: string[];
  /** The edited wine's price in the last edit acknowledged (edits go one after the other). */
  lastPrice: number | undefined;
  /** Cellar movements acknowledged (201). */
  movementIds: string[];
}

export interface Load {
  /** Ends every loop after its request in flight and reports. */
  stop(): Promise<LoadReport>;
}

const GUESTS = 3;
/** Between two requests of one loop: a steady load, not a flood (the machine also runs the processes and nginx). */
const PAUSE_MS = 10;

/**
 * Guests loading the public menu, an admin adding wines to it and editing one's price, a cellar receiving
 * deliveries: every answer is counted, every failure kept with its status or error.
 */
export function startLoad(base: string, token: string, target: LoadTarget): Load {
  let running = true;
  const report: LoadReport = {
    guests: { served: 0, failed: [] },
    writes: { acknowledged: 0, failed: [] },
    addedWineIds: [],
    lastPrice: undefined,
    movementIds: [],
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const guest = async () => {
    while (running) {
      try {
        const res = await fetch(`${base}${target.pagePath}`);
        await res.arrayBuffer();
        if (res.status === 200) report.guests.served++;
        else report.guests.failed.push(`GET ${target.pagePath}: ${res.status}`);
      } catch (err) {
        report.guests.failed.push(`GET ${target.pagePath}: ${String((err as Error).cause ?? err)}`);
      }
      await pause();
    }
  };

  /** One write; its answer's body when acknowledged (2xx), undefined (and the failure kept) otherwise. */
  const write = async (method: 'POST' | 'PUT', url: string, body: object) => {
    try {
      const res = await fetch(`${base}${url}`, { method, headers, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.ok) {
        report.writes.acknowledged++;
        return JSON.parse(text) as Record<string, unknown>;
      }
      report.writes.failed.push(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
    } catch (err) {
      report.writes.failed.push(`${method} ${url}: ${String((err as Error).cause ?? err)}`);
    }
    return undefined;
  };

  const menuEditor = async () => {
    for (let i = 1; running; i++) {
      const wine = { name: `Vinho da Virada ${i}`, price: 50 + i / 100, category: 'Vinhos Tintos Médios', available: true };
      const added = await write('POST', `/api/wine-menus/${target.menuId}/wines`, wine);
      if (added) report.addedWineIds.push(String(added.id));
      const price = 100 + i / 100;
      const edited = await write('PUT', `/api/wine-menus/${target.menuId}/wines/${target.editedWineId}`, {
        name: 'Vinho Sempre Editado',
        price,
        category: 'Vinhos Tintos Médios',
        available: true,
      });
      if (edited) report.lastPrice = price;
      await pause();
    }
  };

  const cellar = async () => {
    while (running) {
      const moved = await write('POST', `/api/cellar/${target.cellarItemId}/movements`, { reason: 'delivery', delta: 1 });
      const movement = moved?.movement as { id?: string } | undefined;
      if (movement?.id) report.movementIds.push(movement.id);
      await pause();
    }
  };

  const loops = [...Array.from({ length: GUESTS }, guest), menuEditor(), cellar()];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return report;
    },
  };
}
