import type { ReactNode } from 'react';
import { PageLoadError, PageLoader } from './PageStates';
import type { ShownQuery } from './QueryView';

interface RecordPageProps<T> {
  query: ShownQuery<T>;
  /** The header shown when the record cannot be opened (so the way back stays), and the banner's headline. */
  failure: { title: string; back: { to: string; label: string }; failTitle: string };
  /** What stands in while the record loads; a spinner by default. */
  loader?: ReactNode;
  children(record: T): ReactNode;
}

/** A page about one record (an order, a menu): a spinner while it loads, its header and why when it cannot be opened. */
export function RecordPage<T>({ query, failure, loader = <PageLoader />, children }: RecordPageProps<T>) {
  if (query.isError) return <PageLoadError {...failure} error={query.error} />;
  if (query.data === undefined) return loader;
  return children(query.data);
}
