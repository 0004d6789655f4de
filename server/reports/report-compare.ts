/**
 * A report's comparison of two periods (docs/spec-language.md#period-comparison): each period read as the report
 * itself reads a period (its scope, filters, exclusions, rollups), grouped by month, then set side by side month by
 * month with the change from the second period to the first in percent.
 */
import type { Request, Response } from 'express';
import { compareRequest, monthLabel, monthsSpan, percentChange } from '../../common/report-compare.js';
import { REPORT_GROUP_PARAM, type ReportModel } from '../../common/report.js';
import { todayIso } from '../../common/flussi-dates.js';
import type { Caller } from '../domain/auth/caller.js';
import { ApiError } from '../http/api-error.js';
import type { EntityService } from '../crud/entity-service.js';
import type { FilterParam } from '../crud/list-query.js';
import { computeReportFrom, type ReportAnswer } from './report-route.js';

type Figures = Record<string, number | null>;

/** The comparison's answer: the two periods named, one row per month position, the totals of each period. */
export interface CompareAnswer {
  confronto: string;
  /** The latest comparable month (yyyy-mm): months after it are in neither period. */
  ultimoMese: string;
  periodi: { label: string; da: string; a: string }[];
  rows: { key: string; label: string; mesi: string[]; periodo1: Figures; periodo2: Figures; variazione: Figures }[];
  totals: { periodo1: Figures; periodo2: Figures; variazione: Figures };
}

/** GET /report/<path> of a report with `compare` (server/crud/routes.ts sends it here instead of runReport). */
export async function runCompareReport(service: EntityService, report: ReportModel, filterable: readonly FilterParam[], req: Request, res: Response, caller: Caller): Promise<void> {
  res.json(await compareReport(service, report, filterable, req.query, caller));
}

/** The comparison as the caller may see it, for its page and its file (server/reports/report-export.ts). */
export async function compareReport(
  service: EntityService, report: ReportModel, filterable: readonly FilterParam[], query: Record<string, unknown>, caller: Caller,
): Promise<CompareAnswer> {
  const { period, compare } = report;
  if (!period || !compare) throw new Error(`Report ${report.name} compares periods without a period or compare`);
  const asked = compareRequest(compare, query, todayIso());
  if ('refusal' in asked) throw new ApiError('VALIDATION_ERROR', [{ field: asked.refusal.param, message: asked.refusal.message }]);
  // Each period is the report's own period: its two dates are the list's range filter on the period's field.
  const withPeriod = [...filterable, { param: period.from, field: period.field, range: 'from' as const }, { param: period.to, field: period.field, range: 'to' as const }];
  const filters = Object.fromEntries(Object.entries(query).filter(([k]) => filterable.some((f) => f.param === k)));
  const spans = asked.periods.map((p) => monthsSpan(p.months));
  const [one, two] = await Promise.all(spans.map(async (span) => (await computeReportFrom(
    service, report, withPeriod, { ...filters, [period.from]: span.from, [period.to]: span.to, [REPORT_GROUP_PARAM]: compare.dimension }, caller, false,
  )).answer));
  const names = report.measures.map((m) => m.name);
  const [first, second] = asked.periods;
  const rows = first.months.map((month, i) => {
    const other = second.months[i];
    const periodo1 = figuresOf(one, month, report.measures);
    const periodo2 = figuresOf(two, other, report.measures);
    const [a, b] = [monthName(month), monthName(other)];
    return { key: String(i + 1), label: a === b ? a : `${a} / ${b}`, mesi: [month, other], periodo1, periodo2, variazione: changes(periodo1, periodo2, names) };
  });
  const totals1 = pick(one.totals, names);
  const totals2 = pick(two.totals, names);
  return {
    confronto: asked.kind, ultimoMese: asked.latest,
    periodi: asked.periods.map((p, i) => ({ label: p.label, da: spans[i].from, a: spans[i].to })),
    rows, totals: { periodo1: totals1, periodo2: totals2, variazione: changes(totals1, totals2, names) },
  };
}

/** A month's figures in one period's answer: a month without rows sums and counts 0 and averages to nothing. */
function figuresOf(answer: ReportAnswer, month: string, measures: ReportModel['measures']): Figures {
  const row = answer.rows.find((r) => r.key === month);
  return Object.fromEntries(measures.map((m) => {
    const value = row?.[m.name];
    return [m.name, typeof value === 'number' ? value : m.kind === 'average' ? null : 0];
  }));
}

function pick(values: Record<string, number | null>, names: readonly string[]): Figures {
  return Object.fromEntries(names.map((n) => [n, values[n] ?? null]));
}

function changes(one: Figures, two: Figures, names: readonly string[]): Figures {
  return Object.fromEntries(names.map((n) => [n, percentChange(one[n], two[n])]));
}

/** `2026-10` as "ottobre". */
function monthName(month: string): string {
  return monthLabel(month).split(' ')[0];
}
