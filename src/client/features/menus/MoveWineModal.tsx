import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { MenuWine } from '../../../shared/wine-menus';

interface Props {
  /** The wine being moved and its category's wines in menu order; null: closed. */
  moving: { wine: MenuWine; category: string; wines: MenuWine[] } | null;
  onClose(): void;
  onMove(wine: MenuWine, toIndex: number): void;
}

/** "Mover para…": a position picker for a thumb (a native select opens the phone's own wheel). */
export function MoveWineModal({ moving, onClose, onMove }: Props) {
  const from = moving ? moving.wines.findIndex((w) => w.id === moving.wine.id) : -1;
  const [position, setPosition] = useState(String(from + 1));
  useEffect(() => setPosition(String(from + 1)), [from]);
  const total = moving?.wines.length ?? 0;

  const options = (moving?.wines ?? []).map((w, i) => ({
    value: String(i + 1),
    label: i === from ? `${i + 1}ª — posição atual` : `${i + 1}ª — no lugar de ${w.name}`,
  }));

  return (
    <Modal opened={moving !== null} onClose={onClose} title={moving ? `Mover ${moving.wine.name}` : ''} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (moving) onMove(moving.wine, Number(position) - 1);
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Posição em {moving?.category}: hoje a {from + 1}ª de {total}.
          </Text>
          <NativeSelect label="Nova posição" data={options} value={position} onChange={(e) => setPosition(e.currentTarget.value)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={Number(position) - 1 === from}>
              Mover
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
