// Chart.js is registered here, imported only by the insights screen: it stays in that lazy chunk (decision 0012).
import { Paper, Table, Title, VisuallyHidden } from '@mantine/core';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import type { ReactNode } from 'react';
import { Bar } from 'react-chartjs-2';
import type { MenuInsights } from '../../../shared/menu-insights';
import { formatInteger, fullDay, hourLabel, plural, shortDay } from './format';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const WINE = '#a82947';
const GOLD = '#b7822b';
const gridColour = 'rgba(0, 0, 0, 0.06)';

/** A chart with its text alternatives: a one-line summary names the canvas, a hidden table carries every value. */
function ChartPanel({ title, table, children }: { title: string; table: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" h="100%" component="figure" m={0}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <div style={{ position: 'relative', height: 240 }}>{children}</div>
      <VisuallyHidden>{table}</VisuallyHidden>
    </Paper>
  );
}

function ValuesTable({ caption, column, rows }: { caption: string; column: string; rows: [string, number][] }) {
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>{column}</th>
          <th>Visualizações</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td>{label}</td>
            <td>{formatInteger(value)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function bars(labels: string[], values: number[], colour: string, maxTicks: number) {
  return {
    data: { labels, datasets: [{ label: 'Visualizações', data: values, backgroundColor: colour, borderRadius: 3 }] },
    options: {
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: {
        x: { grid: { display: false }, ticks: { maxTicksLimit: maxTicks, maxRotation: 0 } },
        y: { beginAtZero: true, grid: { color: gridColour }, ticks: { precision: 0 } },
      },
    },
  };
}

export function ViewsPerDayChart({ points }: { points: MenuInsights['views_per_day'] }) {
  const top = points.reduce<(typeof points)[number] | undefined>((best, p) => (p.views > (best?.views ?? 0) ? p : best), undefined);
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `Gráfico de barras das visualizações por dia de ${fullDay(first.date)} a ${fullDay(last.date)}${
          top
            ? `; maior movimento em ${fullDay(top.date)}, ${plural(top.views, 'visualização', 'visualizações')}`
            : ': nenhuma visualização'
        }.`
      : 'Visualizações por dia: sem dados.';
  const chart = bars(
    points.map((p) => shortDay(p.date)),
    points.map((p) => p.views),
    WINE,
    10,
  );
  return (
    <ChartPanel
      title="Visualizações por dia"
      table={<ValuesTable caption="Visualizações por dia" column="Dia" rows={points.map((p) => [fullDay(p.date), p.views])} />}
    >
      <Bar aria-label={summary} data={chart.data} options={chart.options} />
    </ChartPanel>
  );
}

export function BusiestHoursChart({ hours }: { hours: MenuInsights['busiest_hours'] }) {
  const top = [...hours].sort((a, b) => b.views - a.views).filter((h) => h.views > 0);
  const summary =
    top.length > 0
      ? `Gráfico de barras das visualizações por hora do dia; mais movimentadas: ${top
          .slice(0, 3)
          .map((h) => `${hourLabel(h.hour)} (${formatInteger(h.views)})`)
          .join(', ')}.`
      : 'Gráfico de barras das visualizações por hora do dia: nenhuma visualização.';
  const chart = bars(
    hours.map((h) => hourLabel(h.hour)),
    hours.map((h) => h.views),
    GOLD,
    12,
  );
  return (
    <ChartPanel
      title="Horários de maior movimento"
      table={
        <ValuesTable
          caption="Visualizações por hora (horário de Brasília)"
          column="Hora"
          rows={hours.map((h) => [hourLabel(h.hour), h.views])}
        />
      }
    >
      <Bar aria-label={summary} data={chart.data} options={chart.options} />
    </ChartPanel>
  );
}
