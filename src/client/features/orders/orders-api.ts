import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OrderCreate, type OrderStatus, orderDetailSchema, orderSchema } from '../../../shared/orders';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useRecord } from '../../lib/record-hooks';
import { listFromHeader, usePageList } from '../../lib/use-page-list';

export const ORDERS_PAGE_SIZE = 20;

export interface OrderFilters {
  status: string;
  supplier_id: string;
  establishment_id: string;
  from: string;
  to: string;
}

export const ORDER_FILTER_KEYS = ['status', 'supplier_id', 'establishment_id', 'from', 'to'] as const;

export function useOrderList(filters: OrderFilters, page: number) {
  return usePageList(queryKeys.orders.list({ ...filters }, page), () => {
    const params = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE), page: String(page) });
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    return listFromHeader(`/orders?${params}`, orderSchema, ORDERS_PAGE_SIZE);
  });
}

export const useOrder = (id: string | undefined) => useRecord('/orders', id, orderDetailSchema, queryKeys.orders.detail);

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: OrderCreate) => api.post('/orders', values, orderDetailSchema),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order.id), order);
      return queryClient.invalidateQueries({ queryKey: queryKeys.orders.all, refetchType: 'none' });
    },
  });
}

export function useMoveOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) => api.patch(`/orders/${id}/status`, { status }, orderDetailSchema),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(id), order);
      return queryClient.invalidateQueries({ queryKey: queryKeys.orders.all, refetchType: 'none' });
    },
  });
}
