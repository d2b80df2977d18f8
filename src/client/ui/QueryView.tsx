import type { ReactNode } from 'react';
import { LoadErrorAlert } from './ListStates';

/** What a screen shows of a query. */
export interface ShownQuery<T> {
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/** A query's three faces: the red banner when it failed, `loading` until its data comes, then the data as `children` draw it. */
export function QueryView<T>({
  query,
  errorTitle,
  loading,
  children,
}: {
  query: ShownQuery<T>;
  errorTitle: string;
  loading: ReactNode;
  children(data: T): ReactNode;
}) {
  if (query.isError) return <LoadErrorAlert title={errorTitle} error={query.error} />;
  if (query.data === undefined) return loading;
  return children(query.data);
}
