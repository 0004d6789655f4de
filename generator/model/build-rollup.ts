/**
 * A report's `rollups` (docs/spec-language.md#rollups) resolved against its entity and its own measures and
 * dimensions: which entity fields each rollup keeps (by default every field a request may need), its table and
 * the columns of its figures. Mistakes are reported at their line, like the rest of the report.
 */
import type { EntityModel } from '../../common/model.js';
import type { ReportDimension, ReportMeasure } from '../../common/report.js';
import { ROLLUP_KEY_COLUMN, ROLLUP_ROWS_COLUMN, type ReportRollup } from '../../common/report-rollup.js';
import { didYouMean } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';
import type { RawReport } from './spec-types.js';

/** PostgreSQL cuts identifiers at 63 bytes: a longer table name would clash silently. */
const MAX_TABLE_NAME = 63;

export function buildRollups(
  raw: RawReport, entity: EntityModel, parts: { measures: ReportMeasure[]; dimensions: ReportDimension[]; periodField?: string },
  report: (path: PathSegment[], message: string) => void,
): ReportRollup[] {
  const slotDimensions = parts.dimensions.filter((d) => d.by === 'slot');
  const slotFields = new Set(slotDimensions.map((d) => d.field));
  const defaults = [...new Set([
    ...Object.values(entity.scope), ...(raw.filters ?? []).flatMap((f) => (typeof f === 'string' ? [f] : 'field' in f ? [f.field] : [])), ...(parts.periodField ? [parts.periodField] : []),
    ...parts.dimensions.filter((d) => d.by !== 'slot').map((d) => d.field),
  ])];
  const summed = [...new Set(parts.measures.flatMap((m) => (m.field ? [m.field] : [])))];
  return Object.entries(raw.rollups ?? {}).map(([name, spec]) => {
    const fields = spec.fields ?? defaults;
    (spec.fields ?? []).forEach((f, i) => {
      const field = entity.fields.find((x) => x.name === f);
      const at: PathSegment[] = ['rollups', name, 'fields', i];
      if (!field) report(at, `'${f}' is not a field of ${entity.name}.${didYouMean(f, entity.fields.map((x) => x.name))}`);
      else if (slotFields.has(f)) report(at, `Rollup ${name} keeps '${f}', a time grouped in slots: the rollup keeps the slot, not the time.`);
      else if (field.type === 'decimal' || field.type === 'datetime' || field.secret) report(at, `Rollup ${name} keeps '${f}', a ${field.secret ? 'secret' : field.type} field: every row would be a rollup row of its own.`);
    });
    (spec.slots ?? []).forEach((d, i) => {
      if (!slotDimensions.some((x) => x.name === d)) report(['rollups', name, 'slots', i], `'${d}' is not a dimension in time slots of ${raw.report}.${didYouMean(d, slotDimensions.map((x) => x.name))}`);
    });
    const slots = spec.slots ? slotDimensions.filter((d) => spec.slots?.includes(d.name)) : slotDimensions;
    if (parts.periodField && !fields.includes(parts.periodField)) report(['rollups', name, 'fields'], `Rollup ${name} must keep the period field '${parts.periodField}': every request names a period.`);
    const table = `${entity.table}_rollup_${snake(raw.report)}_${snake(name)}`;
    if (table.length > MAX_TABLE_NAME) report(['rollups', name], `Rollup table ${table} is longer than ${MAX_TABLE_NAME} characters: give the rollup a shorter name.`);
    const columnOf = (field: string) => entity.fields.find((f) => f.name === field)?.column ?? field;
    return {
      name, table, grain: spec.grain, fields,
      slots: slots.map((d) => ({ dimension: d.name, column: `rollup_fascia_${snake(d.name)}` })),
      sums: summed.map((field) => ({ field, sum: `rollup_somma_${columnOf(field)}`, count: `rollup_valori_${columnOf(field)}` })),
      rowsColumn: ROLLUP_ROWS_COLUMN, keyColumn: ROLLUP_KEY_COLUMN,
    };
  });
}

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
