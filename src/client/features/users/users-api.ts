import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreate, UserUpdate } from '../../../shared/users';
import { api } from '../../lib/api';

const USERS_KEY = ['users'];

export const useUsers = () => useQuery({ queryKey: USERS_KEY, queryFn: () => api.get<User[]>('/users') });

export interface EstablishmentOption {
  id: string;
  name: string;
}

export const useEstablishmentOptions = () =>
  useQuery({ queryKey: ['establishments', 'options'], queryFn: () => api.get<EstablishmentOption[]>('/establishments') });

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: UserCreate | UserUpdate }) =>
      id ? api.put<User>(`/users/${id}`, values) : api.post<User>('/users', values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
