import { Table, type TableTrProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';

/** Rows with an `id` are keyed by it unless `rowKey` says otherwise; other rows must say how. */
type RowKeyProp<T> = { rowKey?(row: T): Key } & (T extends { id: Key } ? unknown : { rowKey(row: T): Key });

/** A table's header row and one body row per item, inside a CardTable or any Mantine table. */
export function TableRows<T>({
  head,
  rows,
  rowKey = (row) => (row as { id: Key }).id,
  rowProps,
  children,
}: {
  /** The header cells. */
  head: ReactNode;
  rows: T[];
  /** Props of a row's <tr> (a highlight, data attributes). */
  rowProps?(row: T): TableTrProps & { [data: `data-${string}`]: unknown };
  /** One row's cells. */
  children(row: T): ReactNode;
} & RowKeyProp<T>) {
  return (
    <>
      <Table.Thead>
        <Table.Tr>{head}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
            {children(row)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}
