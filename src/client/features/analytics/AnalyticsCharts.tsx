import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import type { AnalyticsDashboard } from '../../../shared/analytics';
import { formatBRL } from '../../../shared/money';
import { countOf } from '../../../shared/plural';
import { formatInteger, fullDay, shortDay } from '../../lib/figures-format';
import { ChartPanel, countBars, GRID_COLOUR, ValuesTable } from '../../ui/dashboard/ChartPanel';
import { SUPPLIER_COLOURS, WINE, WINE_FILL } from './charts';

type Point = AnalyticsDashboard['revenue_trend'][number];

const HEIGHT = 260;

/** The panel of a day-by-day chart; the hidden table lists every day under the same title. */
function DayTrendPanel({
  title,
  valueLabel,
  points,
  format,
  children,
}: {
  title: string;
  valueLabel: string;
  points: Point[];
  format: (v: number) => string;
  children: ReactNode;
}) {
  const rows = points.map((p): [string, string] => [fullDay(p.date), format(p.value)]);
  return (
    <ChartPanel title={title} height={HEIGHT} table={<ValuesTable caption={title} headers={['Dia', valueLabel]} rows={rows} />}>
      {children}
    </ChartPanel>
  );
}

function peak(points: Point[]): Point | undefined {
  return points.reduce<Point | undefined>((best, p) => (p.value > (best?.value ?? 0) ? p : best), undefined);
}

function trendSummary(what: string, points: Point[], format: (v: number) => string): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${what}: sem dados.`;
  const top = peak(points);
  const range = `de ${fullDay(first.date)} a ${fullDay(last.date)}`;
  return top ? `${what} ${range}; maior valor ${format(top.value)} em ${fullDay(top.date)}.` : `${what} ${range}: nenhum pedido.`;
}

export function RevenueTrendChart({ points }: { points: Point[] }) {
  return (
    <DayTrendPanel title="Receita por dia" valueLabel="Receita" points={points} format={formatBRL}>
      <Line
        aria-label={trendSummary('Gráfico de linha da receita por dia', points, formatBRL)}
        data={{
          labels: points.map((p) => shortDay(p.date)),
          datasets: [
            {
              label: 'Receita',
              data: points.map((p) => p.value),
              borderColor: WINE,
              backgroundColor: WINE_FILL,
              fill: true,
              // Straight segments: a curve between two days invents values nobody sold.
              tension: 0,
              pointRadius: points.length > 31 ? 0 : 3,
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => formatBRL(c.parsed.y) } } },
          scales: {
            x: { grid: { display: false }, ticks: { maxTicksLimit: 8, maxRotation: 0 } },
            y: { beginAtZero: true, grid: { color: GRID_COLOUR }, ticks: { callback: (v) => formatBRL(Number(v)).replace(/,00$/, '') } },
          },
        }}
      />
    </DayTrendPanel>
  );
}

export function OrdersBarChart({ points }: { points: Point[] }) {
  const plural = (n: number) => countOf(n, 'pedido', 'pedidos');
  return (
    <DayTrendPanel title="Pedidos por dia" valueLabel="Pedidos" points={points} format={formatInteger}>
      <Bar
        aria-label={trendSummary('Gráfico de barras dos pedidos por dia', points, plural)}
        {...countBars(
          'Pedidos',
          points.map((p) => shortDay(p.date)),
          points.map((p) => p.value),
          WINE,
          10,
        )}
      />
    </DayTrendPanel>
  );
}

/** Who the ring is about: the marketplace's suppliers, or a supplier's buyers (establishments). */
const RING_WORDS = {
  suppliers: { title: 'Principais fornecedores', of: 'dos principais fornecedores', column: 'Fornecedor' },
  buyers: { title: 'Principais compradores', of: 'dos principais compradores', column: 'Estabelecimento' },
} as const;

export function TopSuppliersChart({
  suppliers,
  of = 'suppliers',
}: {
  suppliers: AnalyticsDashboard['top_suppliers'];
  of?: keyof typeof RING_WORDS;
}) {
  const words = RING_WORDS[of];
  const summary = `Gráfico de rosca da receita ${words.of}: ${suppliers.map((s) => `${s.name} ${formatBRL(s.revenue)}`).join('; ')}.`;
  return (
    <ChartPanel
      title={words.title}
      height={HEIGHT}
      table={
        <ValuesTable
          caption={`Receita ${words.of}`}
          headers={[words.column, 'Receita']}
          rows={suppliers.map((s) => [s.name, formatBRL(s.revenue)])}
        />
      }
    >
      {suppliers.length === 0 ? (
        <Text c="dimmed" ta="center" pt={100}>
          Nenhuma venda no período.
        </Text>
      ) : (
        <Doughnut
          aria-label={summary}
          data={{
            labels: suppliers.map((s) => s.name),
            datasets: [{ data: suppliers.map((s) => s.revenue), backgroundColor: SUPPLIER_COLOURS, borderWidth: 2 }],
          }}
          options={{
            maintainAspectRatio: false,
            cutout: '60%',
            plugins: {
              legend: { position: 'bottom', labels: { boxWidth: 12, usePointStyle: true } },
              tooltip: { callbacks: { label: (c) => `${c.label}: ${formatBRL(c.parsed)}` } },
            },
          }}
        />
      )}
    </ChartPanel>
  );
}
