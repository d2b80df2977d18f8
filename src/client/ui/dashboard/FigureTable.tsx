import { Table, type TableTdProps, type TableThProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { Panel } from './Panel';

/** One column of a dashboard table. */
export interface FigureColumn<T> {
  header: ReactNode;
  cell(row: T, index: number): ReactNode;
  /** Figures are right-aligned. */
  numeric?: boolean;
  /** A column hidden on phones (its value is then shown under the row's name). */
  wide?: boolean;
  th?: TableThProps;
  td?: TableTdProps;
}

/** The compact tables of the dashboards (rankings, searches, tables of a restaurant), built from their columns. */
export function FigureTable<T>({
  columns,
  rows,
  rowKey,
  minWidth,
}: {
  columns: FigureColumn<T>[];
  rows: T[];
  rowKey(row: T): Key;
  /** Scrolls sideways below this width instead of squeezing the columns. */
  minWidth?: number;
}) {
  const place = (c: FigureColumn<T>) => ({ ta: c.numeric ? ('right' as const) : undefined, visibleFrom: c.wide ? 'xs' : undefined });
  const table = (
    <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Table.Th key={i} {...place(c)} {...c.th}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((c, i) => (
              <Table.Td key={i} {...place(c)} {...c.td}>
                {c.cell(row, index)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}

/** What a dashboard panel lists: its words, its columns and how its rows are told apart. */
export interface FigureList<T> {
  title: string;
  description?: string;
  /** The sentence shown when the period has no rows. */
  empty: string;
  columns: FigureColumn<T>[];
  rowKey(row: T): Key;
  minWidth?: number;
}

/** A dashboard panel holding one table, or its `empty` sentence when the period has no rows. */
export function FigurePanel<T>({ title, description, empty, rows, ...table }: FigureList<T> & { rows: T[] }) {
  return (
    <Panel title={title} description={description} empty={rows.length === 0 ? empty : null}>
      <FigureTable rows={rows} {...table} />
    </Panel>
  );
}
