import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { lgpdRequestSchema, retentionRuleSchema, subjectFindingsSchema } from '../../../shared/lgpd';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The person's e-mail, CPF or phone goes in a POST body, never in the address (it would reach logs). */
export const useSubjectSearch = () =>
  useMutation({ mutationFn: (query: string) => api.post('/lgpd/search', { query }, subjectFindingsSchema) });

export function useLgpdRequests() {
  return useQuery({
    queryKey: queryKeys.lgpd.requests,
    queryFn: () => api.get('/lgpd/requests?limit=20', z.array(lgpdRequestSchema)),
    // An export being built is polled until its link is there.
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'queued') ? 2000 : false),
  });
}

export const useRetentionRules = () =>
  useQuery({ queryKey: queryKeys.lgpd.retention, queryFn: () => api.get('/lgpd/retention', z.array(retentionRuleSchema)) });

function useLgpdWrite<T, R>(run: (arg: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lgpd.all }) });
}

export const useRequestExport = () => useLgpdWrite((query: string) => api.post('/lgpd/exports', { query }, lgpdRequestSchema));
export const useErase = () => useLgpdWrite((query: string) => api.post('/lgpd/erasures', { query }, lgpdRequestSchema));
export const useUpdateRetention = () =>
  useLgpdWrite((days: number) => api.put('/lgpd/retention', { onboarding_days: days }, z.array(retentionRuleSchema)));
