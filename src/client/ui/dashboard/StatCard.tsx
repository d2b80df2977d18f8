import { Badge, Box, Group, Paper, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPercent } from '../../lib/figures-format';

/** Growth is teal, a fall red, no change grey. */
export const changeColour = (change: number) => (change === 0 ? 'gray' : change > 0 ? 'teal' : 'red');

/** One figure of a dashboard, named by its label for screen readers, with a line under it: a `note`, or the change. */
export function StatCard({ label, value, note, children }: { label: string; value: string; note?: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} data-testid="stat-value">
        {value}
      </Text>
      <Box mt={4}>{note === undefined ? children : <Note>{note}</Note>}</Box>
    </Paper>
  );
}

/** The small grey line of a stat card. */
function Note({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

/** "+12,3% vs. R$ 1.000,00 nos 30 dias anteriores", or no base of comparison when there was nothing before. */
export function PeriodChange({ change, previous, days }: { change: number | null; previous: string; days: number }) {
  if (change === null) {
    return (
      <Note>
        Sem base de comparação ({previous} nos {days} dias anteriores)
      </Note>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        style={{ flexShrink: 0 }}
        color={changeColour(change)}
        variant="light"
        leftSection={change > 0 ? <IconArrowUpRight size={12} /> : change < 0 ? <IconArrowDownRight size={12} /> : null}
      >
        {formatPercent(change)}
      </Badge>
      <Note>
        vs. {previous} nos {days} dias anteriores
      </Note>
    </Group>
  );
}
