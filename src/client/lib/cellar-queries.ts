import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';
import { queryKeys } from './query-keys';

// PROVISIONAL: replaced by the schemas of src/shared/cellar.ts once cellar-core publishes them.
const money = z.union([z.number(), z.string()]).nullable();
export const cellarItemSchema = z.object({
  id: z.string(),
  establishment_id: z.string(),
  catalog_wine_id: z.string().nullable(),
  name: z.string(),
  producer: z.string().nullable(),
  vintage: z.number().int().nullable(),
  on_hand: z.number().int(),
  open_bottle_doses: z.number().int(),
  par_level: z.number().int(),
  case_size: z.number().int().nullable(),
  last_unit_cost: money,
  last_supplier_id: z.string().nullable(),
  updated_at: z.string(),
});
export type CellarItem = z.infer<typeof cellarItemSchema>;
export const movementResultSchema = z.object({ on_hand: z.number().int(), open_bottle_doses: z.number().int() }).loose();

/** The establishment's cellar items: the cellar screen and the menu editor's counts read the same cache entry. */
export const cellarListQuery = (establishmentId: string) =>
  queryOptions({
    queryKey: queryKeys.cellar.list(establishmentId),
    queryFn: () => api.get(`/establishments/${establishmentId}/cellar`, cellarItemSchema.array()),
    enabled: Boolean(establishmentId),
  });

export type MovementInput =
  | { delta: number; reason: 'sale' | 'glass_sale' | 'breakage' | 'tasting' | 'delivery'; note?: string | null }
  | { counted: number; reason: 'count'; note?: string | null };

/**
 * One movement of one item (POST /cellar/{id}/movements): the new count lands in the cached list at once, and
 * everything that reads the cellar (figures, reorder, history, public menu links) is refreshed behind it.
 */
export function useCellarMovement(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, movement }: { itemId: string; movement: MovementInput }) =>
      api.post(`/cellar/${itemId}/movements`, movement, movementResultSchema),
    onSuccess: (result, { itemId }) => {
      queryClient.setQueryData<CellarItem[]>(queryKeys.cellar.list(establishmentId), (items) =>
        items?.map((i) => (i.id === itemId ? { ...i, on_hand: result.on_hand, open_bottle_doses: result.open_bottle_doses } : i)),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.cellar.all });
    },
  });
}
