/**
 * `api.period` (docs/spec-language.md#a-list-searched-by-period): a list searched over a date range of at most
 * some months (seed 002 §9: movements 1 to 3 months). One verdict for the API (which refuses the search) and the
 * list page (which says it without asking), so both give the same message for the same dates.
 */

export interface SearchPeriodModel {
  /** The query parameters of the range's ends (`<param>Da`, `<param>A`). */
  from: string;
  to: string;
  maxMonths: number;
  /** How many months back from today the list page starts when the address names no period. */
  defaultMonths: number;
  /**
   * The latest end a search may have, counted from today (seed 002 §5: the debit letters' end date "is limited to
   * the start of the previous month"); `endOfDownloadMonth` is the last day of the month of today minus 5 days minus
   * one month (seed 002 §5 "Download month limit": on 27 November 2026 the end of October, on 3 December still the end
   * of October); absent, any end.
   */
  latestEnd?: LatestEnd;
  /** The earliest start a search may have, `YYYY-MM-DD` (seed 002 §5: the downloads start at July 2019); absent, any. */
  earliestStart?: string;
  /**
   * `tooLate` is said when the end is after `latestEnd`, `tooEarly` when the start is before `earliestStart`; `{data}`
   * becomes that limit as dd/MM/yyyy.
   */
  messages: { required: string; order: string; tooLong: string; tooLate?: string; tooEarly?: string };
}

type LatestEnd = 'startOfPreviousMonth' | 'endOfDownloadMonth';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `date` moved by whole calendar months; a day the target month lacks becomes its last day (31 May minus three
 * months is 28 or 29 February, not 3 March). Dates are `YYYY-MM-DD`, read and written in UTC.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(d, last));
  return moved.toISOString().slice(0, 10);
}

/**
 * Why a search over [from, to] is refused, as `{ param, message }` (the parameter the message belongs on), or
 * undefined when it may run. Both ends are needed; the period runs forward and spans at most `maxMonths`
 * calendar months (from 26 August to 26 November is three months; to 27 November is more).
 */
export function periodRefusal(period: SearchPeriodModel, from: unknown, to: unknown, today: string = romeToday()): { param: string; message: string } | undefined {
  const start = typeof from === 'string' ? from.trim() : '';
  const end = typeof to === 'string' ? to.trim() : '';
  if (!start) return { param: period.from, message: period.messages.required };
  if (!end) return { param: period.to, message: period.messages.required };
  // A malformed date is the request validator's to refuse (400 with the field's type message); here it passes.
  if (!ISO_DATE.test(start) || !ISO_DATE.test(end)) return undefined;
  if (start > end) return { param: period.from, message: period.messages.order };
  const latest = latestEndOf(period, today);
  if (latest !== undefined && end > latest) {
    return { param: period.to, message: (period.messages.tooLate ?? period.messages.order).replace('{data}', italianDate(latest)) };
  }
  if (period.earliestStart !== undefined && start < period.earliestStart) {
    return { param: period.from, message: (period.messages.tooEarly ?? period.messages.order).replace('{data}', italianDate(period.earliestStart)) };
  }
  if (start < addMonths(end, -period.maxMonths)) return { param: period.from, message: period.messages.tooLong };
  return undefined;
}

/** The period the list page opens with: the last `defaultMonths` months up to today (or up to the latest end). */
export function defaultPeriod(period: Pick<SearchPeriodModel, 'defaultMonths' | 'latestEnd'>, today: string): { from: string; to: string } {
  const latest = latestEndOf(period, today);
  const to = latest !== undefined && latest < today ? latest : today;
  return { from: addMonths(to, -period.defaultMonths), to };
}

/** The latest end a search may have today, `YYYY-MM-DD`, or undefined when the period sets none. */
export function latestEndOf(period: Pick<SearchPeriodModel, 'latestEnd'>, today: string): string | undefined {
  if (!ISO_DATE.test(today)) return undefined;
  if (period.latestEnd === 'startOfPreviousMonth') return addMonths(`${today.slice(0, 8)}01`, -1);
  if (period.latestEnd !== 'endOfDownloadMonth') return undefined;
  const fiveDaysBefore = shiftDays(today, -5);
  return shiftDays(`${fiveDaysBefore.slice(0, 8)}01`, -1);   // the day before the first of that month
}

/** `date` moved by whole days (UTC, `YYYY-MM-DD`). */
export function shiftDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today on the calendar of the product's users (Italy), for a server whose clock may run on UTC. */
export function romeToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function italianDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
