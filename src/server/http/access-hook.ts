import type { FastifyRequest } from 'fastify';
import { callerOf } from './authenticate.js';
import { type Action, type Area, requireAccess } from '../core/caller.js';

/**
 * Route `onRequest` hook: 403 for a caller who may not do `action` in `area` at all, before the body is validated
 * (so a supplier gets 403, not a validation error). Scope per object is still checked by the service.
 */
export function accessHook(area: Area, action: Action, detail?: string) {
  return async (request: FastifyRequest): Promise<void> => {
    requireAccess(callerOf(request), area, action, detail);
  };
}
