/**
 * A dashboard (docs/spec-language.md#dashboards): figures and column charts over the last days, composed of one
 * report's measures and dimensions. It adds no API: the page asks the report's GET /report/<path>, so the report's
 * permission, filters and data scope are the dashboard's. Seed 002 §2 "Merchant home" is one.
 */
export interface DashboardChart {
  dimension: string;
  measure: string;
  title: string;
  /** An enum dimension's every value in the spec's order: each gets its column, 0 when no row has it. */
  values?: { value: string; label: string }[];
  /** With `day`: the chosen day's whole month (not after today) rather than the day. */
  span?: 'month';
}

/** A table of a dimension's groups, a column per measure; `values` as a chart's (every combination of several enums). */
export interface DashboardTable {
  dimension: string;
  measures: string[];
  title: string;
  values?: { value: string; label: string }[];
}

export interface DashboardModel {
  name: string;
  label: string;
  report: string;
  route: string;
  /** The report's FUNCTION:ACTION. */
  permission: string;
  /** The period: the last N days up to today, today included; absent with `day`. */
  lastDays?: number;
  /** One day the user picks (default yesterday), in the address as DASHBOARD_DAY_PARAM. */
  day?: true;
  menu?: { group: string; label: string; order: number; icon?: string };
  tables: DashboardTable[];
  /** A report filter offered as a select (its query parameter is the filter's). */
  selector?: string;
  /** Measures shown as the period's totals. */
  figures: string[];
  charts: DashboardChart[];
  source: string;
}

/** The query parameter of a `day` dashboard's day. */
export const DASHBOARD_DAY_PARAM = 'giorno';

/** The day before `today` (YYYY-MM-DD): a `day` dashboard's default (the last day with all its movements). */
export function yesterdayOf(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The month of `day`, from its first day to its last, never after `today`. */
export function monthOfDay(day: string, today: string): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: `${day.slice(0, 7)}-01`, to: last < today ? last : today };
}

/** The first and last day (YYYY-MM-DD) of the last `days` days up to `today` (YYYY-MM-DD), today included. */
export function lastDaysPeriod(days: number, today: string): { from: string; to: string } {
  const first = new Date(`${today}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - (days - 1));
  return { from: first.toISOString().slice(0, 10), to: today };
}
