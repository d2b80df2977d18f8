import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogWineSchema } from '../../shared/catalog';
import { api } from './api';
import { queryKeys } from './query-keys';

/** The first 20 catalogue wines whose name, producer or region contain the words typed (the forms' wine pickers). */
export const useCatalogWineSearch = (q: string) =>
  useQuery({
    queryKey: queryKeys.catalog.search(q),
    queryFn: async () => (await api.list(`/catalog/wines?limit=20&q=${encodeURIComponent(q)}`, catalogWineSchema.array())).items,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
