import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import type { Caller } from './caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (login, health, public menus). Every other /api route requires one. */
    public?: boolean;
  }
}

const UNAUTHENTICATED = 'Sessão expirada ou inválida. Entre novamente.';

export interface AuthDeps {
  verifyToken(token: string): Promise<string | null>;
  loadCaller(userId: string): Promise<Caller | null>;
}

/** Protected by default: a new /api route needs a valid token unless it says `config: { public: true }`. */
export function registerAuthentication(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    if (request.routeOptions.config?.public) return;
    const token = bearerToken(request);
    const userId = token ? await deps.verifyToken(token) : null;
    const caller = userId ? await deps.loadCaller(userId) : null;
    if (!caller) throw new AppError('unauthenticated', 401, UNAUTHENTICATED);
    request.caller = caller;
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The authenticated caller of a protected route. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('unauthenticated', 401, UNAUTHENTICATED);
  return request.caller;
}

export function requireAdmin(request: FastifyRequest): Caller {
  const caller = callerOf(request);
  if (caller.role !== 'admin') throw new AppError('forbidden', 403, 'Apenas administradores podem fazer isto.');
  return caller;
}

/** Route-scope hook for admin-only areas: runs before body validation, so a non-admin always gets 403. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
