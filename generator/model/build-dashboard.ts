/**
 * A dashboard file (docs/spec-language.md#dashboards) resolved against its report: the figures and charts name the
 * report's measures and dimensions, the selector one of its filters, and the days fit the report's period, each
 * mistake at its line, so the page never asks the report what it cannot answer.
 */
import type { DashboardModel } from '../../common/dashboard.js';
import type { EntityModel } from '../../common/model.js';
import type { ReportModel } from '../../common/report.js';
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
  if (!base.period) report(['report'], `Report ${base.name} has no period: a dashboard shows the last days, so its report needs period: { field: <a date> }.`);
  else if (raw.lastDays > base.period.maxMonths * SHORTEST_MONTH_DAYS) {
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
  const charts = (raw.charts ?? []).map((c, i) => {
    measure(c.measure, ['charts', i, 'measure']);
    const dimension = base.dimensions.find((d) => d.name === c.dimension);
    if (!dimension) report(['charts', i, 'dimension'], `'${c.dimension}' is not a dimension of report ${base.name}.${didYouMean(c.dimension, base.dimensions.map((d) => d.name))}`);
    const options = dimension?.by === 'value' ? entity?.fields.find((f) => f.name === dimension.field)?.options : undefined;
    const label = base.measures.find((m) => m.name === c.measure)?.label ?? c.measure;
    return {
      dimension: c.dimension, measure: c.measure, title: c.title ?? `${label} per ${(dimension?.label ?? c.dimension).toLowerCase()}`,
      ...(options ? { values: options.map((o) => ({ value: o.value, label: o.label })) } : {}),
    };
  });
  if (diagnostics.length > before) return undefined;
  return {
    name: raw.dashboard, label: raw.label ?? raw.dashboard, report: base.name, route: raw.route, permission: base.permission,
    lastDays: raw.lastDays, ...(raw.selector !== undefined ? { selector: raw.selector } : {}), figures: raw.figures, charts, source: source.file,
  };
}
