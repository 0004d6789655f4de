/**
 * A report file (docs/spec-language.md#reports) resolved against its entity: every measure, dimension, filter,
 * exclusion and chart names a field the entity has, of a type it can be aggregated or grouped by; each mistake is
 * reported at its line, so the page and the API never meet a report they cannot run.
 */
import type { EntityModel, FieldModel } from '../../common/model.js';
import { COMPARE_KINDS, LATEST_PLACEHOLDER, type ReportCompare } from '../../common/report-compare.js';
import { MINIMUM_PLACEHOLDER, type ReportPeers } from '../../common/report-peers.js';
import { FILTERABLE_DIMENSIONS, type ReportDimension, type ReportMeasure, type ReportModel } from '../../common/report.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';
import type { SpecFile } from '../validate/schema-check.js';
import { buildRollups } from './build-rollup.js';
import type { RawReport } from './spec-types.js';

const DEFAULT_LIMIT = 100;
/** The page numbers a paged report's pager shows at most (docs/spec-language.md#paged-groupings). */
const DEFAULT_PAGE_WINDOW = 5;
const MAX_CHART_ITEMS = 12;
const VIEW_ACTION = 'VISUALIZZAZIONE';

export function buildReport(
  { raw, source }: SpecFile<'report'>, entities: readonly EntityModel[], functions: Readonly<Record<string, string>>,
  actions: Readonly<Record<string, string>>, diagnostics: Diagnostic[],
): ReportModel | undefined {
  const at = (...path: PathSegment[]) => source.positionOf(path);
  const report = (path: PathSegment[], message: string) => { diagnostics.push({ ...at(...path), message }); };
  const entity = entities.find((e) => e.name === raw.entity);
  if (!entity) {
    report(['entity'], `Report ${raw.report} names entity '${raw.entity}', which the spec lacks.${didYouMean(raw.entity, entities.map((e) => e.name))}`);
    return undefined;
  }
  const before = diagnostics.length;
  const fieldAt = (name: string, path: PathSegment[]): FieldModel | undefined => {
    const field = entity.fields.find((f) => f.name === name);
    if (!field) report(path, `'${name}' is not a field of ${entity.name}.${didYouMean(name, entity.fields.map((f) => f.name))}`);
    return field;
  };

  const permission = permissionOf(raw, entity, functions, actions, report);
  const fieldFilters: string[] = [];
  const filterNames: NonNullable<ReportModel['filterNames']> = {};
  const dimensionFilterSpecs: { at: number; dimension: string; param: string; label?: string }[] = [];
  for (const [i, entry] of (raw.filters ?? []).entries()) {
    if (typeof entry !== 'string' && 'dimension' in entry) {
      dimensionFilterSpecs.push({ at: i, ...entry });
      continue;
    }
    const name = typeof entry === 'string' ? entry : entry.field;
    const path: PathSegment[] = typeof entry === 'string' ? ['filters', i] : ['filters', i, 'field'];
    const field = fieldAt(name, path);
    if (field && !field.search) report(path, `Filter '${name}' needs a search mode on ${entity.name}.${name} (search: exact, range ...): the report reuses the list's filter.`);
    fieldFilters.push(name);
    if (typeof entry !== 'string') filterNames[name] = { param: entry.param, ...(entry.label ? { label: entry.label } : {}) };
  }
  const period = periodOf(raw, fieldAt, report);
  const exclude = Object.entries(raw.exclude ?? {}).map(([name, values]) => {
    const field = fieldAt(name, ['exclude', name]);
    const codes = values;
    const unknown = field?.options ? codes.filter((c) => !field.options?.some((o) => o.value === c)) : [];
    if (unknown.length) report(['exclude', name], `Exclusion of ${name} names ${unknown.join(', ')}, not a value of the enum.`);
    return { field: name, values: codes };
  });
  const measures = Object.entries(raw.measures).map(([name, m]) => measureOf(name, m, fieldAt, report));
  const dimensions = Object.entries(raw.dimensions).map(([name, d]) => {
    const dimension = dimensionOf(name, d, fieldAt, report);
    const tied = valueFunctionsOf(name, d, dimension, entity, functions, report);
    return tied ? { ...dimension, valueFunctions: tied } : dimension;
  });
  const measureNames = measures.map((m) => m.name);
  const dimensionNames = dimensions.map((d) => d.name);
  const defaultDimension = raw.defaultDimension ?? dimensionNames[0];
  if (!dimensionNames.includes(defaultDimension)) report(['defaultDimension'], `defaultDimension '${defaultDimension}' is not a dimension of ${raw.report}.${didYouMean(defaultDimension, dimensionNames)}`);
  const sortOf = (text: string | undefined, path: PathSegment[]) => {
    const by = (text ?? 'key').replace(/^-/, '');
    if (by !== 'key' && !measureNames.includes(by)) report(path, `sort '${text ?? ''}' names neither a measure nor 'key'.${didYouMean(by, measureNames)}`);
    return { by, descending: (text ?? '').startsWith('-') };
  };
  const sort = sortOf(raw.sort, ['sort']);
  for (const d of dimensions) {
    const own = raw.dimensions[d.name].sort;
    if (own !== undefined) d.sort = sortOf(own, ['dimensions', d.name, 'sort']);
  }
  const charts = (raw.charts ?? []).map((c, i) => {
    if (!dimensionNames.includes(c.dimension)) report(['charts', i, 'dimension'], `Chart dimension '${c.dimension}' is not a dimension of ${raw.report}.${didYouMean(c.dimension, dimensionNames)}`);
    if (!measureNames.includes(c.measure)) report(['charts', i, 'measure'], `Chart measure '${c.measure}' is not a measure of ${raw.report}.${didYouMean(c.measure, measureNames)}`);
    const title = c.title ?? `${measures.find((m) => m.name === c.measure)?.label ?? c.measure} per ${(dimensions.find((d) => d.name === c.dimension)?.label ?? c.dimension).toLowerCase()}`;
    return { type: c.type, dimension: c.dimension, measure: c.measure, title, limit: c.limit ?? MAX_CHART_ITEMS };
  });
  const rollups = buildRollups(raw, entity, { measures, dimensions, periodField: period?.field }, report);
  const conditional = measures.find((m) => m.where || m.negative);
  if (raw.rollups && conditional) report(['rollups'], `Report ${raw.report} has conditional measures (${conditional.name}): a rollup keeps no row's codes, so it could not answer them.`);
  // A rollup keeps one row per kept value, not the fields of a group of several.
  if (raw.rollups && dimensions.some((d) => d.fields)) report(['rollups'], `Report ${raw.report} has a dimension of several fields: rollups cannot answer it yet.`);
  const dimensionFilters = dimensionFilterSpecs.map(({ at, dimension: name, param, label }) => {
    const dimension = dimensions.find((d) => d.name === name);
    if (!dimension) report(['filters', at, 'dimension'], `Filter dimension '${name}' is not a dimension of ${raw.report}.${didYouMean(name, dimensions.map((d) => d.name))}`);
    else if (!FILTERABLE_DIMENSIONS.includes(dimension.by) || dimension.fields) {
      report(['filters', at, 'dimension'], `Filter dimension '${name}' groups by ${dimension.fields ? 'several fields' : dimension.by}: only a weekday or a slot is filtered by its derived value (a value has its field's own filter).`);
    }
    return { param, dimension: name, label: label ?? dimension?.label ?? name };
  });
  const params = [...Object.values(filterNames).map((n) => n.param), ...dimensionFilters.map((f) => f.param)];
  const taken = new Set([...entity.fields.map((f) => f.filterParam), 'per', 'limite', 'pagina', 'formato', 'annoMeseDa', 'annoMeseA', raw.peers?.same.param, ...Object.keys(raw.peers?.narrow ?? {})]);
  for (const [i, entry] of (raw.filters ?? []).entries()) {
    if (typeof entry === 'string') continue;
    const clash = taken.has(entry.param) && !(('field' in entry) && entity.fields.find((f) => f.name === entry.field)?.filterParam === entry.param);
    if (clash || params.filter((p) => p === entry.param).length > 1) report(['filters', i, 'param'], `Filter parameter '${entry.param}' is already a parameter of ${raw.report}: each filter needs its own.`);
  }
  const compare = compareOf(raw, dimensions, period, report);
  const exportPeriod = exportPeriodOf(raw, period, report);
  const detail = detailOf(raw, entity, entities, dimensions, report);
  const peers = peersOf(raw, entity, entities, dimensions, period, fieldAt, report);
  // A comparison answers months side by side and peers their averages: neither has pages of groups.
  if (raw.paging && (raw.compare || raw.peers)) report(['paging'], `Report ${raw.report} ${raw.compare ? 'compares periods' : 'compares with peers'}: only a report's own grouping is paged.`);
  if (diagnostics.length > before) return undefined;
  const label = raw.label ?? raw.report;
  return {
    name: raw.report, label, entity: entity.name, permission, path: raw.path, route: raw.route ?? `/report/${raw.path}`,
    ...(raw.menu ? { menu: { group: raw.menu.group, label: raw.menu.label ?? label, order: raw.menu.order ?? 100, ...(raw.menu.icon ? { icon: raw.menu.icon } : {}) } } : {}),
    filters: fieldFilters, ...(Object.keys(filterNames).length ? { filterNames } : {}), ...(dimensionFilters.length ? { dimensionFilters } : {}),
    ...(period ? { period } : {}), exclude, measures, dimensions, defaultDimension,
    sort, limit: raw.limit ?? DEFAULT_LIMIT, ...(raw.paging ? { paging: { pageSize: raw.paging.pageSize, window: raw.paging.window ?? DEFAULT_PAGE_WINDOW } } : {}), exportFormats: raw.export?.formats ?? [], ...(raw.export?.emptyMessage ? { exportEmptyMessage: raw.export.emptyMessage } : {}), ...(exportPeriod ? { exportPeriod } : {}), charts, ...(rollups.length ? { rollups } : {}),
    ...(detail ? { detail } : {}), ...(compare ? { compare } : {}), ...(peers ? { peers } : {}), source: source.file,
  };
}

type Report = (path: PathSegment[], message: string) => void;
type FieldAt = (name: string, path: PathSegment[]) => FieldModel | undefined;

/** FUNCTION or FUNCTION:ACTION of the catalogue; the entity's list permission when the report names none. */
function permissionOf(raw: RawReport, entity: EntityModel, functions: Readonly<Record<string, string>>, actions: Readonly<Record<string, string>>, report: Report): string {
  if (!raw.permission) return entity.api.permissions.list;
  const [fn, action = VIEW_ACTION] = raw.permission.split(':');
  if (!(fn in functions)) report(['permission'], `Function ${fn} is not in spec/platform/functions.yaml.${didYouMean(fn, Object.keys(functions))}`);
  if (!(action in actions)) report(['permission'], `Action ${action} is not among the actions of spec/platform/functions.yaml.${didYouMean(action, Object.keys(actions))}`);
  return `${fn}:${action}`;
}

function periodOf(raw: RawReport, fieldAt: FieldAt, report: Report): ReportModel['period'] {
  const spec = raw.period;
  if (!spec) return undefined;
  const field = fieldAt(spec.field, ['period', 'field']);
  if (!field) return undefined;
  if (field.type !== 'date' || field.search !== 'range') {
    report(['period', 'field'], `period field '${spec.field}' must be a date with search: range (it is ${field.type}${field.search ? `, search: ${field.search}` : ''}).`);
    return undefined;
  }
  const defaultMonths = spec.defaultMonths ?? 1;
  if (defaultMonths > spec.maxMonths) report(['period', 'defaultMonths'], `period defaultMonths ${defaultMonths} is more than maxMonths ${spec.maxMonths}: the page would open on a period it refuses.`);
  return { field: field.name, from: `${field.filterParam}Da`, to: `${field.filterParam}A`, maxMonths: spec.maxMonths, defaultMonths, messages: spec.messages };
}

/**
 * The export's own longest period (spec `export.maxMonths` / `export.tooLongMessage`, docs/spec-language.md#report-exports;
 * seed 002 §5 'La funzionalità "Esporta tutti gli esercenti" è utilizzabile solo per un periodo di un anno'): checked
 * as the report's period is, with its own length and words. It needs the period, and never allows more than it.
 */
function exportPeriodOf(raw: RawReport, period: ReportModel['period'], report: Report): ReportModel['exportPeriod'] {
  const spec = raw.export;
  if (!spec || (spec.maxMonths === undefined && spec.tooLongMessage === undefined)) return undefined;
  if (!period) {
    report(['export'], `Report ${raw.report} limits its export's period but declares no period: the export's period is checked as the report's.`);
    return undefined;
  }
  const maxMonths = spec.maxMonths ?? period.maxMonths;
  if (maxMonths > period.maxMonths) report(['export', 'maxMonths'], `export maxMonths ${maxMonths} is more than the period's maxMonths ${period.maxMonths}: the report refuses such a period first.`);
  return { maxMonths, tooLongMessage: spec.tooLongMessage ?? period.messages.tooLong };
}

/**
 * A comparison reads each period as the report's period, grouped by month: it needs the period (its field and its
 * length check) and a dimension of that field by month.
 */
function compareOf(raw: RawReport, dimensions: readonly ReportDimension[], period: ReportModel['period'], report: Report): ReportCompare | undefined {
  const spec = raw.compare;
  if (!spec) return undefined;
  const dimension = dimensions.find((d) => d.name === spec.dimension);
  if (!period) report(['compare'], `Report ${raw.report} compares periods but declares no period: each period is read and checked as the report's period.`);
  if (!dimension) report(['compare', 'dimension'], `compare dimension '${spec.dimension}' is not a dimension of ${raw.report}.${didYouMean(spec.dimension, dimensions.map((d) => d.name))}`);
  else if (dimension.by !== 'month' || (period && dimension.field !== period.field)) {
    report(['compare', 'dimension'], `compare dimension '${spec.dimension}' must group the period's date field${period ? ` ${period.field}` : ''} by month.`);
  }
  if (period && period.maxMonths < 12 && (spec.kinds ?? COMPARE_KINDS).includes('anno')) {
    report(['period', 'maxMonths'], `Report ${raw.report} compares years, but its period allows ${period.maxMonths} months: a year needs 12.`);
  }
  if (!spec.messages.tooRecent.includes(LATEST_PLACEHOLDER)) report(['compare', 'messages', 'tooRecent'], `compare message tooRecent should name the latest month with ${LATEST_PLACEHOLDER}.`);
  return { dimension: spec.dimension, kinds: spec.kinds ?? [...COMPARE_KINDS], settleDays: spec.settleDays ?? 0, messages: spec.messages };
}

/**
 * The list behind each group: an entity listing the report's rows (the entity itself or a view of it) with a list
 * route. A dimension links when that list filters by its field: a value by the field's parameter, a day of a date
 * searched by range by the list's two dates; other dimensions (a month, a weekday, a slot) do not link.
 */
function detailOf(raw: RawReport, entity: EntityModel, entities: readonly EntityModel[], dimensions: readonly ReportDimension[], report: Report): ReportModel['detail'] {
  if (raw.detail === undefined) return undefined;
  const target = entities.find((e) => e.name === raw.detail);
  if (!target) {
    report(['detail'], `detail names entity '${raw.detail}', which the spec lacks.${didYouMean(raw.detail, entities.map((e) => e.name))}`);
    return undefined;
  }
  if (target.name !== entity.name && target.viewOf !== entity.name) report(['detail'], `detail '${raw.detail}' lists other rows: it must be ${entity.name} or a view of it.`);
  if (!target.list) {
    report(['detail'], `detail '${raw.detail}' has no list route to open.`);
    return undefined;
  }
  const params: NonNullable<ReportModel['detail']>['params'] = {};
  for (const d of dimensions) {
    const field = target.fields.find((f) => f.name === d.field);
    if (!field?.search) continue;
    if (d.by === 'value') params[d.name] = { param: field.filterParam };
    else if (d.by === 'day' && field.search === 'range') params[d.name] = { from: `${field.filterParam}Da`, to: `${field.filterParam}A` };
  }
  return { entity: target.name, route: target.list.route, label: target.labelPlural, params };
}

/**
 * A comparison with peers reads the caller's units and the others' through a reference (a movement's store): the
 * unit and the reference are fields of the entity, the trait and the narrowings fields of the referenced one; the
 * month range is the period's (its length), the dimensions the report's; no compare, no export (not declared yet).
 */
function peersOf(
  raw: RawReport, entity: EntityModel, entities: readonly EntityModel[], dimensions: readonly ReportDimension[], period: ReportModel['period'],
  fieldAt: FieldAt, report: Report,
): ReportPeers | undefined {
  const spec = raw.peers;
  if (!spec) return undefined;
  if (!period) report(['peers'], `Report ${raw.report} compares with peers but declares no period: the month range is checked as the period.`);
  if (raw.compare) report(['peers'], `Report ${raw.report} has both compare and peers: one page, one kind of comparison.`);
  if (raw.export) report(['export'], `Report ${raw.report} compares with peers: its export is not supported.`);
  fieldAt(spec.unit, ['peers', 'unit']);
  const through = fieldAt(spec.through, ['peers', 'through']);
  if (through && (through.type !== 'reference' || !through.reference)) report(['peers', 'through'], `peers through '${spec.through}' must be a reference field (it is ${through.type}).`);
  const target = through?.reference ? entities.find((e) => e.name === through.reference?.entity) : undefined;
  const targetField = (name: string, path: PathSegment[]) => {
    if (!target) return undefined;
    const field = target.fields.find((f) => f.name === name);
    if (!field) report(path, `'${name}' is not a field of ${target.name}.${didYouMean(name, target.fields.map((f) => f.name))}`);
    return field;
  };
  const same = targetField(spec.same.field, ['peers', 'same', 'field']);
  if (spec.same.labelField) targetField(spec.same.labelField, ['peers', 'same', 'labelField']);
  const narrow = Object.entries(spec.narrow ?? {}).map(([param, n]) => {
    const field = targetField(n.field, ['peers', 'narrow', param, 'field']);
    if (field && n.by === 'regione' && field.format !== 'provincia') report(['peers', 'narrow', param, 'by'], `Narrowing ${param} reads '${n.field}' by region: it must be a field of format provincia.`);
    return { param, field: n.field, label: n.label ?? (n.by === 'regione' ? 'Regione' : field?.label ?? param), ...(n.by ? { by: n.by } : {}) };
  });
  const params = [spec.same.param, ...narrow.map((n) => n.param)];
  if (new Set(params).size !== params.length) report(['peers', 'narrow'], `peers parameters repeat: ${params.join(', ')}.`);
  for (const [i, name] of spec.dimensions.entries()) {
    if (!dimensions.some((d) => d.name === name)) report(['peers', 'dimensions', i], `peers dimension '${name}' is not a dimension of ${raw.report}.${didYouMean(name, dimensions.map((d) => d.name))}`);
  }
  if (!spec.messages.tooFew.includes(MINIMUM_PLACEHOLDER)) report(['peers', 'messages', 'tooFew'], `peers message tooFew should name the minimum with ${MINIMUM_PLACEHOLDER}.`);
  return {
    unit: spec.unit, through: spec.through, throughEntity: target?.name ?? '', throughKey: through?.reference?.field ?? '',
    same: { param: spec.same.param, field: spec.same.field, label: spec.same.label ?? same?.label ?? spec.same.param, ...(spec.same.labelField ? { labelField: spec.same.labelField } : {}) },
    narrow, minimum: spec.minimum, dimensions: spec.dimensions, messages: spec.messages,
  };
}

function measureOf(name: string, m: RawReport['measures'][string], fieldAt: FieldAt, report: Report): ReportMeasure {
  const kind = m.sum !== undefined ? 'sum' : m.average !== undefined ? 'average' : 'count';
  const fieldName = m.sum ?? m.average;
  const kinds = [m.sum, m.average, m.count].filter((k) => k !== undefined).length;
  if (kinds !== 1) report(['measures', name], `Measure ${name} must be exactly one of sum: <field>, average: <field> or count: true (it has ${kinds}).`);
  if (fieldName !== undefined) {
    const field = fieldAt(fieldName, ['measures', name, kind]);
    if (field && field.type !== 'integer' && field.type !== 'decimal') report(['measures', name, kind], `Measure ${name} ${kind}s '${fieldName}', a ${field.type} field: only integer and decimal fields add up.`);
  }
  const conditionsOf = (key: 'where' | 'unless' | 'negative') => Object.entries(m[key] ?? {}).map(([f, values]) => {
    const field = fieldAt(f, ['measures', name, key, f]);
    if (field && !field.options && field.type !== 'reference' && field.type !== 'string') report(['measures', name, key, f], `Measure ${name} ${key} '${f}', a ${field.type} field: conditions name codes, of an enum, a reference or a text field.`);
    const unknown = field?.options ? values.filter((c) => !field.options?.some((o) => o.value === c)) : [];
    if (unknown.length) report(['measures', name, key, f], `Measure ${name} ${key} names ${unknown.join(', ')}, not a value of ${f}.`);
    return { field: f, values, ...(key === 'unless' ? { not: true } : {}) };
  });
  const where = [...conditionsOf('where'), ...conditionsOf('unless')];
  const negative = conditionsOf('negative');
  if (negative.length && kind === 'count') report(['measures', name, 'negative'], `Measure ${name} counts rows: a count has no sign, negative applies to sums and averages.`);
  return {
    name, label: m.label, kind, ...(fieldName !== undefined ? { field: fieldName } : {}), format: m.format ?? (kind === 'count' ? 'integer' : 'euro'),
    ...(where.length ? { where } : {}), ...(negative.length ? { negative } : {}),
  };
}

function dimensionOf(name: string, d: RawReport['dimensions'][string], fieldAt: FieldAt, report: Report): ReportDimension {
  if (d.fields) return crossOf(name, d, d.fields, fieldAt, report);
  if (d.field === undefined) report(['dimensions', name], `Dimension ${name} needs field (or fields, a group of several).`);
  const fieldName = d.field ?? '';
  const field = fieldAt(fieldName, ['dimensions', name, 'field']);
  const by = d.slots ? 'slot' : d.by ?? 'value';
  const label = d.label ?? field?.label ?? name;
  if (field && d.slots && d.by) report(['dimensions', name, 'by'], `Dimension ${name} has slots: it groups by slot, 'by' does not apply.`);
  if (field && (by === 'day' || by === 'month' || by === 'year' || by === 'weekday') && field.type !== 'date') {
    report(['dimensions', name, 'by'], `Dimension ${name} groups '${fieldName}' by ${by}, but it is a ${field.type} field: only a date has days, months, years and weekdays.`);
  }
  if (field && by === 'slot' && field.type !== 'string') report(['dimensions', name, 'slots'], `Dimension ${name} puts '${fieldName}' in time slots, but it is a ${field.type} field: slots need a time of day as hh:mm:ss text.`);
  if (field && by === 'value' && (field.type === 'decimal' || field.type === 'datetime' || field.secret)) {
    report(['dimensions', name, 'field'], `Dimension ${name} groups by '${fieldName}', a ${field.secret ? 'secret' : field.type} field: every row would be a group of its own.`);
  }
  (d.slots ?? []).forEach((s, i) => { if (s.from >= s.to) report(['dimensions', name, 'slots', i], `Slot ${s.label} starts at ${s.from}, not before its end ${s.to}.`); });
  return { name, label, field: fieldName, by, ...(d.slots ? { slots: d.slots } : {}) };
}

/** A group per combination of several fields: each a value a group can have (no decimal, date, time, secret). */
function crossOf(name: string, d: RawReport['dimensions'][string], fields: string[], fieldAt: FieldAt, report: Report): ReportDimension {
  if (d.field !== undefined || d.by !== undefined || d.slots) report(['dimensions', name], `Dimension ${name} groups by fields: field, by and slots do not apply.`);
  const models = fields.map((f, i) => fieldAt(f, ['dimensions', name, 'fields', i]));
  models.forEach((field, i) => {
    if (field && (field.type === 'decimal' || field.type === 'datetime' || field.type === 'date' || field.secret)) {
      report(['dimensions', name, 'fields', i], `Dimension ${name} groups by '${field.name}', a ${field.secret ? 'secret' : field.type} field: only values a group can share combine.`);
    }
  });
  const label = d.label ?? models.map((f, i) => f?.label ?? fields[i]).join(' / ');
  return { name, label, field: fields[0], by: 'value', fields };
}

/** `valueFunctions`: codes of the grouping's enum, each tied to a declared function. */
function valueFunctionsOf(
  name: string, d: RawReport['dimensions'][string], dimension: ReportDimension, entity: EntityModel,
  functions: Readonly<Record<string, string>>, report: Report,
): Record<string, string> | undefined {
  if (!d.valueFunctions) return undefined;
  const options = dimension.by === 'value' && !dimension.fields ? entity.fields.find((f) => f.name === dimension.field)?.options : undefined;
  if (!options) {
    report(['dimensions', name, 'valueFunctions'], `Dimension ${name} is not an enum's value: valueFunctions name the codes of one enum field.`);
    return undefined;
  }
  for (const [code, fn] of Object.entries(d.valueFunctions)) {
    const path: PathSegment[] = ['dimensions', name, 'valueFunctions', code];
    if (!options.some((o) => o.value === code)) report(path, `'${code}' is not a value of ${dimension.field}.${didYouMean(code, options.map((o) => o.value))}`);
    if (!(fn in functions)) report(path, `'${fn}' is not a function of spec/platform/functions.yaml.${didYouMean(fn, Object.keys(functions))}`);
  }
  return d.valueFunctions;
}
