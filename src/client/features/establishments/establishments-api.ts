import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Establishment, EstablishmentInput } from '../../../shared/establishments';
import { api } from '../../lib/api';

export const establishmentKey = (id: string) => ['establishments', 'detail', id];

export const useEstablishment = (id: string | undefined) =>
  useQuery({
    queryKey: establishmentKey(id ?? ''),
    queryFn: () => api.get<Establishment>(`/establishments/${id}`),
    enabled: Boolean(id),
  });

export function useSaveEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: EstablishmentInput }) =>
      id ? api.put<Establishment>(`/establishments/${id}`, values) : api.post<Establishment>('/establishments', values),
    onSuccess: () => {
      // Names and slugs show on menus too.
      queryClient.invalidateQueries({ queryKey: ['establishments'] });
      queryClient.invalidateQueries({ queryKey: ['wine-menus'] });
    },
  });
}

export function useDeleteEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/establishments/${id}`),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['establishments'] });
      queryClient.invalidateQueries({ queryKey: ['wine-menus'] });
    },
  });
}
