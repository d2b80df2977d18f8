// Chart.js is registered here, imported only by the insights screen: it stays in that lazy chunk (decision 0012).
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { MenuInsights } from '../../../shared/menu-insights';
import { ChartPanel, countBars, ValuesTable } from '../../ui/dashboard/ChartPanel';
import { formatInteger, fullDay, hourLabel, plural, shortDay } from './format';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const WINE = '#a82947';
const GOLD = '#b7822b';

/** One bar of a views chart: its label on the axis, and in the hidden table its full one when the axis's is short. */
interface ViewsBar {
  label: string;
  full?: string;
  views: number;
}

/** A bar chart of views with its hidden table (captioned with the title unless `caption` says more); `summary` names the canvas. */
function ViewsChart(props: {
  title: string;
  caption?: string;
  column: string;
  summary: string;
  bars: ViewsBar[];
  colour: string;
  maxTicks: number;
}) {
  const { bars } = props;
  const chart = countBars(
    'Visitas',
    bars.map((b) => b.label),
    bars.map((b) => b.views),
    props.colour,
    props.maxTicks,
  );
  return (
    <ChartPanel
      title={props.title}
      height={240}
      table={
        <ValuesTable
          caption={props.caption ?? props.title}
          headers={[props.column, 'Visitas']}
          rows={bars.map((b) => [b.full ?? b.label, formatInteger(b.views)])}
        />
      }
    >
      <Bar aria-label={props.summary} data={chart.data} options={chart.options} />
    </ChartPanel>
  );
}

export function ViewsPerDayChart({ points }: { points: MenuInsights['views_per_day'] }) {
  const top = points.reduce<(typeof points)[number] | undefined>((best, p) => (p.views > (best?.views ?? 0) ? p : best), undefined);
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `Gráfico de barras das visitas por dia de ${fullDay(first.date)} a ${fullDay(last.date)}${
          top ? `; maior movimento em ${fullDay(top.date)}, ${plural(top.views, 'visita', 'visitas')}` : ': nenhuma visita'
        }.`
      : 'Visitas por dia: sem dados.';
  return (
    <ViewsChart
      title="Visitas por dia"
      column="Dia"
      summary={summary}
      bars={points.map((p) => ({ label: shortDay(p.date), full: fullDay(p.date), views: p.views }))}
      colour={WINE}
      maxTicks={10}
    />
  );
}

export function BusiestHoursChart({ hours }: { hours: MenuInsights['busiest_hours'] }) {
  const top = [...hours].sort((a, b) => b.views - a.views).filter((h) => h.views > 0);
  const summary =
    top.length > 0
      ? `Gráfico de barras das visitas por hora do dia; mais movimentadas: ${top
          .slice(0, 3)
          .map((h) => `${hourLabel(h.hour)} (${formatInteger(h.views)})`)
          .join(', ')}.`
      : 'Gráfico de barras das visitas por hora do dia: nenhuma visita.';
  return (
    <ViewsChart
      title="Horários de maior movimento"
      caption="Visitas por hora (horário de Brasília)"
      column="Hora"
      summary={summary}
      bars={hours.map((h) => ({ label: hourLabel(h.hour), views: h.views }))}
      colour={GOLD}
      maxTicks={12}
    />
  );
}
