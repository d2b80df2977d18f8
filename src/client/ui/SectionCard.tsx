import { Paper, Stack, Title, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a detail or dashboard screen, a section named by its title; its children stacked `gap` apart. */
export function SectionCard({
  title,
  gap,
  titleProps,
  children,
}: {
  title: string;
  gap: number;
  titleProps?: TitleProps;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm" {...titleProps}>
        {title}
      </Title>
      <Stack gap={gap}>{children}</Stack>
    </Paper>
  );
}
