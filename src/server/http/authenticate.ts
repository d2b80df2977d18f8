import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MARK } from '../../shared/api-keys.js';
import type { SessionStage } from '../../shared/two-step-rules.js';
import { appError } from '../core/app-error.js';
import type { Caller } from '../core/caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (login, health, public menus). Every other /api route requires one. */
    public?: boolean;
    /**
     * The session stages besides 'full' that may call the route (docs/decisions/0094): a session that still owes the
     * two-step code, or must set it up, reaches only the routes that list its stage.
     */
    sessionStages?: readonly SessionStage[];
  }
}

const UNAUTHENTICATED = 'Sessão expirada ou inválida. Entre novamente.';

export interface AuthDeps<Token> {
  verifyToken(token: string): Promise<Token | null>;
  /** The caller behind a verified token, or null when the user is gone or the token predates a password change. */
  loadCaller(token: Token): Promise<Caller | null>;
  /** API keys (issue 31): tokens that start with `adg_live_`. Without it, such a token is just an invalid one. */
  apiKeys?: ApiKeyAuth;
}

export interface ApiKeyAuth {
  /** The caller a key acts as (Caller.apiKey set), or null when it is unknown, revoked or expired. */
  callerOfKey(key: string): Promise<Caller | null>;
  /** Counts one request of the key: null within its limit, else the milliseconds until it may call again. */
  waitBeforeNext(keyId: string): Promise<number | null>;
}

/** Protected by default: a new /api route needs a valid token unless it says `config: { public: true }`. */
export function registerAuthentication<Token>(app: FastifyInstance, deps: AuthDeps<Token>): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request, reply) => {
    // Decoded, so /%61pi/users counts as /api/users; a public page or SPA route that happens to match an
    // /api address does not make it public: only an /api route declaring `public` does.
    const route = request.routeOptions.url;
    const apiRoute = route !== undefined && isApiPath(route);
    if (!apiRoute && !isApiPath(decodedPath(request.url))) return;
    if (apiRoute && request.routeOptions.config?.public) return;
    const token = bearerToken(request);
    if (token?.startsWith(API_KEY_MARK) && deps.apiKeys) {
      request.caller = await callerOfKey(deps.apiKeys, token, reply);
      return;
    }
    const verified = token ? await deps.verifyToken(token) : null;
    const caller = verified ? await deps.loadCaller(verified) : null;
    if (!caller) throw appError('unauthenticated', UNAUTHENTICATED);
    const stage = caller.stage ?? 'full';
    if (stage !== 'full' && !request.routeOptions.config?.sessionStages?.includes(stage)) {
      throw appError(stage === 'second_factor' ? 'two_step_code_required' : 'two_step_setup_required');
    }
    request.caller = caller;
  });
}

/** The key's caller, once the key is known, current and within its rate limit (401 / 429 with Retry-After). */
async function callerOfKey(keys: ApiKeyAuth, key: string, reply: FastifyReply): Promise<Caller> {
  const caller = await keys.callerOfKey(key);
  if (!caller?.apiKey) throw appError('invalid_api_key');
  const waitMs = await keys.waitBeforeNext(caller.apiKey.id);
  if (waitMs !== null) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw appError('too_many_api_requests');
  }
  return caller;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The authenticated caller of a protected route. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw appError('unauthenticated', UNAUTHENTICATED);
  return request.caller;
}
