import { Paper, Table, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart with its text alternatives: the canvas (react-chartjs-2 gives it role="img") is named by a one-line
 * summary, and a visually hidden table carries every value for screen readers.
 */
export function ChartPanel({ title, height, table, children }: { title: string; height: number; table: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" h="100%" component="figure" m={0}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {/* inline-size containment: the canvas, sized in px for the last width, never holds a narrowed layout open. */}
      <div style={{ position: 'relative', height, contain: 'inline-size' }}>{children}</div>
      <VisuallyHidden>{table}</VisuallyHidden>
    </Paper>
  );
}

/** The hidden table behind a chart: a caption, the headers and one row per label (its first cell). */
export function ValuesTable({ caption, headers, rows }: { caption: string; headers: [string, string]; rows: [string, string][] }) {
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells) => (
          <tr key={cells[0]}>
            {cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The faint horizontal lines behind the dashboards' charts. */
export const GRID_COLOUR = 'rgba(0, 0, 0, 0.06)';

/** A one-colour bar chart of counts (whole numbers on the axis), without legend. */
export function countBars(label: string, labels: string[], values: number[], colour: string, maxTicks: number) {
  return {
    data: { labels, datasets: [{ label, data: values, backgroundColor: colour, borderRadius: 3 }] },
    options: {
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: {
        x: { grid: { display: false }, ticks: { maxTicksLimit: maxTicks, maxRotation: 0 } },
        y: { beginAtZero: true, grid: { color: GRID_COLOUR }, ticks: { precision: 0 } },
      },
    },
  };
}
