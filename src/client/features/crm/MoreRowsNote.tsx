import { Text } from '@mantine/core';

/** Lists are bounded: when more rows match, say so and ask for a narrower search. */
export function MoreRowsNote({ shown, hasMore }: { shown: number; hasMore: boolean }) {
  if (!hasMore) return null;
  return (
    <Text size="sm" c="dimmed" mt="sm">
      Mostrando os {shown} mais recentes. Use os filtros ou a busca para encontrar os demais.
    </Text>
  );
}
