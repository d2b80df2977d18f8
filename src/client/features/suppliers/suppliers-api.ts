import { type Supplier, type SupplierInput, supplierSchema } from '../../../shared/suppliers';
import { queryKeys } from '../../lib/query-keys';
import { useDeleteRecord, useRecord, useSaveRecord } from '../../lib/record-hooks';
import { listFromHeader, usePageList } from '../../lib/use-page-list';

export const SUPPLIERS_PAGE_SIZE = 20;

export function useSupplierList(search: string, page: number) {
  return usePageList(queryKeys.suppliers.list(search, page), () => {
    const params = new URLSearchParams({ limit: String(SUPPLIERS_PAGE_SIZE), page: String(page) });
    if (search.trim()) params.set('search', search.trim());
    return listFromHeader(`/suppliers?${params}`, supplierSchema, SUPPLIERS_PAGE_SIZE);
  });
}

export const useSupplier = (id: string | undefined) => useRecord('/suppliers', id, supplierSchema, queryKeys.suppliers.detail);

export const useSaveSupplier = () => useSaveRecord<SupplierInput, Supplier>('/suppliers', supplierSchema, queryKeys.suppliers.all);

export const useDeleteSupplier = () => useDeleteRecord('/suppliers', queryKeys.suppliers.all);
