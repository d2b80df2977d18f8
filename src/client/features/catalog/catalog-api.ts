import { type CatalogWine, type CatalogWineInput, catalogWineSchema } from '../../../shared/catalog';
import { queryKeys } from '../../lib/query-keys';
import { useDeleteRecord, useRecord, useSaveRecord } from '../../lib/record-hooks';
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

export const useCatalogWine = (id: string | undefined) => useRecord('/catalog/wines', id, catalogWineSchema, queryKeys.catalog.detail);

export const useSaveCatalogWine = () =>
  useSaveRecord<CatalogWineInput, CatalogWine>('/catalog/wines', catalogWineSchema, queryKeys.catalog.all);

export const useDeleteCatalogWine = () => useDeleteRecord('/catalog/wines', queryKeys.catalog.all);
