import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list of cards without bullets, named for screen readers (users, invitations, sign-ups). */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

/** One card of a CardList: what it is about on the left (wrapping long words), `aside` (a badge, buttons) on the right. */
export function CardListItem({ aside, flat = false, children }: { aside: ReactNode; flat?: boolean; children: ReactNode }) {
  return (
    <Paper component="li" withBorder shadow={flat ? undefined : 'xs'} p="md" radius="md">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <div style={{ minWidth: 0 }}>{children}</div>
        {aside}
      </Group>
    </Paper>
  );
}

/** Grey cards where a CardList's items will appear. */
export function CardListSkeleton({ height }: { height: number }) {
  return (
    <Stack gap="xs">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={height} radius="md" />
      ))}
    </Stack>
  );
}
