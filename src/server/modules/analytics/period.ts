import { addDays, calendarDay } from '../../../shared/time.js';

export { addDays };

/** A dashboard period: calendar days (YYYY-MM-DD) in America/Sao_Paulo, both ends included. */
export interface Period {
  days: number;
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
}

/** The last `days` calendar days up to today (included) and the period of the same length just before. */
export function periodEndingOn(now: Date, days: number): Period {
  const end = calendarDay(now);
  const start = addDays(end, 1 - days);
  return { days, start, end, previousStart: addDays(start, -days), previousEnd: addDays(start, -1) };
}

/** Every calendar day from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) out.push(day);
  return out;
}
