import { Badge } from '@mantine/core';
import { CELLAR_STATUS_LABELS, type CellarItem, type CellarStatus } from '../../../shared/cellar';
import { countOf } from '../../../shared/plural';

// Text colours darker than Mantine's light badges so each reaches 4.5:1 on its tint (axe color-contrast).
const STYLE: Record<CellarStatus, { color: string; c: string }> = {
  ok: { color: 'green', c: '#1e6b2f' },
  low: { color: 'yellow', c: '#7a4a00' },
  sold_out: { color: 'red', c: 'red.9' },
};

export function CellarStatusBadge({ status }: { status: CellarStatus }) {
  return (
    <Badge variant="light" color={STYLE[status].color} c={STYLE[status].c} tt="none">
      {CELLAR_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "12 garrafas", "1 garrafa", "Nenhuma garrafa". */
export function bottles(n: number): string {
  if (n === 0) return 'Nenhuma garrafa';
  return countOf(n, 'garrafa', 'garrafas');
}

/** "Casa Valduga · 2019" under a wine's name. */
export const itemOrigin = (item: Pick<CellarItem, 'producer' | 'vintage'>) => [item.producer, item.vintage].filter(Boolean).join(' · ');
