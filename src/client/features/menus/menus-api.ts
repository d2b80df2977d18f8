import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogWine } from '../../../shared/catalog';
import type { Establishment } from '../../../shared/establishments';
import type { MenuWine, MenuWineData, QrCode, WineMenu, WineMenuData, WineMenuSummary } from '../../../shared/wine-menus';
import { api, apiGetWithTotal } from '../../lib/api';

export const MENUS_KEY = ['wine-menus'];
export const menuKey = (id: string) => ['wine-menus', 'detail', id];

export const useMenuList = (establishmentId?: string | null) =>
  useQuery({
    queryKey: establishmentId ? [...MENUS_KEY, { establishment_id: establishmentId }] : MENUS_KEY,
    queryFn: () =>
      api.get<WineMenuSummary[]>(establishmentId ? `/wine-menus?establishment_id=${encodeURIComponent(establishmentId)}` : '/wine-menus'),
  });

export const useEstablishmentList = () =>
  useQuery({ queryKey: ['establishments'], queryFn: () => api.get<Establishment[]>('/establishments') });

export const useMenu = (id: string | undefined) =>
  useQuery({ queryKey: menuKey(id ?? ''), queryFn: () => api.get<WineMenu>(`/wine-menus/${id}`), enabled: Boolean(id) });

export const useQrCode = (id: string | undefined) =>
  useQuery({ queryKey: [...menuKey(id ?? ''), 'qr'], queryFn: () => api.get<QrCode>(`/wine-menus/${id}/qr-code`), enabled: Boolean(id) });

function useInvalidateMenus() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: MENUS_KEY });
    queryClient.invalidateQueries({ queryKey: ['establishments'] });
  };
}

export function useCreateMenu() {
  const invalidate = useInvalidateMenus();
  return useMutation({ mutationFn: (values: WineMenuData) => api.post<WineMenu>('/wine-menus', values), onSuccess: invalidate });
}

export function useUpdateMenu(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (values: WineMenuData) => api.put<WineMenu>(`/wine-menus/${id}`, values),
    onSuccess: (menu) => {
      if (menu?.wines) queryClient.setQueryData(menuKey(id), menu);
      invalidate();
    },
  });
}

export function useDeleteMenu() {
  const invalidate = useInvalidateMenus();
  return useMutation({ mutationFn: (id: string) => api.delete(`/wine-menus/${id}`), onSuccess: invalidate });
}

/** Add or update one wine of a menu; refreshes the menu afterwards. */
export function useSaveMenuWine(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wineId, values }: { wineId?: string; values: MenuWineData }) =>
      wineId
        ? api.put<MenuWine>(`/wine-menus/${menuId}/wines/${wineId}`, values)
        : api.post<MenuWine>(`/wine-menus/${menuId}/wines`, values),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: menuKey(menuId) });
      queryClient.invalidateQueries({ queryKey: MENUS_KEY, exact: true });
    },
  });
}

/** Availability switch from the list: optimistic, rolled back on failure. */
export function useToggleAvailability(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wine, available }: { wine: MenuWine; available: boolean }) =>
      api.put<MenuWine>(`/wine-menus/${menuId}/wines/${wine.id}`, menuWineToInput({ ...wine, available })),
    onMutate: async ({ wine, available }) => {
      await queryClient.cancelQueries({ queryKey: menuKey(menuId) });
      const previous = queryClient.getQueryData<WineMenu>(menuKey(menuId));
      if (previous)
        queryClient.setQueryData<WineMenu>(menuKey(menuId), {
          ...previous,
          wines: previous.wines.map((w) => (w.id === wine.id ? { ...w, available } : w)),
        });
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(menuKey(menuId), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKey(menuId) }),
  });
}

export function useDeleteMenuWine(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wineId: string) => api.delete(`/wine-menus/${menuId}/wines/${wineId}`),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: menuKey(menuId) });
      queryClient.invalidateQueries({ queryKey: MENUS_KEY, exact: true });
    },
  });
}

/** docs/product.md §6: optimistic reorder; on failure the menu is reloaded from the server. */
export function useReorderWines(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newOrder: string[]) => api.put<unknown>(`/wine-menus/${menuId}/reorder`, { new_order: newOrder }),
    onMutate: async (newOrder) => {
      await queryClient.cancelQueries({ queryKey: menuKey(menuId) });
      const previous = queryClient.getQueryData<WineMenu>(menuKey(menuId));
      if (previous) {
        const byId = new Map(previous.wines.map((w) => [w.id, w]));
        const wines = newOrder.map((id, position) => ({ ...(byId.get(id) as MenuWine), position }));
        queryClient.setQueryData<WineMenu>(menuKey(menuId), { ...previous, wines });
      }
    },
    onError: () => queryClient.invalidateQueries({ queryKey: menuKey(menuId) }),
  });
}

/** The body of PUT /wine-menus/:id/wines/:wineId from a wine as the API returns it. */
export function menuWineToInput(w: MenuWine): MenuWineData {
  return {
    name: w.name,
    description: w.description,
    price: w.price,
    category: w.category as MenuWineData['category'],
    country: w.country,
    region: w.region,
    producer: w.producer,
    vintage: w.vintage,
    wine_style: w.wine_style,
    grape_variety: w.grape_variety,
    alcohol_content: w.alcohol_content,
    volume: w.volume as MenuWineData['volume'],
    aging: w.aging,
    color: w.color,
    aroma: w.aroma,
    palate: w.palate,
    pairing: w.pairing,
    image_url: w.image_url,
    available: w.available,
  };
}

export const CATALOG_SEARCH_LIMIT = 20;

/** Catalogue search for "Importar do catálogo". */
export const useCatalogSearch = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['catalog', 'search', q],
    queryFn: () =>
      apiGetWithTotal<CatalogWine[]>(`/catalog/wines?${new URLSearchParams({ ...(q ? { q } : {}), limit: String(CATALOG_SEARCH_LIMIT) })}`),
    enabled,
    placeholderData: (prev) => prev,
  });
