import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import type { AnalyticsDashboard } from '../../../shared/analytics';
import { formatBRL } from '../../../shared/money';
import { formatInteger, fullDay, shortDay } from '../../lib/figures-format';
import { SUPPLIER_COLOURS, WINE, WINE_FILL } from './charts';

type Point = AnalyticsDashboard['revenue_trend'][number];

/**
 * A chart with its text alternatives: the canvas (react-chartjs-2 gives it role="img") is named by a one-line
 * summary, and a visually hidden table carries every value for screen readers.
 */
function ChartPanel({ title, table, children }: { title: string; table: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" h="100%" component="figure" m={0}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <div style={{ position: 'relative', height: 260 }}>{children}</div>
      <VisuallyHidden>{table}</VisuallyHidden>
    </Paper>
  );
}

function PointsTable({
  caption,
  points,
  valueLabel,
  format,
}: {
  caption: string;
  points: Point[];
  valueLabel: string;
  format: (v: number) => string;
}) {
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>Dia</th>
          <th>{valueLabel}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.date}>
            <td>{fullDay(p.date)}</td>
            <td>{format(p.value)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
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

const gridColour = 'rgba(0, 0, 0, 0.06)';

export function RevenueTrendChart({ points }: { points: Point[] }) {
  return (
    <ChartPanel
      title="Receita por dia"
      table={<PointsTable caption="Receita por dia" points={points} valueLabel="Receita" format={formatBRL} />}
    >
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
            y: { beginAtZero: true, grid: { color: gridColour }, ticks: { callback: (v) => formatBRL(Number(v)).replace(/,00$/, '') } },
          },
        }}
      />
    </ChartPanel>
  );
}

export function OrdersBarChart({ points }: { points: Point[] }) {
  const plural = (n: number) => (n === 1 ? '1 pedido' : `${formatInteger(n)} pedidos`);
  return (
    <ChartPanel
      title="Pedidos por dia"
      table={<PointsTable caption="Pedidos por dia" points={points} valueLabel="Pedidos" format={formatInteger} />}
    >
      <Bar
        aria-label={trendSummary('Gráfico de barras dos pedidos por dia', points, plural)}
        data={{
          labels: points.map((p) => shortDay(p.date)),
          datasets: [{ label: 'Pedidos', data: points.map((p) => p.value), backgroundColor: WINE, borderRadius: 3 }],
        }}
        options={{
          maintainAspectRatio: false,
          plugins: { legend: { display: false } },
          scales: {
            x: { grid: { display: false }, ticks: { maxTicksLimit: 10, maxRotation: 0 } },
            y: { beginAtZero: true, grid: { color: gridColour }, ticks: { precision: 0 } },
          },
        }}
      />
    </ChartPanel>
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
      table={
        <Table>
          <caption>Receita {words.of}</caption>
          <thead>
            <tr>
              <th>{words.column}</th>
              <th>Receita</th>
            </tr>
          </thead>
          <tbody>
            {suppliers.map((s) => (
              <tr key={s.name}>
                <td>{s.name}</td>
                <td>{formatBRL(s.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
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
