/**
 * A dashboard file (docs/spec-language.md#dashboards) resolved against its report: the figures and charts name the
 * report's measures and dimensions, the selector one of its filters, and the days fit the report's period, each
 * mistake at its line, so the page never asks the report what it cannot answer.
 */
import type { DashboardModel } from '../../common/dashboard.js';
import type { EntityModel } from '../../common/model.js';
import { CROSS_SEPARATOR, type ReportDimension, type ReportModel } from '../../common/report.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';
import type { SpecFile } from '../validate/schema-check.js';

/** The shortest month: a period of maxMonths months always holds maxMonths * 28 days. */
const SHORTEST_MONTH_DAYS = 28;

export function buildDashboard(
  { raw, source }: SpecFile<'dashboard'>, reports: readonly ReportModel[], entities: readonly EntityModel[], diagnostics: Diagnostic[],
): DashboardModel | undefined {
  const report = (path: PathSegment[], message: string) => { diagnostics.push({ ...source.positionOf(path), message }); };
  const base = reports.find((r) => r.name === raw.report);
  if (!base) {
    report(['report'], `Dashboard ${raw.dashboard} names report '${raw.report}', which the spec lacks.${didYouMean(raw.report, reports.map((r) => r.name))}`);
    return undefined;
  }
  const before = diagnostics.length;
  if ((raw.lastDays === undefined) === (raw.day === undefined)) report(['lastDays'], `Dashboard ${raw.dashboard} needs exactly one of lastDays (the last days) and day: true (a day the user picks).`);
  if (!base.period) report(['report'], `Report ${base.name} has no period: a dashboard shows the last days, so its report needs period: { field: <a date> }.`);
  else if (raw.lastDays !== undefined && raw.lastDays > base.period.maxMonths * SHORTEST_MONTH_DAYS) {
    report(['lastDays'], `lastDays ${raw.lastDays} may be longer than the ${base.period.maxMonths} month(s) report ${base.name} allows: at most ${base.period.maxMonths * SHORTEST_MONTH_DAYS}.`);
  }
  if (raw.selector !== undefined && !base.filters.includes(raw.selector)) {
    report(['selector'], `Selector '${raw.selector}' is not a filter of report ${base.name}.${didYouMean(raw.selector, base.filters)}`);
  }
  const measureNames = base.measures.map((m) => m.name);
  const measure = (name: string, path: PathSegment[]) => {
    if (!measureNames.includes(name)) report(path, `'${name}' is not a measure of report ${base.name}.${didYouMean(name, measureNames)}`);
  };
  raw.figures.forEach((name, i) => { measure(name, ['figures', i]); });
  const entity = entities.find((e) => e.name === base.entity);
  const dimensionAt = (name: string, path: PathSegment[]) => {
    const dimension = base.dimensions.find((d) => d.name === name);
    if (!dimension) report(path, `'${name}' is not a dimension of report ${base.name}.${didYouMean(name, base.dimensions.map((d) => d.name))}`);
    return dimension;
  };
  // An enum's every value, or every combination of a group of several enums: each gets its column or row.
  const valuesOf = (dimension: ReportDimension | undefined) => {
    if (dimension?.by !== 'value') return undefined;
    const lists = (dimension.fields ?? [dimension.field]).map((f) => entity?.fields.find((x) => x.name === f)?.options);
    if (lists.some((l) => !l)) return undefined;
    const combined = lists.reduce<{ value: string; label: string }[]>((acc, list) => acc.flatMap((a) => (list ?? []).map((o) => (
      a.value === '' && a.label === '' ? { value: o.value, label: o.label } : { value: `${a.value}${CROSS_SEPARATOR}${o.value}`, label: `${a.label} · ${o.label}` }
    ))), [{ value: '', label: '' }]);
    // A value tied to a function (the report's valueFunctions): the answer says when it is withheld from the caller.
    const tied = dimension.valueFunctions ?? {};
    return combined.map((o) => (tied[o.value] ? { ...o, function: tied[o.value] } : o));
  };
  const charts = (raw.charts ?? []).map((c, i) => {
    measure(c.measure, ['charts', i, 'measure']);
    const dimension = dimensionAt(c.dimension, ['charts', i, 'dimension']);
    if (c.span && !raw.day) report(['charts', i, 'span'], `Chart span '${c.span}' needs day: true (the month of the chosen day).`);
    const values = valuesOf(dimension);
    const label = base.measures.find((m) => m.name === c.measure)?.label ?? c.measure;
    return {
      dimension: c.dimension, measure: c.measure, title: c.title ?? `${label} per ${(dimension?.label ?? c.dimension).toLowerCase()}`,
      ...(values ? { values } : {}), ...(c.span ? { span: c.span } : {}),
    };
  });
  const tables = (raw.tables ?? []).map((t, i) => {
    const dimension = dimensionAt(t.dimension, ['tables', i, 'dimension']);
    t.measures.forEach((name, j) => { measure(name, ['tables', i, 'measures', j]); });
    const values = valuesOf(dimension);
    return { dimension: t.dimension, measures: t.measures, title: t.title ?? dimension?.label ?? t.dimension, ...(values ? { values } : {}) };
  });
  if (diagnostics.length > before) return undefined;
  return {
    name: raw.dashboard, label: raw.label ?? raw.dashboard, report: base.name, route: raw.route, permission: base.permission,
    ...(raw.lastDays !== undefined ? { lastDays: raw.lastDays } : {}), ...(raw.day ? { day: true } : {}),
    ...(raw.menu ? { menu: { group: raw.menu.group, label: raw.menu.label ?? raw.label ?? raw.dashboard, order: raw.menu.order ?? 100, ...(raw.menu.icon ? { icon: raw.menu.icon } : {}) } } : {}),
    ...(raw.selector !== undefined ? { selector: raw.selector } : {}), figures: raw.figures, charts, tables, source: source.file,
  };
}
