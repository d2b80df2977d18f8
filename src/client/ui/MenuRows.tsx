import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { countOf } from '../../shared/plural';
import { MenuLinkButtons } from './MenuLinkButtons';

interface MenuRow {
  id: string;
  name: string;
  slug: string | null;
  description?: string | null;
  establishment_name: string;
  establishment_slug: string | null;
  wine_count: number;
}

interface Props<T extends MenuRow> {
  menus: T[];
  /** Under the name, after the wine count: the establishment (lists of every menu) or the description (one establishment's menus). */
  subtitle(menu: T): string | null | undefined;
  canEdit?: boolean;
  /** More actions after Editar, QR code and Visualizar. */
  extraActions?(menu: T): ReactNode;
}

/** Menus as rows that wrap into cards on a phone: the actions never leave the screen. */
export function MenuRows<T extends MenuRow>({ menus, subtitle, canEdit = true, extraActions }: Props<T>) {
  return (
    <Stack component="ul" gap="xs" aria-label="Cartas" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {menus.map((m) => (
        <Paper component="li" key={m.id} withBorder shadow="xs" p="md" radius="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div style={{ flex: '1 1 220px', minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.name}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {[countOf(m.wine_count, 'vinho', 'vinhos'), subtitle(m)].filter(Boolean).join(' · ')}
              </Text>
            </div>
            <Group gap="xs" wrap="wrap">
              <MenuLinkButtons menu={m} canEdit={canEdit} />
              {extraActions?.(m)}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
