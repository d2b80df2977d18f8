import { Button, Grid, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartDots3, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DEAD_STOCK_DAYS,
  type DeadStock,
  type EngineeringReport,
  type EngineeringWine,
  engineeringQuerySchema,
  MISSING_LABELS,
} from '../../../shared/menu-engineering';
import { formatBRL } from '../../../shared/money';
import { addDays, calendarDay, formatDate } from '../../../shared/time';
import type { WineMenuSummary } from '../../../shared/wine-menus';
import { errorMessage } from '../../lib/api';
import { menuListQuery } from '../../lib/shared-queries';
import { useCan } from '../../lib/use-can';
import { useUrlParams } from '../../lib/use-url-params';
import { DashboardLoadError, DashboardSkeleton, StatGrid } from '../../ui/dashboard/DashboardStates';
import { type FigureList, FigurePanel } from '../../ui/dashboard/FigureTable';
import { CUSTOM_PERIOD, PeriodControl, parsePeriod } from '../../ui/dashboard/PeriodControl';
import { StatCard } from '../../ui/dashboard/StatCard';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/ListStates';
import { notifyError } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageStates';
import { downloadEngineeringXlsx, type EngineeringPeriodQuery, useEngineeringReport } from './engineering-api';
import { FiguresTable } from './FiguresTable';
import { formatInteger, fullDay, money, percent, plural } from './format';
import { PriceSuggestions } from './PriceSuggestions';
import { QuadrantMatrix } from './QuadrantMatrix';

/** The period the address asks for: 7, 30 (the default) or 90 days, or two dates; null while the dates are not valid. */
function usePeriod() {
  const { params, update } = useUrlParams();
  const custom = params.get('dias') === CUSTOM_PERIOD;
  const days = parsePeriod(params.get('dias'));
  const from = params.get('de') ?? '';
  const to = params.get('ate') ?? '';
  const checked = custom ? engineeringQuerySchema.safeParse({ from, to }) : null;
  const error = checked && !checked.success ? (checked.error.issues[0]?.message ?? null) : null;
  const query: EngineeringPeriodQuery | null = !custom ? { days } : checked?.success ? { from, to } : null;
  const choose = (value: string | null) =>
    update((next) => {
      if (value === CUSTOM_PERIOD) {
        // The dates start as the period shown so far, to be changed.
        const today = calendarDay();
        next.set('de', next.get('de') ?? addDays(today, -(days - 1)));
        next.set('ate', next.get('ate') ?? today);
      } else {
        next.delete('de');
        next.delete('ate');
      }
      if (value === null) next.delete('dias');
      else next.set('dias', value);
    });
  const setDate = (name: 'de' | 'ate', value: string) => update((next) => next.set(name, value));
  return { custom, days, from, to, error, query, choose, setDate };
}

/** /engenharia — what each wine of a menu earns over a period, its place on the matrix, and prices for a target margin. */
export function MenuEngineeringPage() {
  const { params, update } = useUrlParams();
  const menus = useQuery(menuListQuery());
  const list = menus.data ?? [];
  const menu = list.find((m) => m.id === params.get('carta')) ?? list[0] ?? null;
  const period = usePeriod();
  const report = useEngineeringReport(menu?.id ?? null, period.query);
  const canUpdate = useCan('menus', 'update');
  const [exporting, setExporting] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  const exportXlsx = async () => {
    if (!menu || !period.query || !report.data) return;
    setExporting(true);
    try {
      const { from, to } = report.data.period;
      await downloadEngineeringXlsx(menu.id, period.query, `engenharia-${menu.slug}-${from}-a-${to}.xlsx`);
    } catch (err) {
      notifyError(errorMessage(err, 'Não foi possível exportar a planilha.'));
    } finally {
      setExporting(false);
    }
  };

  const header = (
    <PageHeader
      title="Engenharia da carta"
      description="Quanto cada vinho vende e rende no período, a matriz de popularidade × margem e preços para a sua margem-alvo."
      actions={
        menu && (
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={exportXlsx}
            loading={exporting}
            disabled={!report.data || report.isPlaceholderData}
          >
            Exportar XLSX
          </Button>
        )
      }
    >
      {menu && (
        <Group gap="sm" align="flex-end" wrap="wrap" mt="xs">
          <MenuChoice list={list} value={menu.id} onChange={(id) => update((next) => next.set('carta', id))} />
          <Stack gap={4}>
            <Text size="sm" fw={500} component="span">
              Período
            </Text>
            <PeriodControl
              custom
              size={phone ? 'xs' : undefined}
              days={period.custom ? CUSTOM_PERIOD : period.days}
              onChange={period.choose}
            />
          </Stack>
          {period.custom && (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <TextInput
                type="date"
                label="De"
                value={period.from}
                max={period.to || calendarDay()}
                onChange={(e) => period.setDate('de', e.currentTarget.value)}
                error={period.error}
                w={160}
              />
              <TextInput
                type="date"
                label="Até"
                value={period.to}
                min={period.from}
                max={calendarDay()}
                onChange={(e) => period.setDate('ate', e.currentTarget.value)}
                w={160}
              />
            </Group>
          )}
        </Group>
      )}
    </PageHeader>
  );

  if (menus.isPending) return <PageLoader />;
  if (menus.isError) {
    return (
      <>
        {header}
        <LoadErrorAlert title="Não foi possível carregar as cartas" error={menus.error} />
      </>
    );
  }
  if (!menu) {
    return (
      <>
        {header}
        <EmptyState icon={<IconChartDots3 size={26} />} title="Nenhuma carta">
          A engenharia da carta mostra quanto cada vinho de uma carta vende e rende. Crie uma carta e ligue os vinhos à adega.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header}
      {period.query === null ? (
        <Text c="dimmed" size="sm">
          Escolha as datas de início e fim do período.
        </Text>
      ) : report.isError ? (
        <DashboardLoadError
          title="Erro ao carregar a engenharia da carta"
          text={errorMessage(report.error, 'Não foi possível calcular os números desta carta.')}
          onRetry={() => report.refetch()}
        />
      ) : report.data ? (
        <EngineeringBody key={report.data.menu.id} report={report.data} canUpdate={canUpdate} />
      ) : (
        <DashboardSkeleton status="Calculando a engenharia da carta...">
          <Skeleton h={380} radius="md" />
        </DashboardSkeleton>
      )}
    </>
  );
}

/** Which menu: grouped by establishment when the user sees menus of several. */
function MenuChoice({ list, value, onChange }: { list: WineMenuSummary[]; value: string; onChange(id: string): void }) {
  const establishments = [...new Set(list.map((m) => m.establishment_name))];
  const option = (m: WineMenuSummary) => ({ value: m.id, label: m.name });
  const data =
    establishments.length > 1
      ? establishments.map((group) => ({ group, items: list.filter((m) => m.establishment_name === group).map(option) }))
      : list.map(option);
  return (
    <Select
      label="Carta"
      data={data}
      value={value}
      onChange={(id) => id && onChange(id)}
      allowDeselect={false}
      searchable={list.length > 8}
      w={{ base: '100%', xs: 280 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function EngineeringBody({ report, canUpdate }: { report: EngineeringReport; canUpdate: boolean }) {
  const { totals, period } = report;
  const missing = report.wines.filter((w) => w.missing.length > 0);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {report.menu.name}: de {fullDay(period.from)} a {fullDay(period.to)} ({plural(period.days, 'dia', 'dias')}, horário de Brasília).
        Receita e custo de cada venda como foram registrados.
      </Text>
      <StatGrid>
        <StatCard
          label="Receita"
          value={money(totals.revenue_cents)}
          note={
            totals.glasses_sold === 0
              ? `${plural(totals.bottles_sold, 'garrafa vendida', 'garrafas vendidas')}`
              : `${plural(totals.bottles_sold, 'garrafa', 'garrafas')} e ${plural(totals.glasses_sold, 'taça', 'taças')} vendidas`
          }
        />
        <StatCard label="Custo" value={money(totals.cost_cents)} note="O custo do que foi vendido" />
        <StatCard label="Margem" value={money(totals.margin_cents)} note={`${plural(totals.classified, 'vinho', 'vinhos')} na matriz`} />
        <StatCard label="Margem %" value={percent(totals.margin_percent)} note="Da receita do período" />
      </StatGrid>
      <QuadrantMatrix
        title="Matriz de engenharia"
        description="Popularidade (a parte de cada vinho nas garrafas vendidas) contra a margem por garrafa."
        wines={report.wines}
        totals={totals}
      />
      <FiguresTable wines={report.wines} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <FigurePanel {...MISSING} rows={missing} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DeadStockPanel rows={report.dead_stock} />
        </Grid.Col>
      </Grid>
      <PriceSuggestions key={`${report.target_margin_percent}-${report.target_is_default}`} report={report} canUpdate={canUpdate} />
    </Stack>
  );
}

const MISSING: FigureList<EngineeringWine> = {
  title: 'Sem dados suficientes',
  description: 'Vinhos da carta fora da matriz, e o que falta a cada um.',
  empty: 'Todos os vinhos da carta têm vendas e custo no período.',
  rowKey: (w) => w.menu_wine_id,
  columns: [
    { header: 'Vinho', td: { fw: 500, style: { overflowWrap: 'break-word' } }, cell: (w) => w.name },
    { header: 'O que falta', cell: (w) => w.missing.map((m) => MISSING_LABELS[m]).join('; ') },
  ],
};

function DeadStockPanel({ rows }: { rows: DeadStock[] }) {
  const capital = rows.reduce((sum, r) => sum + (r.capital_cents ?? 0), 0);
  return (
    <FigurePanel<DeadStock>
      title="Estoque parado"
      description={
        rows.length > 0
          ? `Garrafas na adega sem venda há mais de ${DEAD_STOCK_DAYS} dias: ${formatBRL(capital / 100)} de capital parado.`
          : `Garrafas na adega sem venda há mais de ${DEAD_STOCK_DAYS} dias.`
      }
      empty={`Nenhum vinho parado: tudo o que está na adega vendeu nos últimos ${DEAD_STOCK_DAYS} dias.`}
      rowKey={(r) => r.cellar_item_id}
      rows={rows}
      columns={[
        { header: 'Vinho', td: { fw: 500, style: { overflowWrap: 'break-word' } }, cell: (r) => r.name },
        { header: 'Garrafas', numeric: true, cell: (r) => formatInteger(r.on_hand) },
        { header: 'Capital', numeric: true, cell: (r) => money(r.capital_cents) },
        { header: 'Última venda', wide: true, cell: (r) => (r.last_sale_at ? formatDate(r.last_sale_at) : 'Nunca') },
      ]}
    />
  );
}
