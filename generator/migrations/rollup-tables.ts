/**
 * The tables of reports' rollups (common/report-rollup.ts, docs/spec-language.md#rollups) for the schema
 * snapshot: each kept field as the entity's column (nullable: a rollup row of rows without a value), the slot
 * columns, the figures, and the key text as primary key; an index per scope field with the period after it, so a
 * bank's month reads only its rollup rows.
 */
import type { EntityModel, Model } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import { ROLLUP_KEY_LENGTH, rollupIndexFields } from '../../common/report-rollup.js';
import { fieldByName, referenceOf } from '../model/resolved.js';
import type { SnapshotColumn, SnapshotTable } from './snapshot.js';

/** Digits a sum gains over its field: room for ten million rows of the largest value. */
const SUM_EXTRA_DIGITS = 8;
const MAX_DECIMAL_PRECISION = 38;
/** The slot's index as text (common/report.ts dateKeyLabel reads it back). */
const SLOT_LENGTH = 4;

export function rollupTables(model: Pick<Model, 'entities'> & Partial<Pick<Model, 'reports'>>): SnapshotTable[] {
  return (model.reports ?? []).flatMap((report) => (report.rollups ?? []).map((rollup) => {
    const entity = entityByName(model, report.entity);
    const kept = rollup.fields.map((name) => keptColumn(entity, name));
    const period = report.period ? fieldByName(entity, report.period.field).column : undefined;
    const scoped = rollupIndexFields(entity.scope, rollup, report.period?.field);
    const col = (name: string, type: SnapshotColumn['type'], extra: Partial<SnapshotColumn> = {}): SnapshotColumn => ({ field: name, name, type, nullable: false, ...extra });
    return {
      entity: `${report.name}.rollups.${rollup.name}`,
      source: report.source,
      name: rollup.table,
      columns: [
        col(rollup.keyColumn, 'string', { length: ROLLUP_KEY_LENGTH }),
        ...kept,
        ...rollup.slots.map((s) => col(s.column, 'string', { length: SLOT_LENGTH, nullable: true })),
        col(rollup.rowsColumn, 'integer'),
        ...rollup.sums.flatMap((s) => [sumColumn(entity, s.field, s.sum), col(s.count, 'integer')]),
      ],
      primary: [rollup.keyColumn],
      foreignKeys: [],
      indexes: [
        ...(period ? [{ name: `${rollup.table}_${period}`, columns: [period], unique: false }] : []),
        ...scoped.map((f) => {
          const column = fieldByName(entity, f).column;
          return { name: `${rollup.table}_${column}`, columns: period ? [column, period] : [column], unique: false };
        }),
      ],
    } satisfies SnapshotTable;
  }));
}

/** A kept field: its column as the entity has it, nullable (rows without a value roll up too). */
function keptColumn(entity: EntityModel, name: string): SnapshotColumn {
  const field = fieldByName(entity, name);
  const type = field.type === 'reference' ? referenceOf(field).type : field.type;
  const base = { field: `rollup.${field.name}`, name: field.column, nullable: true };
  if (type === 'integer' || type === 'boolean' || type === 'date') return { ...base, type };
  if (type === 'enum') return { ...base, type: 'string', length: Math.max(...(field.options ?? []).map((o) => o.value.length), 1) };
  return { ...base, type: 'string', length: field.maxLength ?? 255 };
}

function sumColumn(entity: EntityModel, fieldName: string, name: string): SnapshotColumn {
  const field = fieldByName(entity, fieldName);
  if (field.type === 'integer') return { field: name, name, type: 'decimal', precision: MAX_DECIMAL_PRECISION, scale: 0, nullable: true };
  return { field: name, name, type: 'decimal', precision: Math.min((field.precision ?? 18) + SUM_EXTRA_DIGITS, MAX_DECIMAL_PRECISION), scale: field.scale ?? 2, nullable: true };
}

