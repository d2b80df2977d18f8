import { ANALYTICS_TIME_ZONE } from '../../../shared/analytics.js';

/** A dashboard period: calendar days (YYYY-MM-DD) in America/Sao_Paulo, both ends included. */
export interface Period {
  days: number;
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ANALYTICS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of an instant in America/Sao_Paulo. */
export const saoPauloDay = (instant: Date): string => dayFormat.format(instant);

/** A calendar day moved by `n` days (plain date arithmetic: no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The last `days` calendar days up to today (included) and the period of the same length just before. */
export function periodEndingOn(now: Date, days: number): Period {
  const end = saoPauloDay(now);
  const start = addDays(end, 1 - days);
  return { days, start, end, previousStart: addDays(start, -days), previousEnd: addDays(start, -1) };
}

/** Every calendar day from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) out.push(day);
  return out;
}
