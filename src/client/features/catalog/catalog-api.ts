import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogWine, CatalogWineInput } from '../../../shared/catalog';
import { api, apiGetWithTotal } from '../../lib/api';

export const CATALOG_KEY = ['catalog'];
export const CATALOG_PAGE_SIZE = 25;

export interface CatalogFilters {
  q: string;
  country: string;
  grape_variety: string;
  wine_style: string;
}

export const EMPTY_FILTERS: CatalogFilters = { q: '', country: '', grape_variety: '', wine_style: '' };

export const hasFilters = (f: CatalogFilters) => Object.values(f).some((v) => v.trim() !== '');

export function useCatalogList(filters: CatalogFilters, page: number) {
  return useQuery({
    queryKey: [...CATALOG_KEY, 'list', filters, page],
    queryFn: () => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(filters)) if (v.trim()) params.set(k, v.trim());
      params.set('limit', String(CATALOG_PAGE_SIZE));
      params.set('offset', String((page - 1) * CATALOG_PAGE_SIZE));
      return apiGetWithTotal<CatalogWine[]>(`/catalog/wines?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

export const useCatalogWine = (id: string | undefined) =>
  useQuery({
    queryKey: [...CATALOG_KEY, 'detail', id],
    queryFn: () => api.get<CatalogWine>(`/catalog/wines/${id}`),
    enabled: Boolean(id),
    retry: false,
  });

export function useSaveCatalogWine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: CatalogWineInput }) =>
      id ? api.put<CatalogWine>(`/catalog/wines/${id}`, values) : api.post<CatalogWine>('/catalog/wines', values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_KEY }),
  });
}

export function useDeleteCatalogWine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/catalog/wines/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_KEY }),
  });
}
