import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AnalyticsPeriod, analyticsDashboardSchema } from '../../../shared/analytics';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useAnalyticsDashboard(days: AnalyticsPeriod) {
  return useQuery({
    queryKey: queryKeys.analytics.dashboard(days),
    queryFn: () => api.get(`/analytics/dashboard?days=${days}`, analyticsDashboardSchema),
    placeholderData: keepPreviousData,
  });
}
