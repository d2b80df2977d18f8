import { Box, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled box of a dashboard, named by its title for screen readers. With `empty` (the sentence shown when the
 * period has nothing to list) the sentence stands in for the content.
 */
export function Panel({
  title,
  description,
  empty,
  order = 2,
  children,
}: {
  title: string;
  description?: string;
  empty?: string | null;
  /** Its heading's level: 3 for a panel inside another one. */
  order?: 2 | 3;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" h="100%" component="section" aria-label={title}>
      <Title order={order} fz={order === 2 ? 'lg' : 'md'}>
        {title}
      </Title>
      {description ? (
        <Text size="xs" c="dimmed" mt={2}>
          {description}
        </Text>
      ) : null}
      <Box mt="sm">
        {empty ? (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Box>
    </Paper>
  );
}
