import { type MantineSize, SegmentedControl } from '@mantine/core';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../shared/analytics';

/** A period from the address ("30"), or the default one when it is missing or not offered. */
export const parsePeriod = (value: string | null): AnalyticsPeriod =>
  ANALYTICS_PERIODS.find((p) => String(p) === value) ?? ANALYTICS_DEFAULT_DAYS;

/** The value of the "Personalizado" choice, in the address too (`?dias=personalizado`). */
export const CUSTOM_PERIOD = 'personalizado';

/**
 * The dashboards' "7 / 30 / 90 dias" switch; the default period is reported as null (it needs no parameter). With
 * `custom` it offers "Personalizado" too (the screen then asks for the two dates).
 */
export function PeriodControl({
  days,
  onChange,
  custom = false,
  size,
}: {
  days: AnalyticsPeriod | typeof CUSTOM_PERIOD;
  onChange(value: string | null): void;
  custom?: boolean;
  /** Smaller on a phone, where the four choices of `custom` are otherwise wider than the screen. */
  size?: MantineSize;
}) {
  const periods = ANALYTICS_PERIODS.map((p) => ({ value: String(p), label: `${p} dias` }));
  return (
    <SegmentedControl
      aria-label="Período"
      size={size}
      value={String(days)}
      onChange={(value) => onChange(value === String(ANALYTICS_DEFAULT_DAYS) ? null : value)}
      data={custom ? [...periods, { value: CUSTOM_PERIOD, label: 'Personalizado' }] : periods}
    />
  );
}
