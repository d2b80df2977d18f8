import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiKeyCreateRequest, apiKeyCreatedSchema, apiKeySchema } from '../../../shared/api-keys';
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
