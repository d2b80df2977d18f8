import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CatalogWineInput, catalogWineSchema } from '../../../shared/catalog';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { listFromHeader, usePageList } from '../../lib/use-page-list';

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
  return usePageList(queryKeys.catalog.list({ ...filters }, page), () => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v.trim()) params.set(k, v.trim());
    params.set('limit', String(CATALOG_PAGE_SIZE));
    params.set('offset', String((page - 1) * CATALOG_PAGE_SIZE));
    return listFromHeader(`/catalog/wines?${params}`, catalogWineSchema, CATALOG_PAGE_SIZE);
  });
}

export const useCatalogWine = (id: string | undefined) =>
  useQuery({
    queryKey: queryKeys.catalog.detail(id ?? ''),
    queryFn: () => api.get(`/catalog/wines/${id}`, catalogWineSchema),
    enabled: Boolean(id),
    retry: false,
  });

export function useSaveCatalogWine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: CatalogWineInput }) =>
      id ? api.put(`/catalog/wines/${id}`, values, catalogWineSchema) : api.post('/catalog/wines', values, catalogWineSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}

export function useDeleteCatalogWine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/catalog/wines/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  });
}
