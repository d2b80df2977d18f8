// Chart.js is registered here, and this file is imported lazily by the matrix at tablet widths and up: a phone, which
// shows the matrix as a list, never downloads the chart code (decision 0012).
import { Chart as ChartJS, type ChartOptions, LinearScale, type Plugin, PointElement, Tooltip } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import { QUADRANT_LABELS, QUADRANTS, type Quadrant } from '../../../shared/menu-engineering';
import { formatBRL } from '../../../shared/money';
import { GRID_COLOUR } from '../../ui/dashboard/ChartPanel';
import { money, QUADRANT_COLOURS, share } from './format';

ChartJS.register(LinearScale, PointElement, Tooltip);

/** One wine on the matrix: x its share of the bottles sold (%), y its margin per bottle (R$). */
export interface MatrixPoint {
  x: number;
  y: number;
  name: string;
  quadrant: Quadrant;
  /** The what-if moved it here from another quadrant. */
  moved: boolean;
}

/** Where the matrix's two lines cross: the popularity threshold (%) and the average margin per bottle (R$). */
interface Lines {
  x: number;
  y: number;
}

const LABEL_FONT = '12px Inter, system-ui, sans-serif';
const CORNER_FONT = '600 12px Inter, system-ui, sans-serif';
const TEXT = '#343a40';

const tint = (hex: string, alpha: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
};

interface Box {
  l: number;
  t: number;
  r: number;
  b: number;
}

const shorten = (name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name);

/** The quadrants' tints, the two dashed lines and the quadrants' names behind the points; each point's name beside it. */
const quadrantsPlugin: Plugin<'scatter', Lines> = {
  id: 'engineeringQuadrants',
  beforeDatasetsDraw(chart, _args, lines) {
    const { ctx, chartArea: area, scales } = chart;
    const { x: xScale, y: yScale } = scales;
    if (!xScale || !yScale) return;
    const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
    const px = clamp(xScale.getPixelForValue(lines.x), area.left, area.right);
    const py = clamp(yScale.getPixelForValue(lines.y), area.top, area.bottom);
    const boxes: Record<Quadrant, [number, number, number, number]> = {
      star: [px, area.top, area.right - px, py - area.top],
      plowhorse: [px, py, area.right - px, area.bottom - py],
      puzzle: [area.left, area.top, px - area.left, py - area.top],
      dog: [area.left, py, px - area.left, area.bottom - py],
    };
    ctx.save();
    for (const q of QUADRANTS) {
      ctx.fillStyle = tint(QUADRANT_COLOURS[q].chart, 0.07);
      ctx.fillRect(...boxes[q]);
    }
    ctx.strokeStyle = 'rgba(52, 58, 64, 0.55)';
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(px, area.top);
    ctx.lineTo(px, area.bottom);
    ctx.moveTo(area.left, py);
    ctx.lineTo(area.right, py);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.font = CORNER_FONT;
    ctx.textBaseline = 'top';
    const corner = (q: Quadrant, x: number, y: number, align: CanvasTextAlign, baseline: CanvasTextBaseline) => {
      ctx.fillStyle = QUADRANT_COLOURS[q].chart;
      ctx.textAlign = align;
      ctx.textBaseline = baseline;
      ctx.fillText(QUADRANT_LABELS[q], x, y);
    };
    corner('star', area.right - 6, area.top + 6, 'right', 'top');
    corner('puzzle', area.left + 6, area.top + 6, 'left', 'top');
    corner('plowhorse', area.right - 6, area.bottom - 6, 'right', 'bottom');
    corner('dog', area.left + 6, area.bottom - 6, 'left', 'bottom');
    ctx.restore();
  },
  afterDatasetsDraw(chart) {
    const { ctx, chartArea: area } = chart;
    // A name never covers a point, a quadrant's name in its corner, nor another name.
    const taken: Box[] = chart.data.datasets.flatMap((_, i) =>
      chart.getDatasetMeta(i).data.map((e) => ({ l: e.x - 7, t: e.y - 7, r: e.x + 7, b: e.y + 7 })),
    );
    ctx.save();
    ctx.font = CORNER_FONT;
    for (const q of QUADRANTS) {
      const width = ctx.measureText(QUADRANT_LABELS[q]).width + 12;
      const l = q === 'star' || q === 'plowhorse' ? area.right - width : area.left;
      const t = q === 'star' || q === 'puzzle' ? area.top : area.bottom - 22;
      taken.push({ l, t, r: l + width, b: t + 22 });
    }
    ctx.font = LABEL_FONT;
    ctx.fillStyle = TEXT;
    ctx.textBaseline = 'middle';
    chart.data.datasets.forEach((dataset, i) => {
      chart.getDatasetMeta(i).data.forEach((element, j) => {
        const point = dataset.data[j] as unknown as MatrixPoint;
        const text = shorten(point.name);
        const width = ctx.measureText(text).width;
        // Right of the point, or left of it near the right edge; a label over one already drawn is left out.
        const right = element.x + 9 + width <= area.right;
        const l = right ? element.x + 9 : element.x - 9 - width;
        const box = { l, t: element.y - 8, r: l + width, b: element.y + 8 };
        if (taken.some((o) => box.l < o.r && box.r > o.l && box.t < o.b && box.b > o.t)) return;
        taken.push(box);
        ctx.textAlign = 'left';
        ctx.fillText(text, l, element.y);
      });
    });
    ctx.restore();
  },
};

/** The matrix as a scatter chart; hidden from screen readers, whom the table beside it serves. */
export function MatrixChart({ points, lines }: { points: MatrixPoint[]; lines: Lines }) {
  const top = (values: number[], floor: number) => Math.max(floor, ...values) * 1.15 || 1;
  const options: ChartOptions<'scatter'> & { plugins: { engineeringQuadrants: Lines } } = {
    maintainAspectRatio: false,
    animation: false,
    layout: { padding: { right: 8, top: 4 } },
    plugins: {
      legend: { display: false },
      engineeringQuadrants: lines,
      tooltip: {
        callbacks: {
          label: (c) => {
            const p = c.raw as MatrixPoint;
            return `${p.name}: ${share(p.x / 100)} das vendas, ${money(Math.round(p.y * 100))} por garrafa`;
          },
        },
      },
    },
    scales: {
      x: {
        type: 'linear',
        min: 0,
        suggestedMax: top(
          points.map((p) => p.x),
          lines.x,
        ),
        grid: { color: GRID_COLOUR },
        title: { display: true, text: 'Popularidade (% das garrafas vendidas)', color: TEXT },
        ticks: { callback: (v) => `${Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%` },
      },
      y: {
        type: 'linear',
        suggestedMin: Math.min(0, ...points.map((p) => p.y)),
        suggestedMax: top(
          points.map((p) => p.y),
          lines.y,
        ),
        grid: { color: GRID_COLOUR },
        title: { display: true, text: 'Margem por garrafa', color: TEXT },
        ticks: { callback: (v) => formatBRL(Number(v)).replace(/,00$/, '') },
      },
    },
  };
  const data = {
    datasets: QUADRANTS.map((q) => {
      const mine = points.filter((p) => p.quadrant === q);
      const colour = QUADRANT_COLOURS[q].chart;
      return {
        label: QUADRANT_LABELS[q],
        data: mine,
        backgroundColor: colour,
        borderColor: mine.map((p) => (p.moved ? TEXT : colour)),
        borderWidth: mine.map((p) => (p.moved ? 3 : 1)),
        pointRadius: 6,
        pointHoverRadius: 8,
      };
    }),
  };
  return <Scatter data={data} options={options} plugins={[quadrantsPlugin]} />;
}
