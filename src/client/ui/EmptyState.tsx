import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack align="center" gap="sm">
        {icon && (
          <ThemeIcon variant="light" size={48} radius="xl">
            {icon}
          </ThemeIcon>
        )}
        <Text fw={600}>{title}</Text>
        {children && (
          <Text c="dimmed" size="sm" maw={480}>
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}

/** A filtered list with no rows: says so and offers to clear the filters. */
export function NoMatchesState({ title, onClear, children }: { title: string; onClear(): void; children: ReactNode }) {
  return (
    <EmptyState
      icon={<IconSearch size={26} />}
      title={title}
      action={
        <Button variant="default" onClick={onClear}>
          Limpar filtros
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
