import { Group, Text } from '@mantine/core';

export function BrandMark({ size = 32, light = false }: { size?: number; light?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <img src="/favicon.svg" width={size} height={size} alt="" />
      <Text fw={700} fz={size * 0.62} ff="Georgia, serif" c={light ? 'white' : 'vinho.9'} style={{ letterSpacing: '0.02em' }}>
        Adega
      </Text>
    </Group>
  );
}
