import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';

/** One page of a list, whichever way the API carries its total (docs/decisions/0074). */
export interface ListPage<T> {
  items: T[];
  /** Rows that match (a lower bound where the API caps its count). */
  total: number;
  /** Pages at the page size asked for; at least 1. */
  pages: number;
}

/**
 * A list answered as a plain array with the count in `X-Total-Count` (catalogue, suppliers, orders). Without the
 * header the rows shown are all there is.
 */
export async function listFromHeader<S extends z.ZodType>(path: string, itemSchema: S, pageSize: number): Promise<ListPage<z.output<S>>> {
  const { items, total } = await api.list(path, itemSchema.array());
  const count = total ?? items.length;
  return { items, total: count, pages: Math.max(1, Math.ceil(count / pageSize)) };
}

/** A list answered as an object holding the rows, `total` and `total_pages` (products, imports: SPEC fixes them). */
export async function listFromBody<S extends z.ZodType<{ total: number; total_pages: number }>, T>(
  path: string,
  schema: S,
  items: (body: z.output<S>) => T[],
): Promise<ListPage<T>> {
  const body = await api.get(path, schema);
  return { items: items(body), total: body.total, pages: Math.max(1, body.total_pages) };
}

type Options<T> = Omit<UseQueryOptions<ListPage<T>, Error, ListPage<T>, QueryKey>, 'queryKey' | 'queryFn' | 'placeholderData'>;

/** Every list screen's query: one page of rows and its total, the previous page kept on screen while the next loads. */
export function usePageList<T>(queryKey: QueryKey, fetchPage: () => Promise<ListPage<T>>, options: Options<T> = {}) {
  return useQuery({ queryKey, queryFn: fetchPage, placeholderData: keepPreviousData, ...options });
}
