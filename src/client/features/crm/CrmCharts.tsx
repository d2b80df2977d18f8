import { ArcElement, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import type { CrmDashboard } from '../../../shared/crm';
import { LEAD_SOURCE_LABELS, OPPORTUNITY_STAGE_LABELS } from '../../../shared/crm-vocabulary';
import { formatBRL } from '../../../shared/money';

// Only what these two charts draw: the rest of Chart.js stays out of the bundle.
Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const SOURCE_COLORS = ['#7b1e3a', '#c0392b', '#e67e22', '#f1c40f', '#16a085', '#2980b9', '#8e44ad'];

export function LeadsBySourceChart({ data }: { data: CrmDashboard['leads_by_source'] }) {
  return (
    <Doughnut
      aria-label={`Leads por origem: ${data.map((d) => `${LEAD_SOURCE_LABELS[d.source]} ${d.count}`).join(', ')}`}
      role="img"
      data={{
        labels: data.map((d) => LEAD_SOURCE_LABELS[d.source]),
        datasets: [
          { data: data.map((d) => d.count), backgroundColor: data.map((_, i) => SOURCE_COLORS[i % SOURCE_COLORS.length] ?? '#999') },
        ],
      }}
      options={{ maintainAspectRatio: false, plugins: { legend: { position: 'bottom' } } }}
    />
  );
}

/** Count on the left axis, total value (R$) on the right one. */
export function OpportunitiesByStageChart({ data }: { data: CrmDashboard['opportunities_by_stage'] }) {
  return (
    <Bar
      aria-label={`Oportunidades por etapa: ${data.map((d) => `${OPPORTUNITY_STAGE_LABELS[d.stage]} ${d.count} (${formatBRL(d.total_value)})`).join(', ')}`}
      role="img"
      data={{
        labels: data.map((d) => OPPORTUNITY_STAGE_LABELS[d.stage]),
        datasets: [
          { label: 'Quantidade', data: data.map((d) => d.count), backgroundColor: '#7b1e3a', yAxisID: 'count' },
          { label: 'Valor total (R$)', data: data.map((d) => Number(d.total_value)), backgroundColor: '#e0a96d', yAxisID: 'value' },
        ],
      }}
      options={{
        maintainAspectRatio: false,
        plugins: {
          legend: { position: 'bottom' },
          tooltip: {
            callbacks: {
              label: (ctx) =>
                ctx.dataset.yAxisID === 'value' ? `Valor total: ${formatBRL(Number(ctx.raw))}` : `Quantidade: ${String(ctx.raw)}`,
            },
          },
        },
        scales: {
          count: {
            type: 'linear',
            position: 'left',
            beginAtZero: true,
            ticks: { precision: 0 },
            title: { display: true, text: 'Quantidade' },
          },
          value: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            grid: { drawOnChartArea: false },
            ticks: { callback: (v) => formatBRL(Number(v)).replace(/,00$/, '') },
            title: { display: true, text: 'Valor total' },
          },
        },
      }}
    />
  );
}
