import { Button, Grid, type GridColProps, Group, Loader, Paper, Select, type SelectProps } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';

/** The box of a list's filters, a search landmark named by `label`; with `onSubmit` it is a form (Enter applies). */
export function FilterBar({ label, onSubmit, children }: { label: string; onSubmit?(e: FormEvent): void; children: ReactNode }) {
  const form = onSubmit ? { component: 'form' as const, onSubmit } : {};
  return (
    <Paper withBorder shadow="xs" p="md" mb="md" role="search" aria-label={label} {...form}>
      <Grid gap="sm" align="flex-end">
        {children}
      </Grid>
    </Paper>
  );
}

type FilterSelectProps = Omit<SelectProps, 'value' | 'onChange'> & {
  span: GridColProps['span'];
  value: string;
  onChange(value: string): void;
};

/** A select of a filter bar, in its column: "Todos" while nothing is chosen, emptied with its ×; '' stands for nothing. */
export function FilterSelect({ span, value, onChange, ...select }: FilterSelectProps) {
  return (
    <Grid.Col span={span}>
      <Select placeholder="Todos" clearable value={value || null} onChange={(v) => onChange(v ?? '')} {...select} />
    </Grid.Col>
  );
}

export function ClearFiltersButton({ onClick, disabled }: { onClick(): void; disabled?: boolean }) {
  return (
    <Button variant="default" onClick={onClick} leftSection={<IconX size={16} />} disabled={disabled}>
      Limpar filtros
    </Button>
  );
}

/** The right end of a filter bar: a spinner while the list reloads, the screen's own buttons, then "Limpar filtros". */
export function FilterActions({
  searching,
  canClear,
  onClear,
  children,
}: {
  searching: boolean;
  canClear: boolean;
  onClear(): void;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {searching && <Loader size="sm" aria-label="Buscando" />}
      {children}
      <ClearFiltersButton onClick={onClear} disabled={!canClear} />
    </Group>
  );
}
