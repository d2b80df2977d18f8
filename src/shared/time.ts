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

// ── Reading what people type (the counterparts of the formatters) ─────────

/** "2026-11-23" (a calendar day, no time). */
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written "YYYY-MM-DD" (no 2026-02-30). */
export const isRealDate = (v: string) => DATE_RE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const BR_DATE_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ ,T]+(\d{1,2}):(\d{2})$/;
const pad = (n: string) => n.padStart(2, '0');

/** "31/12/2026" or "2026-12-31" -> "2026-12-31"; null when it is not a real day. */
export function parseDay(value: string): string | null {
  const br = BR_DATE.exec(value.trim());
  const day = br ? `${br[3]}-${pad(br[2] ?? '')}-${pad(br[1] ?? '')}` : value.trim();
  return isRealDate(day) ? day : null;
}

/**
 * "10/01/2024 13:00" (São Paulo time: UTC-3 all year since 2019) or an ISO instant with its offset -> ISO in UTC;
 * null when it is neither.
 */
export function parseInstant(value: string): string | null {
  const v = value.trim();
  const br = BR_DATE_TIME.exec(v);
  if (br) {
    const day = parseDay(`${br[1]}/${br[2]}/${br[3]}`);
    const hour = Number(br[4]);
    const minute = Number(br[5]);
    if (!day || hour > 23 || minute > 59) return null;
    return new Date(`${day}T${pad(br[4] ?? '')}:${br[5]}:00-03:00`).toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) || !/(Z|[+-]\d{2}:?\d{2})$/.test(v)) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
