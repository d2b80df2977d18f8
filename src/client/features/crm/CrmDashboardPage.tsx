import { Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { defaultDashboardRange } from '../../../shared/crm';
import { formatBRL } from '../../../shared/money';
import { CardTable } from '../../ui/CardTable';
import { PageHeader } from '../../ui/PageHeader';
import { SectionCard } from '../../ui/SectionCard';
import { LeadsBySourceChart, OpportunitiesByStageChart } from './CrmCharts';
import { useCrmDashboard } from './crm-api';
import { CrmTabs, ErrorBanner, withPrefix } from './crm-ui';

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A group of the dashboard's figures: a smaller heading in the brand's colour, the figures close together. */
const FIGURE_GROUP = { gap: 4, titleProps: { mb: 'xs', c: 'vinho.8' } };

/** /crm — the CRM dashboard: date range, four card groups, two charts and the Top Performers table. */
export function CrmDashboardPage() {
  const [range, setRange] = useState(defaultDashboardRange);
  const dashboard = useCrmDashboard(range);
  const d = dashboard.data;
  const setDate = (key: 'start_date' | 'end_date') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    if (value) setRange((r) => ({ ...r, [key]: value }));
  };
  return (
    <>
      <PageHeader title="CRM" description="Leads, oportunidades e atividades da equipe comercial no período." />
      <CrmTabs />
      <Paper withBorder p="sm" mb="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput type="date" label="Data inicial" value={range.start_date} onChange={setDate('start_date')} max={range.end_date} />
          <TextInput type="date" label="Data final" value={range.end_date} onChange={setDate('end_date')} min={range.start_date} />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => dashboard.refetch()}
            loading={dashboard.isFetching}
          >
            Atualizar
          </Button>
        </Group>
      </Paper>
      {dashboard.isError && <ErrorBanner message={withPrefix('Erro ao carregar dados do dashboard: ', dashboard.error)} />}
      {!d ? (
        !dashboard.isError && <Skeleton h={320} radius="md" />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <SectionCard title="Leads" {...FIGURE_GROUP}>
              <Figure label="Total" value={d.leads_metrics.total} />
              <Figure label="Novos" value={d.leads_metrics.new} />
              <Figure label="Qualificados" value={d.leads_metrics.qualified} />
              <Figure label="Convertidos" value={d.leads_metrics.converted} />
              <Figure label="Taxa de conversão" value={`${percent.format(d.leads_metrics.conversion_rate)}%`} />
            </SectionCard>
            <SectionCard title="Oportunidades" {...FIGURE_GROUP}>
              <Figure label="Total" value={d.opportunities_metrics.total} />
              <Figure label="Ativas" value={d.opportunities_metrics.active} />
              <Figure label="Ganhas" value={d.opportunities_metrics.won} />
              <Figure label="Perdidas" value={d.opportunities_metrics.lost} />
            </SectionCard>
            <SectionCard title="Financeiro" {...FIGURE_GROUP}>
              <Figure label="Valor em pipeline" value={formatBRL(d.opportunities_metrics.pipeline_value)} />
              <Figure label="Valor ganho" value={formatBRL(d.opportunities_metrics.won_value)} />
            </SectionCard>
            <SectionCard title="Atividades" {...FIGURE_GROUP}>
              <Figure label="Total" value={d.activities_metrics.total} />
              <Figure label="Concluídas" value={d.activities_metrics.completed} />
              <Figure label="Pendentes" value={d.activities_metrics.pending} />
              <Figure label="Atrasadas" value={d.activities_metrics.overdue} alert={d.activities_metrics.overdue > 0} />
            </SectionCard>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartCard title="Leads por origem" empty={d.leads_by_source.length === 0}>
              <LeadsBySourceChart data={d.leads_by_source} />
            </ChartCard>
            <ChartCard title="Oportunidades por etapa" empty={d.opportunities_by_stage.every((s) => s.count === 0)}>
              <OpportunitiesByStageChart data={d.opportunities_by_stage} />
            </ChartCard>
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="lg" mb="sm">
              Top Performers
            </Title>
            {d.top_performers.length === 0 ? (
              <Text c="dimmed" size="sm">
                Nenhum dado disponível
              </Text>
            ) : (
              <CardTable label="Top Performers" minWidth={560} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Usuário</Table.Th>
                    <Table.Th ta="right">Leads</Table.Th>
                    <Table.Th ta="right">Oportunidades</Table.Th>
                    <Table.Th ta="right">Atividades</Table.Th>
                    <Table.Th ta="right">Valor ganho</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.top_performers.map((p) => (
                    <Table.Tr key={p.user_name}>
                      <Table.Td>{p.user_name}</Table.Td>
                      <Table.Td data-label="Leads" ta="right">
                        {p.leads_count}
                      </Table.Td>
                      <Table.Td data-label="Oportunidades" ta="right">
                        {p.opportunities_count}
                      </Table.Td>
                      <Table.Td data-label="Atividades" ta="right">
                        {p.activities_count}
                      </Table.Td>
                      <Table.Td data-label="Valor ganho" ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatBRL(p.won_value)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </CardTable>
            )}
          </Paper>
        </Stack>
      )}
    </>
  );
}

function Figure({ label, value, alert }: { label: string; value: ReactNode; alert?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dark.4">
        {label}
      </Text>
      <Text fw={700} c={alert ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          Nenhum dado disponível
        </Text>
      ) : (
        <Box h={280}>{children}</Box>
      )}
    </Paper>
  );
}
