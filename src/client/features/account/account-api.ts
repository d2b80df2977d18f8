import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AccountUpdate, accountSchema } from '../../../shared/account';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const useAccount = () => useQuery({ queryKey: queryKeys.account, queryFn: () => api.get('/account', accountSchema) });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AccountUpdate) => api.patch('/account', values, accountSchema),
    onSuccess: (account) => queryClient.setQueryData(queryKeys.account, account),
  });
}
