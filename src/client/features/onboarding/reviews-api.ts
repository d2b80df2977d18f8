import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { approvalSchema, reviewDetailSchema, reviewSummarySchema } from '../../../shared/onboarding';
import { api, apiGetBlob } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export interface ReviewFilters {
  status: string;
  search: string;
}

export function useReviews(filters: ReviewFilters) {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return useQuery({
    queryKey: queryKeys.onboardingReviews.list(filters),
    queryFn: () => api.get(`/onboarding/reviews?${params}`, z.array(reviewSummarySchema)),
    placeholderData: (previous) => previous,
  });
}

export const useReview = (id: string) =>
  useQuery({ queryKey: queryKeys.onboardingReviews.detail(id), queryFn: () => api.get(`/onboarding/reviews/${id}`, reviewDetailSchema) });

/** The uploaded menu, fetched with the admin's token (the route is admin-only) and shown from a blob. */
export const useMenuFile = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.onboardingReviews.menuFile(id),
    queryFn: () => apiGetBlob(`/onboarding/reviews/${id}/menu-file`),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const downloadMenuFile = (id: string) => apiGetBlob(`/onboarding/reviews/${id}/menu-file?download=1`);

function useReviewAction<T>(run: (id: string, arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, arg }: { id: string; arg: T }) => run(id, arg),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.onboardingReviews.all }),
  });
}

export const useApprove = () => useReviewAction((id) => api.post(`/onboarding/reviews/${id}/approve`, {}, approvalSchema));
export const useReject = () =>
  useReviewAction((id, reason: string) => api.post(`/onboarding/reviews/${id}/reject`, { reason }, reviewDetailSchema));
