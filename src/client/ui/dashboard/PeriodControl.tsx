import { SegmentedControl } from '@mantine/core';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../shared/analytics';

/** A period from the address ("30"), or the default one when it is missing or not offered. */
export const parsePeriod = (value: string | null): AnalyticsPeriod =>
  ANALYTICS_PERIODS.find((p) => String(p) === value) ?? ANALYTICS_DEFAULT_DAYS;

/** The dashboards' "7 / 30 / 90 dias" switch; the default period is reported as null (it needs no parameter). */
export function PeriodControl({ days, onChange }: { days: AnalyticsPeriod; onChange(value: string | null): void }) {
  return (
    <SegmentedControl
      aria-label="Período"
      value={String(days)}
      onChange={(value) => onChange(value === String(ANALYTICS_DEFAULT_DAYS) ? null : value)}
      data={ANALYTICS_PERIODS.map((p) => ({ value: String(p), label: `${p} dias` }))}
    />
  );
}
