import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setInterval } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { builtCopy } from '../core/sibling-module.js';

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

/**
 * What node runs for a server process: the built server when `npm run build` built it from the sources as they are
 * (CI builds before the tests), as it starts in half the time; the sources through tsx otherwise.
 */
export function serverArgs(): string[] {
  const built = builtCopy(new URL('../main.ts', import.meta.url));
  return built ? [fileURLToPath(built)] : ['--import', 'tsx', 'src/server/main.ts'];
}

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
      // These tests sign the admin in with a password alone; two-step sign-in has its own tests.
      TWO_STEP_REQUIRED_ROLES: 'none',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  try {
    await waitUntilAnswers(`http://127.0.0.1:${options.port}/api/health`, {
      child,
      name: 'the server',
      timeoutMs: 120_000,
      output: () => stderr,
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return child;
}

/** Sends `signal` to the process and resolves once it has exited (at once if it had already). */
export const stopProcess = (child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

export interface WaitOptions {
  /** The process that should answer: its exit ends the wait with an error. */
  child: ChildProcess;
  /** What it is, for the error ("the server", "nginx"). */
  name: string;
  timeoutMs: number;
  /** Whether an answer counts (default: a 2xx). */
  answered?: (res: Response) => boolean;
  /** What the process said, for the error. */
  output: () => string;
}

/** Asks `url` every 100 ms until it answers; rejects if the process exits first or the time runs out. */
export async function waitUntilAnswers(url: string, { child, name, timeoutMs, answered = (res) => res.ok, output }: WaitOptions) {
  const deadline = performance.now() + timeoutMs;
  for await (const _ of setInterval(100)) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${output()}`);
    if (await fetch(url).then(answered, () => false)) return;
    if (performance.now() > deadline) throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s: ${output()}`);
  }
}
