import { appError } from '../../core/app-error.js';

export const IMAGE_QUEUE_FULL = 'Muitas imagens sendo processadas agora. Tente novamente em instantes.';

/**
 * Runs image work a few at a time: sharp takes a libuv pool thread per image, and the same (four) threads serve
 * the static files, so a burst of big images must not occupy them all. Past `maxWaiting`, new work is refused (503).
 */
export function createWorkQueue(concurrency: number, maxWaiting: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw appError('busy', IMAGE_QUEUE_FULL);
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` stays counted.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
