import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useSettledFilter } from '../../lib/use-settled-filter';
import { useUrlParams } from '../../lib/use-url-params';
import type { Filters } from './crm-api';

export interface FilterSelect {
  key: string;
  label: string;
  data: { value: string; label: string }[];
}

/** The screen's filters live in the address (a reload or a shared link keeps them); the search box settles first. */
export function useUrlFilters(keys: readonly string[]) {
  const { params, update, replaceAll } = useUrlParams();
  const filters: Filters = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? '']));
  const set = (key: string, value: string) =>
    update((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
    });
  const clear = () => replaceAll(new URLSearchParams());
  return { filters, set, clear };
}

export function CrmFilters({
  selects,
  filters,
  set,
  clear,
  searchLabel,
}: {
  selects: FilterSelect[];
  filters: Filters;
  set(key: string, value: string): void;
  clear(): void;
  searchLabel: string;
}) {
  const [text, setText] = useSettledFilter(
    filters.search ?? '',
    (value) => set('search', value.trim()),
    (value) => value.trim(),
  );
  const active = Object.values(filters).some(Boolean);
  return (
    <Paper withBorder p="sm" mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder={searchLabel}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        {selects.map((s) => (
          <Select
            key={s.key}
            label={s.label}
            placeholder="Todos"
            data={s.data}
            value={filters[s.key] || null}
            onChange={(v) => set(s.key, v ?? '')}
            clearable
            searchable
            style={{ flex: '1 1 160px' }}
          />
        ))}
        {active && (
          <Button
            variant="subtle"
            leftSection={<IconX size={16} />}
            onClick={() => {
              setText('');
              clear();
            }}
          >
            Limpar filtros
          </Button>
        )}
      </Group>
    </Paper>
  );
}
