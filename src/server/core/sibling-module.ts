import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A module beside the caller's, to run in a worker thread or a child process: the compiled .js when the app is built.
 * When the caller runs from the sources (tests and the bench, through tsx), the compiled copy still if it is current
 * (builtCopy), else the TypeScript source, which the worker or process must register tsx to run: a few hundred
 * milliseconds more for each (every spreadsheet read is a worker), and CI builds before it tests.
 */
export function siblingModule(callerUrl: string, name: string): { url: URL; fromSources: boolean } {
  if (!callerUrl.endsWith('.ts')) return { url: new URL(`./${name}.js`, callerUrl), fromSources: false };
  const source = new URL(`./${name}.ts`, callerUrl);
  const built = builtCopy(source);
  return built ? { url: built, fromSources: false } : { url: source, fromSources: true };
}

/**
 * A worker thread running the module `name` beside the caller's. From the sources, the worker registers tsx first
 * (a worker does not inherit the parent's loader).
 */
export function startSiblingWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  const { url, fromSources } = siblingModule(callerUrl, name);
  if (!fromSources) return new Worker(url, options);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * The compiled copy of a server module (src/X.ts → dist/node/X.js) when `npm run build` built it from the sources as
 * they are: no file the server runs under src/server or src/shared (tests and their helpers left out) changed since.
 */
export function builtCopy(source: URL): URL | undefined {
  const file = fileURLToPath(source);
  const at = file.lastIndexOf(`${path.sep}src${path.sep}`);
  if (at < 0) return undefined;
  const root = file.slice(0, at);
  const built = path.join(root, 'dist', 'node', file.slice(at + 5).replace(/\.ts$/, '.js'));
  const stamp = path.join(root, 'dist', 'node', 'server', 'main.js');
  if (!existsSync(built) || !existsSync(stamp)) return undefined;
  const builtAt = statSync(stamp).mtimeMs;
  const current = ['server', 'shared'].every((dir) => newestChange(path.join(root, 'src', dir)) <= builtAt);
  return current ? pathToFileURL(built) : undefined;
}

/** The newest modification time of the files under `dir` the server runs (tests and their helpers left out). */
function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !/\.test\.tsx?$|[\\/]test-support[\\/]/.test(file)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}
