/**
 * The product's time: every calendar day, "today" and date shown to a person is São Paulo's (docs/decisions/0075).
 * Isomorphic: the server (SQL `at time zone`, job schedules, dashboards) and the screens read the zone from here.
 */
export const TIME_ZONE = 'America/Sao_Paulo';

const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const day = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dayAndTime = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
const inputDayAndTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The São Paulo calendar day of an instant, "YYYY-MM-DD" (today's by default). */
export const calendarDay = (instant: Date = new Date()): string => dayKey.format(instant);

/** A calendar day moved by `n` days (plain date arithmetic: no time zone involved). */
export function addDays(calendar: string, n: number): string {
  const d = new Date(`${calendar}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** An instant as its São Paulo day: "23/11/2026". */
export const formatDate = (instant: string | Date): string => day.format(new Date(instant));

/** An instant in São Paulo: "23/11/2026, 14:05". */
export const formatDateTime = (instant: string | Date): string => dayAndTime.format(new Date(instant));

/** An instant as São Paulo reads it in a form field: "10/01/2024 13:00" (empty for none). */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '';
  const parts = inputDayAndTime.formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

/** A calendar day as people write it: "2026-12-31" -> "31/12/2026" (empty for none). */
export const formatCalendarDay = (calendar: string | null | undefined): string => (calendar ? calendar.split('-').reverse().join('/') : '');
