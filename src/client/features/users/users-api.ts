import { useQuery } from '@tanstack/react-query';
import { type InvitationCreate, invitationSchema } from '../../../shared/invitations';
import { type User, type UserCreate, type UserUpdate, userSchema } from '../../../shared/users';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useDeleteRecord, useSaveRecord, useWrite } from '../../lib/record-hooks';
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

export const useSaveUser = () => useSaveRecord<UserCreate | UserUpdate, User>('/users', userSchema, queryKeys.users.all);

export const useDeleteUser = () => useDeleteRecord('/users', queryKeys.users.all);

export const useSetUserActive = () =>
  useWrite(queryKeys.users.all, ({ id, active }: { id: string; active: boolean }) =>
    api.post(`/users/${id}/${active ? 'reactivate' : 'deactivate'}`, {}, userSchema),
  );

export const useInvitations = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.invitations.all, queryFn: () => api.get('/invitations', invitationSchema.array()), enabled });

export const useCreateInvitation = () =>
  useWrite(queryKeys.invitations.all, (values: InvitationCreate) => api.post('/invitations', values, invitationSchema));

export const useResendInvitation = () =>
  useWrite(queryKeys.invitations.all, (id: string) => api.post(`/invitations/${id}/resend`, {}, invitationSchema));

export const useDeleteInvitation = () => useDeleteRecord('/invitations', queryKeys.invitations.all);
