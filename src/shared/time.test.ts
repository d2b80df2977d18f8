import { describe, expect, it } from 'vitest';
import { addDays, calendarDay, formatCalendarDay, formatDate, formatDateTime, formatInstant } from './time.js';

// 02:30 UTC on 1 March is still 28 February in São Paulo (UTC-3).
const lateEvening = '2026-03-01T02:30:00Z';

describe('the product time (shared/time.ts)', () => {
  it('reads calendar days in São Paulo, not UTC', () => {
    expect(calendarDay(new Date(lateEvening))).toBe('2026-02-28');
    expect(formatDate(lateEvening)).toBe('28/02/2026');
  });

  it('writes the instants people read and type', () => {
    expect(formatDateTime(lateEvening)).toBe('28/02/2026, 23:30');
    expect(formatInstant(lateEvening)).toBe('28/02/2026 23:30');
    expect(formatInstant(null)).toBe('');
  });

  it('moves and writes calendar days without a zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(formatCalendarDay('2026-12-31')).toBe('31/12/2026');
    expect(formatCalendarDay(undefined)).toBe('');
  });
});
