import type { FastifyInstance } from 'fastify';
import type { DiskSpace } from '../core/disk-space.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stores what it receives under DATA_DIR: refused with 507 while free space is low (decision 0039). */
    writesFiles?: boolean;
  }
}

/** Refuses the routes that store files before a byte of their body is read, while the disk is nearly full. */
export function registerDiskGuard(app: FastifyInstance, disk: DiskSpace): void {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.writesFiles) await disk.assertRoom();
  });
}
