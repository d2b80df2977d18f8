import { Badge, Grid, Group, Loader, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatBRL } from '../../../shared/money';
import { countOf } from '../../../shared/plural';
import { CardTable } from '../../ui/CardTable';
import { ListSkeleton, LoadErrorAlert } from '../../ui/ListStates';
import { useFigures } from './cellar-api';

const PERIODS = [
  { value: '7', label: '7 dias' },
  { value: '30', label: '30 dias' },
  { value: '90', label: '90 dias' },
];

const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** "12 dias", "Sem vendas" (no pace, no cover figure). */
function cover(days: number | null): string {
  if (days === null) return 'Sem vendas';
  if (days < 1) return 'Menos de 1 dia';
  return countOf(Math.floor(days), 'dia', 'dias');
}

/** The period's figures: bottles sold per wine, days of cover at that pace, margin, and wines that have not moved. */
export function CellarFiguresPanel({ establishmentId }: { establishmentId: string }) {
  const [days, setDays] = useState('30');
  const figures = useFigures(establishmentId, Number(days));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Text component="span" id="figures-period" size="sm" fw={500}>
            Período
          </Text>
          <SegmentedControl aria-labelledby="figures-period" data={PERIODS} value={days} onChange={setDays} />
        </Group>
        {figures.isFetching && !figures.isPending && <Loader size="sm" aria-label="Atualizando" />}
      </Group>
      {figures.isError ? (
        <LoadErrorAlert title="Não foi possível calcular os indicadores" error={figures.error} />
      ) : figures.isPending ? (
        <ListSkeleton rows={5} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder shadow="xs" radius="md" component="section" aria-labelledby="figures-sold">
              <Title order={2} fz="lg" id="figures-sold" p="md" pb="xs">
                Giro por vinho
              </Title>
              {figures.data.wines.length === 0 ? (
                <Text c="dimmed" size="sm" px="md" pb="md">
                  Nenhuma venda no período.
                </Text>
              ) : (
                <CardTable label="Giro por vinho" verticalSpacing="xs" horizontalSpacing="md" minWidth={640}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Vinho</Table.Th>
                      <Table.Th ta="right">Vendidas</Table.Th>
                      <Table.Th ta="right">Cobertura</Table.Th>
                      <Table.Th ta="right">Preço na carta</Table.Th>
                      <Table.Th ta="right">Margem</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {figures.data.wines.map((w) => (
                      <Table.Tr key={w.cellar_item_id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {w.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {w.on_hand} em estoque
                          </Text>
                        </Table.Td>
                        <Table.Td data-label="Vendidas" ta="right">
                          {decimal.format(w.bottles_sold)}
                        </Table.Td>
                        <Table.Td data-label="Cobertura" ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {cover(w.days_of_cover)}
                        </Table.Td>
                        <Table.Td data-label="Preço na carta" ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {w.menu_price === null ? '—' : formatBRL(w.menu_price)}
                        </Table.Td>
                        <Table.Td data-label="Margem" ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {w.margin_percent === null ? '—' : `${decimal.format(w.margin_percent)}%`}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </CardTable>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder shadow="xs" radius="md" p="md" component="section" aria-labelledby="figures-idle">
              <Group gap="xs" mb="xs">
                <Title order={2} fz="lg" id="figures-idle">
                  Parados há 60 dias
                </Title>
                <Badge variant="light" color="gray" c="gray.8">
                  {figures.data.idle.length}
                </Badge>
              </Group>
              {figures.data.idle.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Todos os vinhos com garrafas tiveram movimento nos últimos 60 dias.
                </Text>
              ) : (
                <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {figures.data.idle.map((w) => (
                    <li key={w.cellar_item_id}>
                      <Text size="sm" fw={600}>
                        {w.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {countOf(w.on_hand, 'garrafa', 'garrafas')} · último movimento em {dateOnly.format(new Date(w.last_movement_at))}
                      </Text>
                    </li>
                  ))}
                </Stack>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
