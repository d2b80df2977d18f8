import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { DiskSpace } from '../core/disk-space.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stores what it receives under DATA_DIR: refused with 507 while free space is low (decision 0039). */
    writesFiles?: boolean;
  }
}

/**
 * Refuses the routes that store files before a byte of their body is read, while the disk is nearly full. Added to
 * those routes alone: a hook on every request was a cost on every answer, the public menu's too (decision 0083).
 * Registered before the routes, so it sees them all.
 */
export function registerDiskGuard(app: FastifyInstance, disk: DiskSpace): void {
  const guard: preHandlerHookHandler = async () => {
    await disk.assertRoom();
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.writesFiles) return;
    route.preHandler = [guard, ...[route.preHandler ?? []].flat()];
  });
}
