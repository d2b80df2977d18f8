import { CloseButton, Group, Paper, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Availability, WineFilter } from './wine-filter';

/** Search and availability filter of the menu editor; sticks under the header so it stays at hand on a phone. */
export function WineFilterBar({ value, onChange }: { value: WineFilter; onChange(next: WineFilter): void }) {
  return (
    <Paper
      withBorder
      shadow="xs"
      p="xs"
      radius="md"
      role="search"
      aria-label="Buscar vinhos da carta"
      style={{ position: 'sticky', top: 72, zIndex: 20 }}
    >
      <Group gap="xs" wrap="wrap">
        <TextInput
          aria-label="Buscar vinho"
          placeholder="Buscar por nome, produtor ou uva"
          leftSection={<IconSearch size={16} />}
          rightSection={value.q ? <CloseButton size="sm" aria-label="Limpar busca" onClick={() => onChange({ ...value, q: '' })} /> : null}
          value={value.q}
          onChange={(e) => onChange({ ...value, q: e.currentTarget.value })}
          style={{ flex: '1 1 220px', minWidth: 0 }}
          type="search"
        />
        <SegmentedControl
          aria-label="Disponibilidade"
          value={value.availability}
          onChange={(v) => onChange({ ...value, availability: v as Availability })}
          data={[
            { value: 'all', label: 'Todos' },
            { value: 'available', label: 'Disponíveis' },
            { value: 'unavailable', label: 'Indisponíveis' },
          ]}
          style={{ flex: '1 1 auto' }}
        />
      </Group>
    </Paper>
  );
}
