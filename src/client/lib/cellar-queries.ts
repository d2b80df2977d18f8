import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CellarItem, type CellarMovementValues, cellarItemSchema, cellarMovementResultSchema } from '../../shared/cellar';
import { api } from './api';
import { queryKeys } from './query-keys';

/** The establishment's cellar items: the cellar screen and the menu editor's counts read the same cache entry. */
export const cellarListQuery = (establishmentId: string) =>
  queryOptions({
    queryKey: queryKeys.cellar.list(establishmentId),
    queryFn: () => api.get(`/establishments/${establishmentId}/cellar`, cellarItemSchema.array()),
    enabled: Boolean(establishmentId),
  });

/**
 * One movement of one item (POST /cellar/{id}/movements): the new count lands in the cached list at once, and
 * everything else that reads the cellar (figures, reorder, history) is refreshed behind it.
 */
export function useCellarMovement(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, movement }: { itemId: string; movement: CellarMovementValues }) =>
      api.post(`/cellar/${itemId}/movements`, movement, cellarMovementResultSchema),
    onSuccess: (result, { itemId }) => {
      queryClient.setQueryData<CellarItem[]>(queryKeys.cellar.list(establishmentId), (items) =>
        items?.map((i) =>
          i.id === itemId ? { ...i, on_hand: result.on_hand, open_bottle_doses: result.open_bottle_doses, status: result.status } : i,
        ),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.cellar.all });
    },
  });
}
