import { LoadingOverlay, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { countOf } from '../../shared/plural';
import type { ListPage } from '../lib/use-page-list';
import { CardTable } from './CardTable';
import { ListPagination } from './ListPagination';
import { ListSkeleton, ListSummary } from './ListStates';
import { QueryView, type ShownQuery } from './QueryView';

/** 1 -> "1 vinho", 1234 -> "1.234 vinhos": a list's count above its rows. */
export const countLabel = countOf;

interface PagedListProps<T> {
  list: ShownQuery<ListPage<T>>;
  /** The headline of the red banner when the list could not be loaded. */
  errorTitle: string;
  skeletonRows: number;
  /** Shown instead of the rows when there are none (nothing yet, or nothing matching the filters). */
  empty: ReactNode;
  /** "24 produtos", before " · página 1 de 2". */
  summary(total: number): ReactNode;
  page: number;
  onPageChange(page: number): void;
  /** Another row of page buttons than the usual one. */
  pager?(page: number, pages: number): ReactNode;
  children(items: T[]): ReactNode;
}

/** A list screen's results: the error banner, the skeleton, the empty state, or the count, the rows and the pages. */
export function PagedList<T>({ list, errorTitle, skeletonRows, empty, summary, page, onPageChange, pager, children }: PagedListProps<T>) {
  return (
    <QueryView query={list} errorTitle={errorTitle} loading={<ListSkeleton rows={skeletonRows} />}>
      {({ items, total, pages }) => {
        if (items.length === 0) return empty;
        const shown = Math.min(page, pages);
        return (
          <>
            <ListSummary page={shown} pages={pages}>
              {summary(total)}
            </ListSummary>
            {children(items)}
            {pager ? pager(shown, pages) : <ListPagination page={shown} pages={pages} onChange={onPageChange} />}
          </>
        );
      }}
    </QueryView>
  );
}

/** A list's table in its box, greyed while another page or filter loads over the rows still shown. */
export function PagedCardTable({
  label,
  minWidth,
  reloading,
  children,
}: {
  label: string;
  minWidth: number;
  reloading: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="xs" pos="relative">
      <LoadingOverlay visible={reloading} overlayProps={{ blur: 1 }} />
      <CardTable label={label} verticalSpacing="sm" horizontalSpacing="md" highlightOnHover minWidth={minWidth}>
        {children}
      </CardTable>
    </Paper>
  );
}

/** A list drawn twice: as a table from 768 px up, as a stack of cards on phones. */
export function TableOrCards({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <Paper withBorder shadow="xs" visibleFrom="sm" style={{ overflowX: 'auto' }}>
        {table}
      </Paper>
      <Stack hiddenFrom="sm" gap="sm">
        {cards}
      </Stack>
    </>
  );
}
