import { Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCategory, IconCircleCheck, IconPackage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ProductStats } from '../../../shared/products';

const CARDS: { key: keyof ProductStats; label: string; icon: ReactNode; color: string }[] = [
  { key: 'total_products', label: 'Total de produtos', icon: <IconPackage size={20} />, color: 'vinho' },
  { key: 'active_products', label: 'Produtos ativos', icon: <IconCircleCheck size={20} />, color: 'green' },
  { key: 'total_categories', label: 'Categorias', icon: <IconCategory size={20} />, color: 'blue' },
  { key: 'low_stock_products', label: 'Estoque baixo', icon: <IconAlertTriangle size={20} />, color: 'red' },
];

export function ProductStatsCards({ stats, loading }: { stats: ProductStats | undefined; loading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} mb="md">
      {CARDS.map((card) => (
        <Paper key={card.key} withBorder shadow="xs" p="md" radius="md" role="group" aria-label={card.label}>
          <ThemeIcon variant="light" color={card.color} size={36} radius="md" mb={8} aria-hidden>
            {card.icon}
          </ThemeIcon>
          {loading ? (
            <Skeleton h={28} w={60} />
          ) : (
            <Text fz={26} fw={700} lh={1.1}>
              {stats ? stats[card.key].toLocaleString('pt-BR') : '—'}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
