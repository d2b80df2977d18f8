import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type InvitationCreate, invitationSchema } from '../../../shared/invitations';
import { type UserCreate, type UserUpdate, userSchema } from '../../../shared/users';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { establishmentListQuery, supplierOptionsQuery } from '../../lib/shared-queries';

export const useUsers = () => useQuery({ queryKey: queryKeys.users.all, queryFn: () => api.get('/users', userSchema.array()) });

export interface EstablishmentOption {
  id: string;
  name: string;
}

export const useEstablishmentOptions = () => useQuery(establishmentListQuery());

export interface SupplierOption {
  id: string;
  name: string;
  company_name: string;
}

export const useSupplierOptions = () => useQuery(supplierOptionsQuery());

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: UserCreate | UserUpdate }) =>
      id ? api.put(`/users/${id}`, values, userSchema) : api.post('/users', values, userSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post(`/users/${id}/${active ? 'reactivate' : 'deactivate'}`, {}, userSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export const useInvitations = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.invitations.all, queryFn: () => api.get('/invitations', invitationSchema.array()), enabled });

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: InvitationCreate) => api.post('/invitations', values, invitationSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/invitations/${id}/resend`, {}, invitationSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/invitations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}
