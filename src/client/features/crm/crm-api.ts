import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type ActivityInput,
  activitySchema,
  convertResultSchema,
  crmDashboardSchema,
  type LeadConvert,
  type LeadInput,
  leadSchema,
  type OpportunityClose,
  type OpportunityInput,
  opportunitySchema,
} from '../../../shared/crm';
import { CRM_HAS_MORE_HEADER, type OpenStage } from '../../../shared/crm-vocabulary';
import { userSchema } from '../../../shared/users';
import { ApiError, api, request, UNEXPECTED_RESPONSE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type Filters = Record<string, string>;

/** "?status=new&search=x" from the filters that have a value. */
export function queryString(filters: Filters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

function useCrmList<S extends typeof leadSchema | typeof opportunitySchema | typeof activitySchema>(
  path: string,
  schema: S,
  key: readonly unknown[],
  filters: Filters,
  enabled = true,
) {
  return useQuery({
    queryKey: key,
    enabled,
    queryFn: async () => {
      const url = `${path}${queryString(filters)}`;
      const res = await request('GET', url);
      const parsed = schema.array().safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) throw new ApiError(res.status, UNEXPECTED_RESPONSE, 'invalid_response', undefined);
      return { items: parsed.data as z.output<S>[], hasMore: res.headers.get(CRM_HAS_MORE_HEADER) === 'true' };
    },
    placeholderData: keepPreviousData,
  });
}

/** `enabled: false` holds a list back, e.g. a filter's options until the screen's own list has answered. */
export const useLeads = (filters: Filters = {}, enabled = true) =>
  useCrmList('/crm/leads', leadSchema, queryKeys.crm.leads(filters), filters, enabled);
export const useOpportunities = (filters: Filters = {}, enabled = true) =>
  useCrmList('/crm/opportunities', opportunitySchema, queryKeys.crm.opportunities(filters), filters, enabled);
export const useActivities = (filters: Filters = {}) =>
  useCrmList('/crm/activities', activitySchema, queryKeys.crm.activities(filters), filters);

export const useCrmDashboard = (range: { start_date: string; end_date: string }) =>
  useQuery({
    queryKey: queryKeys.crm.dashboard(range),
    queryFn: () => api.get(`/crm/dashboard${queryString(range)}`, crmDashboardSchema),
    placeholderData: keepPreviousData,
  });

/** The people a record can be assigned to: the admins (the CRM is theirs). */
export const useOwnerOptions = () =>
  useQuery({
    queryKey: queryKeys.users.all,
    queryFn: () => api.get('/users', userSchema.array()),
    select: (users) => users.filter((u) => u.role === 'admin').map((u) => ({ value: u.id, label: u.email })),
  });

/** Every CRM write refreshes every CRM list and the dashboard (a conversion touches leads and opportunities). */
function useCrmMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.crm.all }) });
}

export const useSaveLead = () =>
  useCrmMutation(({ id, values }: { id?: string | undefined; values: LeadInput }) =>
    id ? api.put(`/crm/leads/${id}`, values, leadSchema) : api.post('/crm/leads', values, leadSchema),
  );
export const useDeleteLead = () =>
  useCrmMutation(({ id, cascade }: { id: string; cascade: boolean }) => api.delete(`/crm/leads/${id}${cascade ? '?cascade=true' : ''}`));
export const useConvertLead = () =>
  useCrmMutation(({ id, terms }: { id: string; terms: LeadConvert }) => api.post(`/crm/leads/${id}/convert`, terms, convertResultSchema));

export const useSaveOpportunity = () =>
  useCrmMutation(({ id, values }: { id?: string | undefined; values: OpportunityInput }) =>
    id ? api.put(`/crm/opportunities/${id}`, values, opportunitySchema) : api.post('/crm/opportunities', values, opportunitySchema),
  );
export const useCloseOpportunity = () =>
  useCrmMutation(({ id, body }: { id: string; body: OpportunityClose }) =>
    api.post(`/crm/opportunities/${id}/close`, body, opportunitySchema),
  );
export const useMoveOpportunity = () =>
  useCrmMutation(({ id, stage }: { id: string; stage: OpenStage }) =>
    api.post(`/crm/opportunities/${id}/stage`, { stage }, opportunitySchema),
  );
export const useDeleteOpportunity = () => useCrmMutation((id: string) => api.delete(`/crm/opportunities/${id}`));

export const useSaveActivity = () =>
  useCrmMutation(({ id, values }: { id?: string | undefined; values: ActivityInput }) =>
    id ? api.put(`/crm/activities/${id}`, values, activitySchema) : api.post('/crm/activities', values, activitySchema),
  );
export const useCompleteActivity = () =>
  useCrmMutation((id: string) => api.post(`/crm/activities/${id}/complete`, undefined, activitySchema));
export const useDeleteActivity = () => useCrmMutation((id: string) => api.delete(`/crm/activities/${id}`));
