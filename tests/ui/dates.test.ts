/**
 * Dates as typed and as the API holds them (ui/src/core/dates.ts, seed 000 §9): dd/MM/yyyy typed day first,
 * a date-time kept on the clock the user reads (23:30 in Rome stays 23:30, the day does not move).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeParts, dateTimeValue, parseItalianDate, parseTime } from '../../ui/src/core/dates';
import { formatDateTime } from '../../ui/src/core/format';

const zone = process.env.TZ;
beforeAll(() => { process.env.TZ = 'Europe/Rome'; });
afterAll(() => { process.env.TZ = zone; });

describe('parseItalianDate', () => {
  it('reads the day first, with or without leading zeros and with / . or -', () => {
    expect(parseItalianDate('05/03/2024')).toBe('2024-03-05');
    expect(parseItalianDate('5/3/2024')).toBe('2024-03-05');
    expect(parseItalianDate('05.03.2024')).toBe('2024-03-05');
    expect(parseItalianDate(' 31-12-2026 ')).toBe('2026-12-31');
  });

  it('refuses a day that does not exist, the month first when the day cannot be a month, and other text', () => {
    expect(parseItalianDate('30/02/2024')).toBeNull();
    expect(parseItalianDate('03/13/2024')).toBeNull();
    expect(parseItalianDate('2024-03-05')).toBeNull();
    expect(parseItalianDate('05/03/24')).toBeNull();
    expect(parseItalianDate('')).toBeNull();
  });
});

describe('parseTime', () => {
  it('takes hh:mm on 24 hours, a dot too, and pads the hour', () => {
    expect(parseTime('23:30')).toBe('23:30');
    expect(parseTime('9.05')).toBe('09:05');
    expect(parseTime('00:00')).toBe('00:00');
  });

  it('refuses hours and minutes that do not exist', () => {
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('1230')).toBeNull();
  });
});

describe('a date-time on the browser clock (Europe/Rome)', () => {
  it('23:30 of 26 November is sent with its offset and reads back 23:30 of the same day', () => {
    const sent = dateTimeValue('2026-11-26', '23:30');
    expect(sent).toBe('2026-11-26T23:30:00+01:00');
    // The API stores the instant and answers it in UTC: the day on the screen does not move.
    const stored = new Date(sent).toISOString();
    expect(stored).toBe('2026-11-26T22:30:00.000Z');
    expect(dateTimeParts(stored)).toEqual({ date: '2026-11-26', time: '23:30' });
    expect(formatDateTime(stored)).toBe('26/11/2026 23:30');
  });

  it('summer time has its own offset', () => {
    expect(dateTimeValue('2026-07-01', '00:15')).toBe('2026-07-01T00:15:00+02:00');
    expect(dateTimeParts('2026-06-30T22:15:00.000Z')).toEqual({ date: '2026-07-01', time: '00:15' });
  });

  it('no value, or text that is no date, has no parts', () => {
    expect(dateTimeParts(null)).toBeNull();
    expect(dateTimeParts('')).toBeNull();
    expect(dateTimeParts('domani')).toBeNull();
  });
});
