import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SupplierInput, supplierSchema } from '../../../shared/suppliers';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { listFromHeader, usePageList } from '../../lib/use-page-list';

export const SUPPLIERS_PAGE_SIZE = 20;

export function useSupplierList(search: string, page: number) {
  return usePageList(queryKeys.suppliers.list(search, page), () => {
    const params = new URLSearchParams({ limit: String(SUPPLIERS_PAGE_SIZE), page: String(page) });
    if (search.trim()) params.set('search', search.trim());
    return listFromHeader(`/suppliers?${params}`, supplierSchema, SUPPLIERS_PAGE_SIZE);
  });
}

export const useSupplier = (id: string | undefined) =>
  useQuery({
    queryKey: queryKeys.suppliers.detail(id ?? ''),
    queryFn: () => api.get(`/suppliers/${id}`, supplierSchema),
    enabled: Boolean(id),
    retry: false,
  });

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: SupplierInput }) =>
      id ? api.put(`/suppliers/${id}`, values, supplierSchema) : api.post('/suppliers', values, supplierSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.suppliers.all }),
  });
}

export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/suppliers/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.suppliers.all }),
  });
}
