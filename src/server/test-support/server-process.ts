import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server as a process of its own (a restart test, the import benchmark): started, and waited for until it answers. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface ServerProcessOptions {
  /** What node runs: the built `dist/node/server/main.js`, or `--import tsx src/server/main.ts`. */
  args: string[];
  port: number;
  dataDir: string;
  /** Empty: the embedded database in dataDir. */
  databaseUrl?: string;
  admin: { email: string; password: string };
  logLevel?: string;
  /** More variables for the server (S3_*, TRUST_PROXY, MIN_FREE_DISK_MB, ...). */
  env?: Record<string, string>;
}

/** Starts the server in production mode and resolves once GET /api/health answers (rejects with its stderr if it dies). */
export async function startServerProcess(options: ServerProcessOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, options.args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      JWT_SECRET: 'server-process-secret-server-process-secret-0123',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${options.port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start within 60 s: ${stderr}`);
}
