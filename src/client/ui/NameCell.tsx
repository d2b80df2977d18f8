import { Table, type TableTdProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table row's first cell: the record's name in bold, and below it in grey what tells it apart. */
export function NameCell({ name, detail, ...td }: TableTdProps & { name: ReactNode; detail: ReactNode }) {
  return (
    <Table.Td {...td}>
      <Text fw={600} size="sm">
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Table.Td>
  );
}
