/**
 * One grouped query of an entity's rows (EntityService.aggregate, for reports: docs/spec-language.md#reports):
 * the group's key as SQL of the dialect (a date's month or weekday is written differently by SQLite and
 * PostgreSQL), the measures, and the totals over every group as window functions of the same query, so the
 * answer's rows can stop at a limit while its totals and its count of groups still cover them all.
 */
import type { Knex } from 'knex';
import { CROSS_SEPARATOR, type ReportDimension } from '../../common/report.js';
import { textOf } from '../../common/text.js';
import { isPostgres } from '../db/dialect.js';
import { expectRecords } from '../records.js';

/** Rows whose field holds one of the codes (`not`: rows whose field is empty or holds none of them). */
export interface AggregateCondition { field: string; values: readonly string[]; not?: boolean }

/** `distinct`: how many different values of `field` a group holds (a report's peers per group). */
export interface AggregateMeasure {
  name: string; kind: 'sum' | 'average' | 'count' | 'distinct'; field?: string;
  /** Only the rows meeting every condition count (a conditional measure: docs/spec-language.md#reports). */
  where?: readonly AggregateCondition[];
  /** Rows meeting every one of these add their value with a minus sign (sums and averages). */
  negative?: readonly AggregateCondition[];
}

export interface AggregateRequest {
  dimension: Pick<ReportDimension, 'field' | 'by' | 'slots' | 'fields'> & { name?: string };
  measures: readonly AggregateMeasure[];
  /** A measure's name or 'key'. */
  order: { by: string; descending: boolean };
  /** Most groups answered; absent: every group (a report's export, docs/spec-language.md#paged-groupings). */
  limit?: number;
  /** Groups skipped first, in the answer's order (a page of a paged report). */
  offset?: number;
}

export interface AggregateResult {
  rows: { key: string | null; values: Record<string, number | null> }[];
  totals: Record<string, number | null>;
  /** How many groups there are, beyond the limit too. */
  groups: number;
}

/** The group's key as text: the value, the date's day (YYYY-MM-DD), month (YYYY-MM) or year (YYYY), the weekday (0 Sunday - 6), the slot's index. */
export function groupKeySql(db: Knex, column: string, dimension: AggregateRequest['dimension']): Knex.Raw {
  const { sql, bindings } = groupKeyText(isPostgres(db), column, dimension);
  return db.raw(sql, bindings);
}

/** The group's key as SQL text and its bindings (`??` a column): for a grouping, or a filter over the key (conditions.ts). */
export function groupKeyText(pg: boolean, column: string, dimension: Pick<ReportDimension, 'by' | 'slots'>): { sql: string; bindings: string[] } {
  const raw = (sql: string, bindings: string[]) => ({ sql, bindings });
  switch (dimension.by) {
    case 'day': return pg ? raw("to_char(??, 'YYYY-MM-DD')", [column]) : raw('substr(??, 1, 10)', [column]);
    case 'month': return pg ? raw("to_char(??, 'YYYY-MM')", [column]) : raw('substr(??, 1, 7)', [column]);
    case 'year': return pg ? raw("to_char(??, 'YYYY')", [column]) : raw('substr(??, 1, 4)', [column]);
    case 'weekday': return pg ? raw('cast(cast(extract(dow from ??) as integer) as text)', [column]) : raw("strftime('%w', ??)", [column]);
    case 'slot': {
      // hh:mm:ss text against hh:mm bounds: '08:00:00' >= '08:00' and '07:59:59' < '08:00' as text, in both databases.
      const slots = dimension.slots ?? [];
      const whens = slots.map(() => 'when ?? >= ? and ?? < ? then ?').join(' ');
      return raw(`case ${whens} end`, slots.flatMap((s, i) => [column, s.from, column, s.to, String(i)]));
    }
    default: return raw('cast(?? as text)', [column]);
  }
}

/**
 * Where the figures come from: the entity's own rows (count(*), sum(field), count(field)), or a rollup's
 * pre-summed columns (server/reports/rollup-read.ts), whose rows are added up the same way.
 */
export interface AggregateSource {
  /** SQL of the rows counted, summed and the values counted of a field, per group. */
  rows(): string; sum(field: string): { sql: string; bindings: string[] }; values(field: string): { sql: string; bindings: string[] };
  /** The key of a slot dimension, when the source keeps it already computed. */
  slotKey?(dimension: string): string | undefined;
}

export function rawRowsSource(columnOf: (field: string) => string): AggregateSource {
  return {
    rows: () => 'count(*)',
    sum: (field) => ({ sql: 'sum(??)', bindings: [columnOf(field)] }),
    values: (field) => ({ sql: 'count(??)', bindings: [columnOf(field)] }),
  };
}

/**
 * Runs the grouped query on `scoped` (the entity's rows the caller may read, filtered, or a rollup's): per group
 * the key, each sum, count and the sum and count behind each average; over all groups the same as window functions.
 */
export async function runAggregate(db: Knex, scoped: Knex.QueryBuilder, columnOf: (field: string) => string, request: AggregateRequest, source: AggregateSource = rawRowsSource(columnOf)): Promise<AggregateResult> {
  const slotColumn = request.dimension.name === undefined ? undefined : source.slotKey?.(request.dimension.name);
  const raw = (sql: string, bindings: readonly Knex.RawBinding[] = []) => db.raw(sql, bindings);
  const fields = request.dimension.fields;
  // A group of several fields: their values as text joined by the separator (an empty one as ''), in both databases.
  const key = slotColumn ? db.raw('cast(?? as text)', [slotColumn])
    : fields ? raw(fields.map(() => "coalesce(cast(?? as text), '')").join(' || ? || '), fields.flatMap((f, i) => (i ? [CROSS_SEPARATOR, columnOf(f)] : [columnOf(f)])))
    : groupKeySql(db, columnOf(request.dimension.field), request.dimension);
  const selects: Knex.Raw[] = [raw('? as "key"', [key]), raw('count(*) over () as "_groups"')];
  const figures = (m: AggregateMeasure) => figuresOf(m, source, columnOf);
  for (const m of request.measures) {
    const { rows, sum, values } = figures(m);
    if (m.kind === 'count') {
      selects.push(raw(`${rows.sql} as ??`, [...rows.bindings, m.name]), raw(`sum(${rows.sql}) over () as ??`, [...rows.bindings, `_t_${m.name}`]));
      continue;
    }
    if (m.kind === 'distinct') {
      // Over all groups a value may repeat: the total is no count of values, and none is given (0).
      selects.push(raw('count(distinct ??) as ??', [columnOf(m.field ?? ''), m.name]));
      continue;
    }
    selects.push(raw(`${sum.sql} as ??`, [...sum.bindings, `_s_${m.name}`]), raw(`sum(${sum.sql}) over () as ??`, [...sum.bindings, `_ts_${m.name}`]));
    if (m.kind === 'average') {
      selects.push(raw(`${values.sql} as ??`, [...values.bindings, `_n_${m.name}`]), raw(`sum(${values.sql}) over () as ??`, [...values.bindings, `_tn_${m.name}`]));
    }
  }
  const sortMeasure = request.measures.find((m) => m.name === request.order.by);
  const direction = request.order.descending ? 'desc' : 'asc';
  const averaged = sortMeasure?.kind === 'average' ? figures(sortMeasure) : undefined;
  const orderSql = !sortMeasure ? '1' : averaged ? `${averaged.sum.sql} / nullif(${averaged.values.sql}, 0)` : '??';
  const orderBindings = !sortMeasure ? [] : averaged ? [...averaged.sum.bindings, ...averaged.values.bindings] : sortMeasure.kind === 'count' ? [sortMeasure.name] : [`_s_${sortMeasure.name}`];
  // Ties and the key's own order: the key ascending after the measure, so the same data always answers the same rows.
  // The window functions are computed over every group before LIMIT and OFFSET apply, so a page still carries the
  // count of all groups and their totals.
  const grouped = () => scoped.clone()
    .select(selects).groupBy(raw('1'))
    .orderByRaw(`${orderSql} ${direction}${sortMeasure ? ', 1 asc' : ''}`, orderBindings);
  const page = grouped();
  if (request.limit !== undefined) page.limit(request.limit);
  if (request.offset) page.offset(request.offset);
  const found = expectRecords(await page, 'The groups of an aggregate');
  // A page past the last group holds no row to carry the totals: the first group's row does.
  if (!found.length && request.offset) found.push(...expectRecords(await grouped().limit(1), 'The groups of an aggregate').map((r) => ({ ...r, _only: true })));
  const rowsOf = found.filter((r) => r._only !== true);
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  const valuesOf = (r: Record<string, unknown>, prefix: '' | 't'): Record<string, number | null> => Object.fromEntries(request.measures.map((m) => {
    if (m.kind === 'count') return [m.name, num(r[prefix ? `_t_${m.name}` : m.name]) ?? 0];
    if (m.kind === 'distinct') return [m.name, prefix ? 0 : num(r[m.name]) ?? 0];
    const sum = num(r[prefix ? `_ts_${m.name}` : `_s_${m.name}`]);
    if (m.kind === 'sum') return [m.name, roundCents(sum ?? 0)];
    const n = num(r[prefix ? `_tn_${m.name}` : `_n_${m.name}`]) ?? 0;
    return [m.name, n === 0 || sum === null ? null : averageCents(sum, n)];
  }));
  const first = found.at(0);
  return {
    rows: rowsOf.map((r) => ({ key: r.key === null || r.key === undefined ? null : textOf(r.key), values: valuesOf(r, '') })),
    totals: first ? valuesOf(first, 't') : Object.fromEntries(request.measures.map((m) => [m.name, m.kind === 'average' ? null : 0])),
    groups: first ? Number(first._groups) : 0,
  };
}

type Sql = { sql: string; bindings: string[] };

/**
 * A measure's rows counted, values summed and values counted, per group. A conditional measure (where, negative)
 * reads each row of the entity: `case when <conditions> then ... end` inside the aggregate, so one query still
 * answers every measure; a rollup keeps no row's codes, and the generator gives no rollup to such a report.
 */
function figuresOf(m: AggregateMeasure, source: AggregateSource, columnOf: (field: string) => string): { rows: Sql; sum: Sql; values: Sql } {
  const field = m.field ?? '';
  if (!m.where?.length && !m.negative?.length) {
    return { rows: { sql: source.rows(), bindings: [] }, sum: m.kind === 'count' ? { sql: '', bindings: [] } : source.sum(field), values: m.kind === 'count' ? { sql: '', bindings: [] } : source.values(field) };
  }
  if (source.slotKey) throw new Error(`Measure ${m.name} has conditions: only the entity's own rows can answer it`);
  const when = conditionSql(m.where ?? [], columnOf);
  const rows = { sql: `sum(case when ${when.sql} then 1 else 0 end)`, bindings: when.bindings };
  if (m.kind === 'count') return { rows, sum: { sql: '', bindings: [] }, values: { sql: '', bindings: [] } };
  const column = columnOf(field);
  const minus = conditionSql(m.negative ?? [], columnOf);
  const value = m.negative?.length
    ? { sql: `case when ${when.sql} then (case when ${minus.sql} then -?? else ?? end) end`, bindings: [...when.bindings, ...minus.bindings, column, column] }
    : { sql: `case when ${when.sql} then ?? end`, bindings: [...when.bindings, column] };
  return { rows, sum: { sql: `sum(${value.sql})`, bindings: value.bindings }, values: { sql: `count(${value.sql})`, bindings: value.bindings } };
}

/** Every condition as SQL joined by `and` (`1 = 1` when none): the field's codes, or for `not` none of them or no value. */
function conditionSql(conditions: readonly AggregateCondition[], columnOf: (field: string) => string): Sql {
  if (!conditions.length) return { sql: '1 = 1', bindings: [] };
  const parts = conditions.map((c) => {
    const marks = c.values.map(() => '?').join(', ');
    const column = columnOf(c.field);
    return c.not
      ? { sql: `(?? is null or ?? not in (${marks}))`, bindings: [column, column, ...c.values] }
      : { sql: `?? in (${marks})`, bindings: [column, ...c.values] };
  });
  return { sql: parts.map((p) => p.sql).join(' and '), bindings: parts.flatMap((p) => p.bindings) };
}

/** Sums of decimal amounts: SQLite adds them as floating point (0.1 + 0.2), so the cents are rounded. */
function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * An average to the cent, half away from zero, from the sum's whole cents: 1.00 and 1.01 average 1.01. Divided as
 * floating point, 2.01 / 2 is 1.00499..., which rounds down; and a sum added in another order (a rollup's sums of
 * sums) lands on the other side of the half cent, so the same figures would answer two averages.
 */
function averageCents(sum: number, n: number): number {
  const cents = Math.round(sum * 100) / n;
  return (Math.sign(cents) * Math.round(Math.abs(cents))) / 100;
}
