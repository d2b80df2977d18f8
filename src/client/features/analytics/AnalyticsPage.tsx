import { Alert, Button, Grid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { type AlertPriority, ANALYTICS_MESSAGES, type AnalyticsDashboard, type SupplierSales } from '../../../shared/analytics';
import { formatBRL } from '../../../shared/money';
import { formatInteger, fullDay } from '../../lib/figures-format';
import { DashboardLoadError, DashboardSkeleton, StatGrid } from '../../ui/dashboard/DashboardStates';
import { type FigureColumn, FigurePanel } from '../../ui/dashboard/FigureTable';
import { Panel } from '../../ui/dashboard/Panel';
import { PeriodControl, parsePeriod } from '../../ui/dashboard/PeriodControl';
import { PeriodChange, StatCard } from '../../ui/dashboard/StatCard';
import { PageHeader } from '../../ui/PageHeader';
import { OrdersBarChart, RevenueTrendChart, TopSuppliersChart } from './AnalyticsCharts';
import { useAnalyticsDashboard } from './analytics-api';

/** /analytics — the marketplace dashboard (SPEC §2): revenue, orders, commissions and active suppliers. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const days = parsePeriod(params.get('days'));
  const dashboard = useAnalyticsDashboard(days);
  const setDays = (value: string | null) => setParams(value === null ? {} : { days: value }, { replace: true });

  return (
    <>
      <PageHeader
        title="Indicadores"
        description={`Receita, pedidos e comissões dos últimos ${days} dias, comparados aos ${days} dias anteriores.`}
        actions={
          <>
            <PeriodControl days={days} onChange={setDays} />
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
        <DashboardLoadError
          title={ANALYTICS_MESSAGES.loadErrorTitle}
          text={ANALYTICS_MESSAGES.loadErrorText}
          onRetry={() => dashboard.refetch()}
        />
      ) : dashboard.isPending ? (
        <AnalyticsSkeleton />
      ) : (
        <DashboardBody data={dashboard.data} />
      )}
    </>
  );
}

/** The dashboard's outline while its figures load: the four cards and the charts keep their place. */
function AnalyticsSkeleton() {
  return (
    <DashboardSkeleton status="Carregando dados do dashboard...">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={300} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={300} radius="md" />
        </Grid.Col>
      </Grid>
    </DashboardSkeleton>
  );
}

/** Percent change, one decimal, as the server computes it for the other cards; null without a base. */
const changeOf = (current: number, previous: number) => (previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10);

interface Figure {
  label: string;
  current: number;
  previous: number;
  change: number | null;
  format(value: number): string;
}

/** The four cards: revenue, orders, commissions, then active suppliers (or, for a supplier, its buyers). */
function figuresOf(data: AnalyticsDashboard): Figure[] {
  const figure = (label: string, key: keyof AnalyticsDashboard['changes'], format: Figure['format']): Figure => ({
    label,
    current: data[key],
    previous: data.previous[key],
    change: data.changes[key],
    format,
  });
  const sales = data.supplier_sales;
  return [
    figure('Receita total', 'total_revenue', formatBRL),
    figure('Pedidos', 'total_orders', formatInteger),
    figure('Comissões', 'total_commissions', formatBRL),
    sales
      ? {
          label: 'Estabelecimentos compradores',
          current: sales.active_buyers,
          previous: sales.previous_active_buyers,
          change: changeOf(sales.active_buyers, sales.previous_active_buyers),
          format: formatInteger,
        }
      : figure('Fornecedores ativos', 'active_suppliers', formatInteger),
  ];
}

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
      <StatGrid>
        {figuresOf(data).map((f) => (
          <StatCard key={f.label} label={f.label} value={f.format(f.current)}>
            <PeriodChange change={f.change} previous={f.format(f.previous)} days={days} />
          </StatCard>
        ))}
      </StatGrid>
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

type Ranked = AnalyticsDashboard['top_suppliers'][number];

const NO_SALES = 'Nenhuma venda no período.';
const ordersText = (orders: number) => (orders === 1 ? '1 pedido' : `${formatInteger(orders)} pedidos`);
const revenueColumn = <T extends { revenue: number }>(): FigureColumn<T> => ({
  header: 'Receita',
  numeric: true,
  td: { style: { whiteSpace: 'nowrap' } },
  cell: (row) => formatBRL(row.revenue),
});

function SupplierRanking({
  suppliers,
  title = 'Ranking de fornecedores',
  column = 'Fornecedor',
}: {
  suppliers: Ranked[];
  title?: string;
  column?: string;
}) {
  const columns: FigureColumn<Ranked>[] = [
    { header: '#', th: { w: 36 }, td: { fw: 700 }, cell: (_, i) => `${i + 1}º` },
    {
      header: column,
      cell: (s) => (
        <>
          {s.name}
          <Text size="xs" c="dimmed" hiddenFrom="xs">
            {ordersText(s.orders)}
          </Text>
        </>
      ),
    },
    { header: 'Pedidos', numeric: true, wide: true, cell: (s) => formatInteger(s.orders) },
    revenueColumn(),
  ];
  return <FigurePanel title={title} empty={NO_SALES} columns={columns} rows={suppliers} rowKey={(s) => s.name} minWidth={260} />;
}

function TopWines({ wines }: { wines: SupplierSales['top_wines'] }) {
  const columns: FigureColumn<SupplierSales['top_wines'][number]>[] = [
    { header: 'Vinho', td: { style: { overflowWrap: 'anywhere' } }, cell: (w) => w.name },
    { header: 'Garrafas', numeric: true, cell: (w) => formatInteger(w.quantity) },
    revenueColumn(),
  ];
  return <FigurePanel title="Vinhos mais vendidos" empty={NO_SALES} columns={columns} rows={wines} rowKey={(w) => w.name} />;
}

const PRIORITY: Record<AlertPriority, { colour: string; label: string }> = {
  high: { colour: 'red', label: 'Prioridade alta' },
  medium: { colour: 'yellow', label: 'Prioridade média' },
  low: { colour: 'blue', label: 'Informação' },
};

function Alerts({ alerts }: { alerts: AnalyticsDashboard['alerts'] }) {
  return (
    <Panel title="Alertas" empty={alerts.length === 0 ? 'Nenhum alerta no período.' : null}>
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
    </Panel>
  );
}
