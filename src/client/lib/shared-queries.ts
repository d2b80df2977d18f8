import { queryOptions } from '@tanstack/react-query';
import { establishmentListSchema } from '../../shared/establishments';
import { SUPPLIERS_MAX_LIMIT, supplierSchema } from '../../shared/suppliers';
import { wineMenuSummarySchema } from '../../shared/wine-menus';
import { api } from './api';
import { queryKeys } from './query-keys';

/** Lists several screens read (home, menus, users): one query, one type, one cache entry. */
export const establishmentListQuery = () =>
  queryOptions({ queryKey: queryKeys.establishments.list(), queryFn: () => api.get('/establishments', establishmentListSchema) });

export const menuListQuery = (establishmentId: string | null = null) =>
  queryOptions({
    queryKey: queryKeys.menus.list(establishmentId),
    queryFn: () =>
      api.get(
        establishmentId ? `/wine-menus?establishment_id=${encodeURIComponent(establishmentId)}` : '/wine-menus',
        wineMenuSummarySchema.array(),
      ),
  });

/** The suppliers pickers offer (order form, order filters, users): the first page of the maximum size, by name. */
export const supplierOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.suppliers.options(),
    queryFn: () => api.get(`/suppliers?limit=${SUPPLIERS_MAX_LIMIT}`, supplierSchema.array()),
  });
