import { Table, type TableTrProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';

/** A table's header row and one body row per item, inside a CardTable or any Mantine table. */
export function TableRows<T>({
  head,
  rows,
  rowKey,
  rowProps,
  children,
}: {
  /** The header cells. */
  head: ReactNode;
  rows: T[];
  rowKey(row: T): Key;
  /** Props of a row's <tr> (a highlight, data attributes). */
  rowProps?(row: T): TableTrProps & { [data: `data-${string}`]: unknown };
  /** One row's cells. */
  children(row: T): ReactNode;
}) {
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
