import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backupStatusSchema } from '../../../shared/backups';
import type { Establishment } from '../../../shared/establishments';
import { failedMailListSchema } from '../../../shared/mail';
import { seedResultSchema, type WineMenuSummary } from '../../../shared/wine-menus';
import { api } from '../../lib/api';
import { establishmentListQuery, menuListQuery } from '../../lib/shared-queries';

export type EstablishmentSummary = Establishment;
export type MenuSummary = WineMenuSummary;

export const useEstablishments = () => useQuery(establishmentListQuery());
export const useMenus = () => useQuery(menuListQuery());

export function useCreateSampleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/seed/pedra-da-ilha', undefined, seedResultSchema),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const useFailedMail = (enabled: boolean) =>
  useQuery({ queryKey: ['mail', 'failed'], queryFn: () => api.get('/mail/failed', failedMailListSchema), enabled });

export const useBackupStatus = (enabled: boolean) =>
  useQuery({ queryKey: ['backups', 'status'], queryFn: () => api.get('/backups/status', backupStatusSchema), enabled });
