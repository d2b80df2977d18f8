import { type QueryKey, type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';

type RecordOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn' | 'enabled' | 'retry'>;

/** One record read by id (`GET {path}/{id}`): nothing is asked before there is an id, and a missing one is not retried. */
export const useRecord = <S extends z.ZodType>(
  path: string,
  id: string | null | undefined,
  schema: S,
  keyOf: (id: string) => QueryKey,
  options: RecordOptions<z.output<S>> = {},
) =>
  useQuery({ queryKey: keyOf(id ?? ''), queryFn: () => api.get(`${path}/${id}`, schema), enabled: Boolean(id), retry: false, ...options });

/** Marks every query under these keys stale (the shown ones load again) without waiting for them. */
export function useInvalidate(...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}

/** A write that, once it succeeds, marks the queries under `invalidates` stale and waits until the shown ones reload. */
export function useWrite<V, T>(invalidates: QueryKey, mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }) });
}

/** Create (`POST {path}`) or, given an id, update (`PUT {path}/{id}`) one record. */
export const useSaveRecord = <V, T>(path: string, schema: z.ZodType<T>, invalidates: QueryKey) =>
  useWrite(invalidates, ({ id, values }: { id?: string; values: V }) =>
    id ? api.put(`${path}/${id}`, values, schema) : api.post(path, values, schema),
  );

/** `DELETE {path}/{id}`. */
export const useDeleteRecord = (path: string, invalidates: QueryKey) => useWrite(invalidates, (id: string) => api.delete(`${path}/${id}`));
