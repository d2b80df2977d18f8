import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { sessionUserSchema } from '../../shared/auth';
import { api } from './api';
import { queryKeys } from './query-keys';
import { tokenStore } from './token-store';

export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}

/** The logged-in user; clears the token when /auth/me fails (docs/product.md §6). */
export function useSession() {
  const token = useToken();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.session(token),
    queryFn: () => api.get('/auth/me', sessionUserSchema),
    enabled: Boolean(token),
    retry: false,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.isError) tokenStore.clear();
  }, [query.isError]);
  useEffect(() => {
    if (!token) queryClient.removeQueries();
  }, [token, queryClient]);
  return { token, user: query.data, isChecking: Boolean(token) && query.isPending };
}

/**
 * Set by a deliberate logout until the login page shows: the page the person left is not remembered for whoever
 * signs in next on this browser (a session that merely expired still remembers it).
 */
let loggedOutOnPurpose = false;

/** Forgets the token at once and ends its session on the server (a copy of the token stops working too). */
export function logout(): void {
  loggedOutOnPurpose = true;
  const token = tokenStore.get();
  tokenStore.clear();
  if (!token) return;
  void fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}

export const wasLoggedOutOnPurpose = () => loggedOutOnPurpose;

/** The login page has shown: later visits without a token remember their page again. */
export function forgetLogout(): void {
  loggedOutOnPurpose = false;
}
