import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '../../../shared/analytics';
import { menuInsightsSchema } from '../../../shared/menu-insights';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useMenuInsights(establishmentId: string | null, days: AnalyticsPeriod) {
  return useQuery({
    queryKey: queryKeys.menuInsights.detail(establishmentId ?? '', days),
    queryFn: () => api.get(`/establishments/${establishmentId}/menu-insights?days=${days}`, menuInsightsSchema),
    enabled: establishmentId !== null,
    placeholderData: keepPreviousData,
  });
}
