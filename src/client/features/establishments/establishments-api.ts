import { useMutation, useQuery } from '@tanstack/react-query';
import { type EstablishmentInput, establishmentSchema } from '../../../shared/establishments';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useInvalidate } from '../../lib/record-hooks';

export const useEstablishment = (id: string | undefined) =>
  useQuery({
    queryKey: queryKeys.establishments.detail(id ?? ''),
    queryFn: () => api.get(`/establishments/${id}`, establishmentSchema),
    enabled: Boolean(id),
  });

// Names and slugs show on menus too.
const useInvalidateEstablishments = () => useInvalidate(queryKeys.establishments.all, queryKeys.menus.all);

export function useSaveEstablishment() {
  const onSuccess = useInvalidateEstablishments();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: EstablishmentInput }) =>
      id ? api.put(`/establishments/${id}`, values, establishmentSchema) : api.post('/establishments', values, establishmentSchema),
    onSuccess,
  });
}

export function useDeleteEstablishment() {
  const onSuccess = useInvalidateEstablishments();
  return useMutation({ mutationFn: (id: string) => api.delete(`/establishments/${id}`), onSuccess });
}
