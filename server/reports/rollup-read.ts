/**
 * Which rollup answers a report request (docs/spec-language.md#rollups): the first of the report's rollups that
 * keeps every field the request touches (each filter given, the grouping's field, the fields of the caller's data
 * scope) at a grain fine enough for it (a month rollup: month or value groupings, periods from a month's first to
 * a month's last day). Anything else is answered from the entity's rows, with the same figures.
 */
import type { EntityModel } from '../../common/model.js';
import type { ReportRollup } from '../../common/report-rollup.js';
import type { ReportDimension, ReportModel } from '../../common/report.js';
import type { AggregateSource } from '../crud/aggregate.js';
import type { FilterParam } from '../crud/list-query.js';
import { quoted } from './rollup-sql.js';

export function coveringRollup(
  report: ReportModel, entity: EntityModel, query: Record<string, unknown>, filterable: readonly FilterParam[],
  dimension: ReportDimension, scopeFields: readonly string[],
): ReportRollup | undefined {
  // Rows some callers may not see (an entity's `editable.hide`) and text searches are the entity's own business.
  if (entity.editable && Object.keys(entity.editable.hide).length) return undefined;
  if (typeof query.q === 'string' && query.q.trim() !== '') return undefined;
  const given = filterable.filter(({ param }) => query[param] !== undefined && query[param] !== '');
  return (report.rollups ?? []).find((rollup) => {
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
  });
}

/** A date that starts (from) or ends (to) a month: what a month rollup can tell apart. */
function atMonthBoundary(value: unknown, range: FilterParam['range']): boolean {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m || !range) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (range === 'from') return day === 1;
  return day === new Date(Date.UTC(year, month, 0)).getUTCDate();
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
