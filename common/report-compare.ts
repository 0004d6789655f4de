/**
 * A report's comparison of two periods (docs/spec-language.md#period-comparison; seed 002 §3 "Statistics
 * parameters" anno1/2, trimestre1/2, meseAnno1/2, §5 "the maximum selectable date is last month"): which months
 * each period holds, how far the comparison may reach, and how the two figures differ. Pure rules the server and
 * the page share.
 */

export type CompareKind = 'anno' | 'trimestre' | 'mese';
export const COMPARE_KINDS: readonly CompareKind[] = ['anno', 'trimestre', 'mese'];

export interface ReportCompare {
  /** The report's date dimension grouped by month: each period is read grouped by it. */
  dimension: string;
  /** The kinds of period the user may compare, the first the default. */
  kinds: CompareKind[];
  /** A month is comparable once this many days of the next month have passed (seed 002 §5: 3). */
  settleDays: number;
  messages: { required: string; tooRecent: string };
}

/** The query parameters: the kind, then the seed's own names for each period's year, quarter and month. */
export const COMPARE_KIND_PARAM = 'confronto';
export const COMPARE_PARAMS = { anno: ['anno1', 'anno2'], trimestre: ['trimestre1', 'trimestre2'], mese: ['meseAnno1', 'meseAnno2'] } as const;
/** Where the message names the latest comparable month. */
export const LATEST_PLACEHOLDER = '{ultimoMese}';

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
/** Seed 002 §9: trimester labels Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec. */
export const QUARTER_LABELS = ['Gen-Mar', 'Apr-Giu', 'Lug-Set', 'Ott-Dic'];

/** `2026-10` as "ottobre 2026". */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** The latest month that may be compared on `today` (yyyy-mm-dd): last month, or the one before in its first `settleDays` days. */
export function latestComparableMonth(today: string, settleDays: number): string {
  const [year, month, day] = today.split('-').map(Number);
  const back = day <= settleDays ? 2 : 1;
  const d = new Date(Date.UTC(year, month - 1 - back, 1));
  return d.toISOString().slice(0, 7);
}

export interface ComparePeriod { label: string; months: string[] }
/** The two periods, cut to the months both may show; or the parameter refused and why. */
export type CompareRequest =
  | { kind: CompareKind; latest: string; periods: [ComparePeriod, ComparePeriod] }
  | { refusal: { param: string; message: string } };

const YEAR = /^(19|20)\d{2}$/;
const QUARTER = /^[1-4]$/;
const MONTH = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/**
 * The request's periods: each as its months in order; then, position by position, only the months that both
 * periods have concluded by `today` (a year still running is compared with the same months of the other year).
 */
export function compareRequest(compare: ReportCompare, query: Record<string, unknown>, today: string): CompareRequest {
  const asked = query[COMPARE_KIND_PARAM];
  const kind = compare.kinds.find((k) => k === asked) ?? (asked === undefined || asked === '' ? compare.kinds[0] : undefined);
  if (!kind) return { refusal: { param: COMPARE_KIND_PARAM, message: compare.messages.required } };
  const read = (i: 0 | 1): ComparePeriod | { param: string } => {
    const year = text(query[COMPARE_PARAMS.anno[i]]);
    if (kind === 'mese') {
      const month = text(query[COMPARE_PARAMS.mese[i]]);
      return MONTH.test(month) ? { label: monthLabel(month), months: [month] } : { param: COMPARE_PARAMS.mese[i] };
    }
    if (!YEAR.test(year)) return { param: COMPARE_PARAMS.anno[i] };
    if (kind === 'anno') return { label: year, months: MONTHS.map((_, m) => `${year}-${pad(m + 1)}`) };
    const quarter = text(query[COMPARE_PARAMS.trimestre[i]]);
    if (!QUARTER.test(quarter)) return { param: COMPARE_PARAMS.trimestre[i] };
    const first = (Number(quarter) - 1) * 3;
    return { label: `${QUARTER_LABELS[Number(quarter) - 1]} ${year}`, months: [0, 1, 2].map((m) => `${year}-${pad(first + m + 1)}`) };
  };
  const one = read(0);
  const two = read(1);
  if (!('months' in one)) return { refusal: { param: one.param, message: compare.messages.required } };
  if (!('months' in two)) return { refusal: { param: two.param, message: compare.messages.required } };
  const latest = latestComparableMonth(today, compare.settleDays);
  const kept = one.months.findIndex((m, i) => m > latest || two.months[i] > latest);
  const count = kept === -1 ? one.months.length : kept;
  if (count === 0) {
    const param = one.months[0] > latest ? COMPARE_PARAMS[kind === 'mese' ? 'mese' : 'anno'][0] : COMPARE_PARAMS[kind === 'mese' ? 'mese' : 'anno'][1];
    return { refusal: { param, message: tooRecentMessage(compare.messages.tooRecent, latest) } };
  }
  return { kind, latest, periods: [{ ...one, months: one.months.slice(0, count) }, { ...two, months: two.months.slice(0, count) }] };
}

/** The spec's message for a period not yet concluded, naming the latest month that is. */
export function tooRecentMessage(message: string, latest: string): string {
  return message.replace(LATEST_PLACEHOLDER, monthLabel(latest));
}

/** The change from the second period's figure to the first's, in percent with two decimals; null where there is no base. */
export function percentChange(current: number | null, base: number | null): number | null {
  if (current === null || base === null || base === 0) return null;
  return Math.round(((current - base) / Math.abs(base)) * 10000) / 100;
}

/** The first and last day of a run of months (yyyy-mm). */
export function monthsSpan(months: readonly string[]): { from: string; to: string } {
  const last = months[months.length - 1];
  const end = new Date(Date.UTC(Number(last.slice(0, 4)), Number(last.slice(5, 7)), 0));
  return { from: `${months[0]}-01`, to: end.toISOString().slice(0, 10) };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
