import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoadError, PageLoader } from './PageStates';

interface Props<T> {
  /** The route's :id; none on a "new" route, where there is nothing to load. */
  id: string | undefined;
  query: UseQueryResult<T>;
  /** The page's header and the banner's headline when the record cannot be opened. */
  failure: { title: string; back: { to: string; label: string }; failTitle: string };
  /** The form, given the record to edit (null for a new one). */
  children(record: T | null): ReactNode;
}

/** The record behind a create-or-edit page: a spinner while it loads, the reason when it fails, then the form. */
export function FormRecordGate<T>({ id, query, failure, children }: Props<T>) {
  if (id && query.isPending) return <PageLoader />;
  if (id && query.isError) return <PageLoadError {...failure} error={query.error} />;
  return children(query.data ?? null);
}
