import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CellarItem,
  cellarFiguresSchema,
  cellarItemSchema,
  cellarMovementSchema,
  reorderSuggestionSchema,
} from '../../../shared/cellar';
import { cellarDiscrepancySchema } from '../../../shared/till-sales';
import { api } from '../../lib/api';
import { cellarListQuery } from '../../lib/cellar-queries';
import { queryKeys } from '../../lib/query-keys';

export const useCellarList = (establishmentId: string) => useQuery(cellarListQuery(establishmentId));

export const useMovements = (itemId: string | null) =>
  useQuery({
    queryKey: queryKeys.cellar.movements(itemId ?? ''),
    queryFn: () => api.get(`/cellar/${itemId}/movements`, cellarMovementSchema.array()),
    enabled: Boolean(itemId),
  });

export const useReorder = (establishmentId: string) =>
  useQuery({
    queryKey: queryKeys.cellar.reorder(establishmentId),
    queryFn: () => api.get(`/establishments/${establishmentId}/cellar/reorder`, reorderSuggestionSchema),
    enabled: Boolean(establishmentId),
  });

/** What the till sold beyond the count, waiting for a recount (issue 31). */
export const useDiscrepancies = (establishmentId: string) =>
  useQuery({
    queryKey: queryKeys.cellar.discrepancies(establishmentId),
    queryFn: () => api.get(`/establishments/${establishmentId}/cellar/discrepancies`, cellarDiscrepancySchema.array()),
    enabled: Boolean(establishmentId),
  });

export const useFigures = (establishmentId: string, days: number) =>
  useQuery({
    queryKey: queryKeys.cellar.figures(establishmentId, days),
    queryFn: () => api.get(`/establishments/${establishmentId}/cellar/figures?days=${days}`, cellarFiguresSchema),
    enabled: Boolean(establishmentId),
    placeholderData: keepPreviousData,
  });

/** Create (POST /establishments/{id}/cellar) or update (PUT /cellar/{itemId}) one item. */
export function useSaveCellarItem(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, values }: { itemId?: string; values: unknown }) =>
      itemId
        ? api.put(`/cellar/${itemId}`, values, cellarItemSchema)
        : api.post(`/establishments/${establishmentId}/cellar`, values, cellarItemSchema),
    onSuccess: (item: CellarItem) => {
      queryClient.setQueryData<CellarItem[]>(queryKeys.cellar.list(establishmentId), (items) =>
        items?.some((i) => i.id === item.id) ? items.map((i) => (i.id === item.id ? item : i)) : items && [...items, item],
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.cellar.all });
    },
  });
}
