import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiKeyCreateRequest, apiKeyCreatedSchema, apiKeySchema } from '../../../shared/api-keys';
import { tillProductCodeSchema } from '../../../shared/till-sales';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const keysPath = (establishmentId: string) => `/establishments/${establishmentId}/api-keys`;

export const useApiKeys = (establishmentId: string) =>
  useQuery({
    queryKey: queryKeys.apiKeys.list(establishmentId),
    queryFn: () => api.get(keysPath(establishmentId), z.array(apiKeySchema)),
    enabled: establishmentId !== '',
  });

export function useCreateApiKey(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateRequest) => api.post(keysPath(establishmentId), input, apiKeyCreatedSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.list(establishmentId) });
    },
  });
}

export function useRevokeApiKey(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api.post(`${keysPath(establishmentId)}/${keyId}/revoke`, {}, apiKeySchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.list(establishmentId) }),
  });
}

/** The till's product codes of the establishment's wines. */
export const useTillCodes = (establishmentId: string) =>
  useQuery({
    queryKey: queryKeys.cellar.tillCodes(establishmentId),
    queryFn: () => api.get(`/establishments/${establishmentId}/till-codes`, z.array(tillProductCodeSchema)),
    enabled: establishmentId !== '',
  });

const tillCodePath = (establishmentId: string, code: string) => `/establishments/${establishmentId}/till-codes/${encodeURIComponent(code)}`;

export function useSaveTillCode(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, cellarItemId }: { code: string; cellarItemId: string }) =>
      api.put(tillCodePath(establishmentId, code), { cellar_item_id: cellarItemId }, tillProductCodeSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cellar.tillCodes(establishmentId) }),
  });
}

export function useDeleteTillCode(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.delete(tillCodePath(establishmentId, code)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cellar.tillCodes(establishmentId) }),
  });
}
