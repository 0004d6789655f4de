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
}

export interface DashboardModel {
  name: string;
  label: string;
  report: string;
  route: string;
  /** The report's FUNCTION:ACTION. */
  permission: string;
  /** The period: the last N days up to today, today included. */
  lastDays: number;
  /** A report filter offered as a select (its query parameter is the filter's). */
  selector?: string;
  /** Measures shown as the period's totals. */
  figures: string[];
  charts: DashboardChart[];
  source: string;
}

/** The first and last day (YYYY-MM-DD) of the last `days` days up to `today` (YYYY-MM-DD), today included. */
export function lastDaysPeriod(days: number, today: string): { from: string; to: string } {
  const first = new Date(`${today}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - (days - 1));
  return { from: first.toISOString().slice(0, 10), to: today };
}
