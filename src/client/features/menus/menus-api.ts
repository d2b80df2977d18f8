import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogWineSchema } from '../../../shared/catalog';
import { type CellarMovementValues, cellarMovementResultSchema } from '../../../shared/cellar';
import {
  type MenuWine,
  type MenuWineData,
  type MenuWineDetail,
  menuWineSchema,
  qrCodeSchema,
  type WineMenu,
  type WineMenuData,
  wineMenuSchema,
} from '../../../shared/wine-menus';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useInvalidate } from '../../lib/record-hooks';
import { establishmentListQuery, menuListQuery } from '../../lib/shared-queries';
import { listFromHeader, usePageList } from '../../lib/use-page-list';

const menuKey = queryKeys.menus.detail;

export const useMenuList = (establishmentId?: string | null) => useQuery(menuListQuery(establishmentId ?? null));

export const useEstablishmentList = () => useQuery(establishmentListQuery());

export const useMenu = (id: string | undefined) =>
  useQuery({ queryKey: menuKey(id ?? ''), queryFn: () => api.get(`/wine-menus/${id}`, wineMenuSchema), enabled: Boolean(id) });

/** `?lang=` of the QR routes: nothing for pt-BR. */
export const qrLanguageQuery = (lang: string) => (lang === 'pt-BR' ? '' : `?lang=${lang}`);

export const useQrCode = (id: string | undefined, lang = 'pt-BR') =>
  useQuery({
    queryKey: [...queryKeys.menus.qr(id ?? ''), lang],
    queryFn: () => api.get(`/wine-menus/${id}/qr-code${qrLanguageQuery(lang)}`, qrCodeSchema),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });

// Establishments show how many menus they have.
const useInvalidateMenus = () => useInvalidate(queryKeys.menus.all, queryKeys.establishments.all);

export function useCreateMenu() {
  const invalidate = useInvalidateMenus();
  return useMutation({ mutationFn: (values: WineMenuData) => api.post('/wine-menus', values, wineMenuSchema), onSuccess: invalidate });
}

export function useUpdateMenu(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (values: WineMenuData) => api.put(`/wine-menus/${id}`, values, wineMenuSchema),
    onSuccess: (menu) => {
      queryClient.setQueryData(menuKey(id), menu);
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
        ? api.put(`/wine-menus/${menuId}/wines/${wineId}`, values, menuWineSchema)
        : api.post(`/wine-menus/${menuId}/wines`, values, menuWineSchema),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: menuKey(menuId) });
      queryClient.invalidateQueries({ queryKey: queryKeys.menus.lists() });
      // Cellar items list the menu wines linked to them.
      queryClient.invalidateQueries({ queryKey: queryKeys.cellar.all });
    },
  });
}

/** Availability switch from the list: optimistic, rolled back on failure. */
export function useToggleAvailability(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wine, available }: { wine: MenuWine; available: boolean }) =>
      api.put(`/wine-menus/${menuId}/wines/${wine.id}`, menuWineToInput({ ...wine, available }), menuWineSchema),
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
      queryClient.invalidateQueries({ queryKey: queryKeys.menus.lists() });
    },
  });
}

/** docs/product.md §6: optimistic reorder; on failure the menu is reloaded from the server. */
export function useReorderWines(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newOrder: string[]) => api.put(`/wine-menus/${menuId}/reorder`, { new_order: newOrder }, wineMenuSchema),
    onMutate: async (newOrder) => {
      await queryClient.cancelQueries({ queryKey: menuKey(menuId) });
      const previous = queryClient.getQueryData<WineMenu>(menuKey(menuId));
      if (previous) {
        const byId = new Map(previous.wines.map((w) => [w.id, w]));
        const wines = newOrder.map((id, position) => ({ ...(byId.get(id) as MenuWineDetail), position }));
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
  usePageList(
    queryKeys.catalog.search(q),
    () =>
      listFromHeader(
        `/catalog/wines?${new URLSearchParams({ ...(q ? { q } : {}), limit: String(CATALOG_SEARCH_LIMIT) })}`,
        catalogWineSchema,
        CATALOG_SEARCH_LIMIT,
      ),
    { enabled },
  );

export type CellarSale = 'bottle' | 'glass';

/** The count a sale leaves, as the server will compute it: a glass opens a bottle when none is open. */
function afterSale(cellar: NonNullable<MenuWineDetail['cellar']>, sale: CellarSale, glassDoses: number) {
  if (sale === 'bottle') return { ...cellar, on_hand: cellar.on_hand - 1 };
  if (cellar.open_bottle_doses > 0) return { ...cellar, open_bottle_doses: cellar.open_bottle_doses - 1 };
  return { ...cellar, on_hand: cellar.on_hand - 1, open_bottle_doses: Math.max(glassDoses - 1, 0) };
}

/**
 * "−1 garrafa" / "−1 taça" on a menu row during service: the count drops on screen at once (every row drawing from
 * the same cellar item), the server's count replaces it when it answers, and a refusal (409 "Sem estoque
 * suficiente") puts the old count back.
 */
export function useCellarSale(menuId: string) {
  const queryClient = useQueryClient();
  const setCount = (itemId: string, change: (cellar: NonNullable<MenuWineDetail['cellar']>) => NonNullable<MenuWineDetail['cellar']>) =>
    queryClient.setQueryData<WineMenu>(
      menuKey(menuId),
      (menu) =>
        menu && {
          ...menu,
          wines: menu.wines.map((w) => (w.cellar && w.cellar.item_id === itemId ? { ...w, cellar: change(w.cellar) } : w)),
        },
    );
  return useMutation({
    mutationFn: ({ wine, sale }: { wine: MenuWineDetail; sale: CellarSale }) => {
      const movement: CellarMovementValues =
        sale === 'bottle' ? { reason: 'sale', delta: -1 } : { reason: 'glass_sale', menu_wine_id: wine.id };
      return api.post(`/cellar/${wine.cellar?.item_id}/movements`, movement, cellarMovementResultSchema);
    },
    onMutate: async ({ wine, sale }) => {
      await queryClient.cancelQueries({ queryKey: menuKey(menuId) });
      const previous = queryClient.getQueryData<WineMenu>(menuKey(menuId));
      const cellar = wine.cellar;
      // Only a sale the shelf can cover is shown ahead of the server; the others wait for its answer.
      if (cellar && (sale === 'bottle' ? cellar.on_hand > 0 : cellar.open_bottle_doses > 0 || cellar.on_hand > 0))
        setCount(cellar.item_id, (c) => afterSale(c, sale, wine.glass_doses));
      return { previous };
    },
    onSuccess: (result, { wine }) => {
      if (wine.cellar)
        setCount(wine.cellar.item_id, (c) => ({ ...c, on_hand: result.on_hand, open_bottle_doses: result.open_bottle_doses }));
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(menuKey(menuId), context.previous);
      // A refusal may mean this screen's count is stale (another phone sold or received): read it again.
      queryClient.invalidateQueries({ queryKey: menuKey(menuId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cellar.all }),
  });
}
