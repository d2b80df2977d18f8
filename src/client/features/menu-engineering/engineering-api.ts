import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApplyPrices, engineeringReportSchema } from '../../../shared/menu-engineering';
import { api, apiGetBlob } from '../../lib/api';
import { downloadBlob } from '../../lib/files';
import { queryKeys } from '../../lib/query-keys';

/** The period the report covers, as the API's query: `days=30`, or `from=…&to=…`. */
export type EngineeringPeriodQuery = { days: number } | { from: string; to: string };

export const periodSearch = (period: EngineeringPeriodQuery) =>
  'days' in period ? `days=${period.days}` : `from=${period.from}&to=${period.to}`;

/** GET /api/wine-menus/{id}/engineering: null asks nothing (no menu yet, or custom dates not both valid). */
export function useEngineeringReport(menuId: string | null, period: EngineeringPeriodQuery | null) {
  const search = period ? periodSearch(period) : '';
  return useQuery({
    queryKey: queryKeys.menus.engineering(menuId ?? '', search),
    queryFn: () => api.get(`/wine-menus/${menuId}/engineering?${search}`, engineeringReportSchema),
    enabled: menuId !== null && period !== null,
    placeholderData: keepPreviousData,
  });
}

/** The .xlsx of the report's table (the API builds it with the same columns), saved as a download. */
export async function downloadEngineeringXlsx(menuId: string, period: EngineeringPeriodQuery, fileName: string) {
  downloadBlob(await apiGetBlob(`/wine-menus/${menuId}/engineering.xlsx?${periodSearch(period)}`), fileName);
}

const targetSchema = z.object({ target_margin_percent: z.number().nullable() });

/** PUT /api/establishments/{id}/engineering-target: the establishment's target margin (null: the menu's average). */
export function useSaveTarget(establishmentId: string, menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: number | null) =>
      api.put(`/establishments/${establishmentId}/engineering-target`, { target_margin_percent: target }, targetSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.menus.detail(menuId) }),
  });
}

const appliedSchema = z.object({ updated: z.number().int() });

/** POST /api/wine-menus/{id}/prices: the chosen suggestions become the menu's prices; the menu and its report reload. */
export function useApplyPrices(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyPrices) => api.post(`/wine-menus/${menuId}/prices`, body, appliedSchema),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.menus.detail(menuId) });
      queryClient.invalidateQueries({ queryKey: queryKeys.menus.lists() });
      queryClient.invalidateQueries({ queryKey: queryKeys.cellar.all });
    },
  });
}
