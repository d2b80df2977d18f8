import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { catalogWineSchema } from '../../../shared/catalog';
import { api } from '../../lib/api';
import { type CellarItem, cellarItemSchema, cellarListQuery } from '../../lib/cellar-queries';
import { queryKeys } from '../../lib/query-keys';

// PROVISIONAL response shapes: replaced by src/shared/cellar.ts (cellar-core).
const money = z.union([z.number(), z.string()]).nullable();
export const movementSchema = z.object({
  id: z.string(),
  reason: z.string(),
  delta: z.number().int(),
  dose_delta: z.number().int(),
  on_hand_after: z.number().int(),
  open_bottle_doses_after: z.number().int(),
  note: z.string().nullable(),
  user_email: z.string().nullable().optional(),
  user_name: z.string().nullable().optional(),
  order_id: z.string().nullable(),
  created_at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const reorderGroupSchema = z.object({
  supplier_id: z.string().nullable(),
  supplier_name: z.string().nullable(),
  items: z.array(
    z.object({
      cellar_item_id: z.string(),
      catalog_wine_id: z.string().nullable(),
      name: z.string(),
      on_hand: z.number().int(),
      par_level: z.number().int(),
      case_size: z.number().int().nullable(),
      quantity: z.number().int(),
      last_unit_cost: money,
      estimated_total: money,
    }),
  ),
  estimated_total: money,
});
export type ReorderGroup = z.infer<typeof reorderGroupSchema>;

export const figuresSchema = z.object({
  days: z.number().int(),
  wines: z.array(
    z.object({
      cellar_item_id: z.string(),
      name: z.string(),
      on_hand: z.number().int(),
      bottles_sold: z.number(),
      days_of_cover: z.number().nullable(),
      menu_price: money,
      last_unit_cost: money,
      margin_percent: z.number().nullable(),
    }),
  ),
  idle: z.array(
    z.object({ cellar_item_id: z.string(), name: z.string(), on_hand: z.number().int(), last_movement_at: z.string().nullable() }),
  ),
});
export type CellarFigures = z.infer<typeof figuresSchema>;

export const useCellarList = (establishmentId: string) => useQuery(cellarListQuery(establishmentId));

export const useMovements = (itemId: string | null) =>
  useQuery({
    queryKey: queryKeys.cellar.movements(itemId ?? ''),
    queryFn: () => api.get(`/cellar/${itemId}/movements`, movementSchema.array()),
    enabled: Boolean(itemId),
  });

export const useReorder = (establishmentId: string) =>
  useQuery({
    queryKey: queryKeys.cellar.reorder(establishmentId),
    queryFn: () => api.get(`/establishments/${establishmentId}/cellar/reorder`, reorderGroupSchema.array()),
    enabled: Boolean(establishmentId),
  });

export const useFigures = (establishmentId: string, days: number) =>
  useQuery({
    queryKey: queryKeys.cellar.figures(establishmentId, days),
    queryFn: () => api.get(`/establishments/${establishmentId}/cellar/figures?days=${days}`, figuresSchema),
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

/** Catalogue wines whose name, producer or region contain the words typed: the item form's link to the catalogue. */
export const useCatalogPick = (q: string) =>
  useQuery({
    queryKey: queryKeys.catalog.search(q),
    queryFn: async () => (await api.list(`/catalog/wines?limit=20&q=${encodeURIComponent(q)}`, catalogWineSchema.array())).items,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
