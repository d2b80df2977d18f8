import { type ActionOf, type Area, deniedDetail, type Principal, type Scope, scopeCovers, scopeFor } from '../../shared/access-policy.js';
import type { ApiKeyScope } from '../../shared/api-keys.js';
import type { SessionStage } from '../../shared/two-step-rules.js';
import { forbidden, notFound } from './app-error.js';

/** Who is calling, loaded from the database on every authenticated request (so role changes apply at once). */
export interface Caller extends Principal {
  id: string;
  email: string;
  /** The session the request came with (absent for work that no request started). */
  sessionId?: string;
  /** What the session may do (absent: 'full'); routes say which stages they accept (config.sessionStages). */
  stage?: SessionStage;
  /**
   * Present when the request came with an API key (issue 31) instead of a session: the caller is then the key's
   * creator as a manager of the key's establishment alone, and may take only the routes its scopes name.
   */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
}

/**
 * The scope the caller may do `action` in (shared/access-policy.ts); 403 with the policy's pt-BR text when none.
 * Services call it too: background jobs have no route guard in front of them.
 */
export function requireScope<A extends Area>(caller: Caller, area: A, action: ActionOf<A>): Exclude<Scope, { kind: 'none' }> {
  const scope = scopeFor(caller, area, action);
  if (scope.kind === 'none') throw forbidden(deniedDetail(area, action));
  return scope;
}

/** May the caller do `action` on the rows of this establishment? */
export function coversEstablishment<A extends Area>(caller: Caller, area: A, action: ActionOf<A>, establishmentId: string): boolean {
  return scopeCovers(scopeFor(caller, area, action), { establishmentId });
}

/**
 * For one object of an establishment: outside what the caller can read answers 404 (its existence stays hidden);
 * readable but not allowed to do `action` answers 403.
 */
export function assertEstablishmentAccess<A extends Area>(
  caller: Caller,
  area: A,
  action: ActionOf<A>,
  establishmentId: string,
  notFoundDetail: string,
): void {
  if (!coversEstablishment(caller, area, 'read' as ActionOf<A>, establishmentId)) throw notFound(notFoundDetail);
  if (!coversEstablishment(caller, area, action, establishmentId)) throw forbidden(deniedDetail(area, action));
}
