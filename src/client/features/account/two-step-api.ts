import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Role } from '../../../shared/roles';
import {
  openSessionsSchema,
  passkeyOptionsResponseSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  twoStepPolicySchema,
  twoStepStatusSchema,
} from '../../../shared/two-step';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const useTwoStep = () => useQuery({ queryKey: queryKeys.twoStep, queryFn: () => api.get('/account/two-step', twoStepStatusSchema) });

export const useOpenSessions = () =>
  useQuery({ queryKey: queryKeys.openSessions, queryFn: async () => (await api.get('/account/sessions', openSessionsSchema)).items });

/** Refreshes what /conta shows about sign-in: two-step status and open sessions. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.account });
}

export const useStartTotp = () => useMutation({ mutationFn: () => api.post('/account/two-step/totp', {}, totpSetupSchema) });

export function useConfirmTotp() {
  const refresh = useRefresh();
  // The session user is refreshed once the recovery codes are put away (TwoStepSetupPage), not before.
  // The status is refreshed without waiting for it: awaited, the fresh "enabled" status could swap the set-up form
  // for the "Ativada" view before the recovery codes reached the screen (they are shown once, never again).
  return useMutation({
    mutationFn: (code: string) => api.post('/account/two-step/totp/confirm', { code }, recoveryCodesSchema),
    onSuccess: () => {
      void refresh();
    },
  });
}

export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (values: { password: string; code: string }) => api.post('/account/two-step/totp/disable', values, z.unknown()),
    onSuccess: refresh,
  });
}

/** Asks the browser for a new passkey (the WebAuthn code loads only now) and saves it under `name`. */
export function useAddPasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { challenge_id, options } = await api.post('/account/passkeys/options', {}, passkeyOptionsResponseSchema);
      const response = await startRegistration({ optionsJSON: options as never });
      return api.post('/account/passkeys', { challenge_id, name, response }, z.unknown());
    },
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete(`/account/passkeys/${id}`), onSuccess: refresh });
}

export function useEndSession() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete(`/account/sessions/${id}`), onSuccess: refresh });
}

export function useEndOtherSessions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post('/account/sessions/end-others', {}, z.object({ ended: z.number() })),
    onSuccess: refresh,
  });
}

export const useTwoStepPolicy = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.twoStepPolicy, queryFn: () => api.get('/two-step-policy', twoStepPolicySchema), enabled });

export function useSaveTwoStepPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: Role[]) => api.put('/two-step-policy', { required_roles: roles }, twoStepPolicySchema),
    onSuccess: (policy) => {
      queryClient.setQueryData(queryKeys.twoStepPolicy, policy);
      return queryClient.invalidateQueries({ queryKey: queryKeys.twoStep });
    },
  });
}
