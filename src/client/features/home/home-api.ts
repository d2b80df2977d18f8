import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface EstablishmentSummary {
  id: string;
  name: string;
  description: string | null;
  sommelier: string | null;
  address: string | null;
  slug: string | null;
  logo: string | null;
  menu_count?: number;
}

export interface MenuSummary {
  id: string;
  name: string;
  slug: string | null;
  establishment_id: string;
  establishment_name: string;
  establishment_slug: string | null;
  wine_count: number;
}

export const useEstablishments = () =>
  useQuery({ queryKey: ['establishments'], queryFn: () => api.get<EstablishmentSummary[]>('/establishments') });
export const useMenus = () => useQuery({ queryKey: ['wine-menus'], queryFn: () => api.get<MenuSummary[]>('/wine-menus') });

export function useCreateSampleData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ establishment_id: string }>('/seed/pedra-da-ilha'),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
