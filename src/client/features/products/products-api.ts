import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PRODUCTS_PAGE_SIZE,
  type Product,
  type ProductCategory,
  type ProductCategoryInput,
  type ProductInput,
  productCategorySchema,
  productListSchema,
  productSchema,
  productStatsSchema,
} from '../../../shared/products';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useDeleteRecord, useSaveRecord } from '../../lib/record-hooks';
import { listFromBody, usePageList } from '../../lib/use-page-list';

export interface ProductFilters {
  search: string;
  category_id: string;
}

export const EMPTY_FILTERS: ProductFilters = { search: '', category_id: '' };
export const hasFilters = (f: ProductFilters) => f.search.trim() !== '' || f.category_id !== '';

export function useProducts(filters: ProductFilters, page: number) {
  return usePageList(queryKeys.products.list({ ...filters }, page), () => {
    const params = new URLSearchParams({ page: String(page), limit: String(PRODUCTS_PAGE_SIZE) });
    if (filters.search.trim()) params.set('search', filters.search.trim());
    if (filters.category_id) params.set('category_id', filters.category_id);
    return listFromBody(`/products?${params}`, productListSchema, (body) => body.products);
  });
}

export const useProductStats = () =>
  useQuery({ queryKey: queryKeys.products.stats(), queryFn: () => api.get('/products/stats', productStatsSchema) });

export const useCategories = () =>
  useQuery({ queryKey: queryKeys.products.categories(), queryFn: () => api.get('/products/categories', productCategorySchema.array()) });

const supplierOptionSchema = z.object({ id: z.string(), name: z.string(), company_name: z.string().nullish() });
export type SupplierOption = z.infer<typeof supplierOptionSchema>;

/** The admin's supplier choice: the first 100 suppliers (GET /api/suppliers answers a plain array). */
export const useSupplierOptions = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.suppliers.options(),
    queryFn: () => api.get('/suppliers?limit=100', supplierOptionSchema.array()),
    enabled,
    retry: false,
  });

export const useSaveProduct = () => useSaveRecord<ProductInput, Product>('/products', productSchema, queryKeys.products.all);

export const useDeleteProduct = () => useDeleteRecord('/products', queryKeys.products.all);

export const useSaveCategory = () =>
  useSaveRecord<ProductCategoryInput, ProductCategory>('/products/categories', productCategorySchema, queryKeys.products.all);
