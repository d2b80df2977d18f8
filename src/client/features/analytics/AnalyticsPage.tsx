import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowDownRight, IconArrowUpRight, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AlertPriority,
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIODS,
  type AnalyticsDashboard,
  type AnalyticsPeriod,
  type SupplierSales,
} from '../../../shared/analytics';
import { formatBRL } from '../../../shared/money';
import { formatInteger, formatPercent, fullDay } from '../../lib/figures-format';
import { PageHeader } from '../../ui/PageHeader';
import { OrdersBarChart, RevenueTrendChart, TopSuppliersChart } from './AnalyticsCharts';
import { useAnalyticsDashboard } from './analytics-api';

const parseDays = (value: string | null): AnalyticsPeriod => ANALYTICS_PERIODS.find((p) => String(p) === value) ?? ANALYTICS_DEFAULT_DAYS;

/** /analytics — the marketplace dashboard (SPEC §2): revenue, orders, commissions and active suppliers. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const days = parseDays(params.get('days'));
  const dashboard = useAnalyticsDashboard(days);
  const setDays = (value: string) => setParams(value === String(ANALYTICS_DEFAULT_DAYS) ? {} : { days: value }, { replace: true });

  return (
    <>
      <PageHeader
        title="Indicadores"
        description={`Receita, pedidos e comissões dos últimos ${days} dias, comparados aos ${days} dias anteriores.`}
        actions={
          <>
            <SegmentedControl
              aria-label="Período"
              value={String(days)}
              onChange={setDays}
              data={ANALYTICS_PERIODS.map((p) => ({ value: String(p), label: `${p} dias` }))}
            />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => dashboard.refetch()}
              loading={dashboard.isFetching && !dashboard.isPending}
            >
              Atualizar
            </Button>
          </>
        }
      />
      {dashboard.isError ? (
        <Alert color="red" title={ANALYTICS_MESSAGES.loadErrorTitle} icon={<IconAlertTriangle />} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{ANALYTICS_MESSAGES.loadErrorText}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => dashboard.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
      ) : dashboard.isPending ? (
        <DashboardSkeleton />
      ) : (
        <DashboardBody data={dashboard.data} />
      )}
    </>
  );
}

/** The dashboard's outline while its figures load: the four cards and the charts keep their place. */
function DashboardSkeleton() {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" role="status">
        Carregando dados do dashboard...
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={300} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={300} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Percent change, one decimal, as the server computes it for the other cards; null without a base. */
const changeOf = (current: number, previous: number) => (previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10);

function DashboardBody({ data }: { data: AnalyticsDashboard }) {
  const { days } = data.period;
  // A supplier user's own view: its buyers and wines instead of the marketplace's suppliers (itself).
  const sales = data.supplier_sales;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        De {fullDay(data.period.start)} a {fullDay(data.period.end)} (horário de Brasília), comparado a{' '}
        {fullDay(data.period.previous_start)} a {fullDay(data.period.previous_end)}.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          label="Receita total"
          value={formatBRL(data.total_revenue)}
          change={data.changes.total_revenue}
          previous={formatBRL(data.previous.total_revenue)}
          days={days}
        />
        <StatCard
          label="Pedidos"
          value={formatInteger(data.total_orders)}
          change={data.changes.total_orders}
          previous={formatInteger(data.previous.total_orders)}
          days={days}
        />
        <StatCard
          label="Comissões"
          value={formatBRL(data.total_commissions)}
          change={data.changes.total_commissions}
          previous={formatBRL(data.previous.total_commissions)}
          days={days}
        />
        {sales ? (
          <StatCard
            label="Estabelecimentos compradores"
            value={formatInteger(sales.active_buyers)}
            change={changeOf(sales.active_buyers, sales.previous_active_buyers)}
            previous={formatInteger(sales.previous_active_buyers)}
            days={days}
          />
        ) : (
          <StatCard
            label="Fornecedores ativos"
            value={formatInteger(data.active_suppliers)}
            change={data.changes.active_suppliers}
            previous={formatInteger(data.previous.active_suppliers)}
            days={days}
          />
        )}
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RevenueTrendChart points={data.revenue_trend} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {sales ? <TopSuppliersChart suppliers={sales.top_buyers} of="buyers" /> : <TopSuppliersChart suppliers={data.top_suppliers} />}
        </Grid.Col>
        <Grid.Col span={12}>
          <OrdersBarChart points={data.orders_trend} />
        </Grid.Col>
        {sales ? (
          <>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SupplierRanking suppliers={sales.top_buyers} title="Ranking de compradores" column="Estabelecimento" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TopWines wines={sales.top_wines} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Alerts alerts={data.alerts} />
            </Grid.Col>
          </>
        ) : (
          <>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <SupplierRanking suppliers={data.top_suppliers} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Alerts alerts={data.alerts} />
            </Grid.Col>
          </>
        )}
      </Grid>
    </Stack>
  );
}

function StatCard({
  label,
  value,
  change,
  previous,
  days,
}: {
  label: string;
  value: string;
  change: number | null;
  previous: string;
  days: number;
}) {
  const colour = change === null || change === 0 ? 'gray' : change > 0 ? 'teal' : 'red';
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} data-testid="stat-value">
        {value}
      </Text>
      <Group gap={6} mt={4} wrap="nowrap">
        {change === null ? (
          <Text size="xs" c="dimmed">
            Sem base de comparação ({previous} nos {days} dias anteriores)
          </Text>
        ) : (
          <>
            <Badge
              style={{ flexShrink: 0 }}
              color={colour}
              variant="light"
              leftSection={change > 0 ? <IconArrowUpRight size={12} /> : change < 0 ? <IconArrowDownRight size={12} /> : null}
            >
              {formatPercent(change)}
            </Badge>
            <Text size="xs" c="dimmed">
              vs. {previous} nos {days} dias anteriores
            </Text>
          </>
        )}
      </Group>
    </Paper>
  );
}

function SupplierRanking({
  suppliers,
  title = 'Ranking de fornecedores',
  column = 'Fornecedor',
}: {
  suppliers: AnalyticsDashboard['top_suppliers'];
  title?: string;
  column?: string;
}) {
  return (
    <Panel title={title}>
      {suppliers.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma venda no período.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={260}>
          <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>#</Table.Th>
                <Table.Th>{column}</Table.Th>
                <Table.Th ta="right" visibleFrom="xs">
                  Pedidos
                </Table.Th>
                <Table.Th ta="right">Receita</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {suppliers.map((s, i) => (
                <Table.Tr key={s.name}>
                  <Table.Td fw={700}>{i + 1}º</Table.Td>
                  <Table.Td>
                    {s.name}
                    <Text size="xs" c="dimmed" hiddenFrom="xs">
                      {s.orders === 1 ? '1 pedido' : `${formatInteger(s.orders)} pedidos`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="xs">
                    {formatInteger(s.orders)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatBRL(s.revenue)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}

function TopWines({ wines }: { wines: SupplierSales['top_wines'] }) {
  return (
    <Panel title="Vinhos mais vendidos">
      {wines.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma venda no período.
        </Text>
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vinho</Table.Th>
              <Table.Th ta="right">Garrafas</Table.Th>
              <Table.Th ta="right">Receita</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {wines.map((w) => (
              <Table.Tr key={w.name}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{w.name}</Table.Td>
                <Table.Td ta="right">{formatInteger(w.quantity)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatBRL(w.revenue)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}

const PRIORITY: Record<AlertPriority, { colour: string; label: string }> = {
  high: { colour: 'red', label: 'Prioridade alta' },
  medium: { colour: 'yellow', label: 'Prioridade média' },
  low: { colour: 'blue', label: 'Informação' },
};

function Alerts({ alerts }: { alerts: AnalyticsDashboard['alerts'] }) {
  return (
    <Panel title="Alertas">
      {alerts.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhum alerta no período.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {alerts.map((a) => {
            const p = PRIORITY[a.priority] ?? PRIORITY.low;
            return (
              <li key={a.message}>
                <Alert
                  color={p.colour}
                  variant="light"
                  p="xs"
                  data-priority={a.priority}
                  icon={
                    <ThemeIcon color={p.colour} variant="transparent" size="sm">
                      {a.priority === 'low' ? <IconInfoCircle size={18} /> : <IconAlertTriangle size={18} />}
                    </ThemeIcon>
                  }
                >
                  <Text size="xs" fw={700} c="var(--alert-color)">
                    {p.label}
                  </Text>
                  <Text size="sm">{a.message}</Text>
                </Alert>
              </li>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" h="100%" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
