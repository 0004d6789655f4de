/**
 * Which rollups answer a report request (docs/spec-language.md#rollups): the first of the report's rollups that
 * keeps every field the request touches (each filter given, the grouping's field, the fields of the caller's data
 * scope) at a grain fine enough for it (a month rollup: month or value groupings, periods from a month's first to
 * a month's last day). A month rollup that would answer the period's whole months answers them, and a day rollup
 * the days at either end, added up as one source. Anything else is answered from the entity's rows, with the same
 * figures.
 */
import type { EntityModel } from '../../common/model.js';
import type { ReportRollup } from '../../common/report-rollup.js';
import type { ReportDimension, ReportModel } from '../../common/report.js';
import type { AggregateSource } from '../crud/aggregate.js';
import type { FilterParam } from '../crud/list-query.js';
import { addMonths, shiftDays } from '../../common/search-period.js';
import { quoted, rollupColumns } from './rollup-sql.js';

/** One rollup's rows for the request, its period cut to what the rollup answers. */
export interface RollupPart { rollup: ReportRollup; query: Record<string, unknown> }

/** The rollups that answer a request together: one, or a month rollup's whole months and a day rollup's edge days. */
export interface RollupRead { name: string; parts: RollupPart[] }

export function rollupRead(
  report: ReportModel, entity: EntityModel, query: Record<string, unknown>, filterable: readonly FilterParam[],
  dimension: ReportDimension, scopeFields: readonly string[],
): RollupRead | undefined {
  // Rows some callers may not see (an entity's `editable.hide`) and text searches are the entity's own business.
  if (entity.editable && Object.keys(entity.editable.hide).length) return undefined;
  if (typeof query.q === 'string' && query.q.trim() !== '') return undefined;
  const given = filterable.filter(({ param }) => query[param] !== undefined && query[param] !== '');
  const covers = (rollup: ReportRollup, asked: Record<string, unknown>) => coversRequest(rollup, entity, asked, given, dimension, scopeFields);
  const rollups = report.rollups ?? [];
  for (const rollup of rollups) {
    if (covers(rollup, query)) return { name: rollup.name, parts: [{ rollup, query }] };
    // The screens' default period, a year up to today, is no whole months: the months from this rollup, the
    // days before the first and after the last from the first day rollup that answers them.
    const split = rollup.grain === 'month' && report.period ? splitPeriod(report.period, query) : undefined;
    if (!split || !covers(rollup, split.months)) continue;
    const daily = rollups.find((r) => r.grain === 'day' && split.edges.every((edge) => covers(r, edge)));
    if (daily) return { name: `${rollup.name}+${daily.name}`, parts: [{ rollup, query: split.months }, ...split.edges.map((edge) => ({ rollup: daily, query: edge }))] };
  }
  return undefined;
}

function coversRequest(
  rollup: ReportRollup, entity: EntityModel, query: Record<string, unknown>, given: readonly FilterParam[],
  dimension: ReportDimension, scopeFields: readonly string[],
): boolean {
  const kept = new Set(rollup.fields);
  const monthly = rollup.grain === 'month';
  if (!scopeFields.every((f) => kept.has(f))) return false;
  for (const filter of given) {
    const field = entity.fields.find((f) => f.name === filter.field);
    if (!field || filter.exists || !kept.has(field.name)) return false;
    // A wildcard search may read trigram tables of the entity's own rows.
    if (field.search === 'wildcard' && !filter.range) return false;
    if (monthly && field.type === 'date' && !atMonthBoundary(query[filter.param], filter.range)) return false;
  }
  if (dimension.by === 'slot') return rollup.slots.some((s) => s.dimension === dimension.name);
  if (monthly && (dimension.by === 'day' || dimension.by === 'weekday')) return false;
  return kept.has(dimension.field);
}

/**
 * The request over the period's whole months, and over the days before the first of them and after the last;
 * undefined when the period holds no whole month or is nothing but whole months.
 */
export function splitPeriod(period: Pick<NonNullable<ReportModel['period']>, 'from' | 'to'>, query: Record<string, unknown>): { months: Record<string, unknown>; edges: Record<string, unknown>[] } | undefined {
  const [from, to] = [query[period.from], query[period.to]];
  if (!isDay(from) || !isDay(to)) return undefined;
  const monthOf = (day: string) => `${day.slice(0, 8)}01`;
  const first = from === monthOf(from) ? from : addMonths(monthOf(from), 1);
  const last = to === shiftDays(addMonths(monthOf(to), 1), -1) ? to : shiftDays(monthOf(to), -1);
  if (first > last) return undefined;
  const asked = (a: string, b: string) => ({ ...query, [period.from]: a, [period.to]: b });
  const edges = [
    ...(from < first ? [asked(from, shiftDays(first, -1))] : []),
    ...(to > last ? [asked(shiftDays(last, 1), to)] : []),
  ];
  return edges.length ? { months: asked(first, last), edges } : undefined;
}

function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** A date that starts (from) or ends (to) a month: what a month rollup can tell apart. */
function atMonthBoundary(value: unknown, range: FilterParam['range']): boolean {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m || !range) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (range === 'from') return day === 1;
  return day === new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The columns every part's rows are read as, when there are several (their union): the first rollup's columns that
 * every other keeps too, the same names in each (a rollup column is named after the entity's column it keeps).
 */
export function sharedColumns(read: RollupRead, entity: EntityModel): string[] {
  // Not the key text: each rollup's own, and no group or figure reads it.
  const [first, ...others] = read.parts.map(({ rollup }) => rollupColumns({ rollup, entity }).filter((c) => c !== rollup.keyColumn));
  return first.filter((c) => others.every((o) => o.includes(c)));
}

/** The rollup's pre-summed columns as an aggregate's source: rows and figures added up over its rows. */
export function rollupSource(rollup: ReportRollup): AggregateSource {
  const sumsOf = (field: string) => {
    const found = rollup.sums.find((s) => s.field === field);
    if (!found) throw new Error(`Rollup ${rollup.table} keeps no sum of ${field}`);
    return found;
  };
  return {
    rows: () => `sum(${quoted(rollup.rowsColumn)})`,
    sum: (field) => ({ sql: 'sum(??)', bindings: [sumsOf(field).sum] }),
    values: (field) => ({ sql: 'sum(??)', bindings: [sumsOf(field).count] }),
    slotKey: (dimension) => rollup.slots.find((s) => s.dimension === dimension)?.column,
  };
}
