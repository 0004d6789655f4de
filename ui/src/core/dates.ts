/**
 * Dates as people type them and as the API holds them (seed 000 §9, seed 002 §9): the screen shows and takes
 * dd/MM/yyyy and dd/MM/yyyy HH:mm; the API holds `YYYY-MM-DD` for a date and ISO 8601 with the offset for a
 * date-time. A date is a calendar day, never passed through a time zone; a date-time is the moment the user
 * means in the browser's zone (23:30 in Rome is sent as 23:30+01:00), so it comes back as the same 23:30.
 */
import dayjs from 'dayjs';

/** `yyyy-mm-dd` naming a day that exists (not 2024-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What the user typed as a day, `5/3/2024`, `05/03/2024`, `05.03.2024` or `05-03-2024` (day first, as in
 * Italy), as `2024-03-05`; null for anything else, a day that does not exist included.
 */
export function parseItalianDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** `23:30` or `9:05` as `23:30` / `09:05`; null for a time that does not exist. */
export function parseTime(text: string): string | null {
  const match = /^\s*(\d{1,2})[:.](\d{2})(?::\d{2})?\s*$/.exec(text);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? `${String(hours).padStart(2, '0')}:${match[2]}` : null;
}

/** An API date-time as the day and the time the browser's clock shows: `{ date: '2026-11-26', time: '23:30' }`. */
export function dateTimeParts(value: unknown): { date: string; time: string } | null {
  if (typeof value !== 'string' || value === '') return null;
  const moment = dayjs(value);
  return moment.isValid() ? { date: moment.format('YYYY-MM-DD'), time: moment.format('HH:mm') } : null;
}

/** A day and a time on the browser's clock as the API's ISO 8601 with offset: `2026-11-26T23:30:00+01:00`. */
export function dateTimeValue(date: string, time: string): string {
  return dayjs(`${date}T${time}:00`).format('YYYY-MM-DDTHH:mm:ssZ');
}
