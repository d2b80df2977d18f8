import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EstablishmentInput, establishmentSchema } from '../../../shared/establishments';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const useEstablishment = (id: string | undefined) =>
  useQuery({
    queryKey: queryKeys.establishments.detail(id ?? ''),
    queryFn: () => api.get(`/establishments/${id}`, establishmentSchema),
    enabled: Boolean(id),
  });

function useInvalidateEstablishments() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: queryKeys.establishments.all });
    // Names and slugs show on menus too.
    queryClient.invalidateQueries({ queryKey: queryKeys.menus.all });
  };
}

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
