import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A module beside the caller's, to run in a worker thread or a child process: the compiled .js when the app is built,
 * the TypeScript source when the caller itself runs from sources (tests and the bench, through tsx).
 */
export function siblingModule(callerUrl: string, name: string): { url: URL; fromSources: boolean } {
  const fromSources = callerUrl.endsWith('.ts');
  return { url: new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, callerUrl), fromSources };
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
