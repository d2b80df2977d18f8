// Chart.js is registered here, imported only by the insights screen: it stays in that lazy chunk (decision 0012).
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { MenuInsights } from '../../../shared/menu-insights';
import { ChartPanel, countBars, ValuesTable } from '../../ui/dashboard/ChartPanel';
import { formatInteger, fullDay, hourLabel, plural, shortDay } from './format';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const WINE = '#a82947';
const GOLD = '#b7822b';

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
  const chart = countBars(
    'Visualizações',
    points.map((p) => shortDay(p.date)),
    points.map((p) => p.views),
    WINE,
    10,
  );
  return (
    <ChartPanel
      title="Visualizações por dia"
      height={240}
      table={
        <ValuesTable
          caption="Visualizações por dia"
          headers={['Dia', 'Visualizações']}
          rows={points.map((p) => [fullDay(p.date), formatInteger(p.views)])}
        />
      }
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
  const chart = countBars(
    'Visualizações',
    hours.map((h) => hourLabel(h.hour)),
    hours.map((h) => h.views),
    GOLD,
    12,
  );
  return (
    <ChartPanel
      title="Horários de maior movimento"
      height={240}
      table={
        <ValuesTable
          caption="Visualizações por hora (horário de Brasília)"
          headers={['Hora', 'Visualizações']}
          rows={hours.map((h) => [hourLabel(h.hour), formatInteger(h.views)])}
        />
      }
    >
      <Bar aria-label={summary} data={chart.data} options={chart.options} />
    </ChartPanel>
  );
}
