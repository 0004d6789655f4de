/**
 * Converts between API objects (spec field names, JSON types) and database rows (snake_case
 * columns, dialect types): SQLite returns booleans as 0/1, PostgreSQL dates as strings (see connect.ts).
 */
import type { EntityModel, FieldModel } from '../../common/model.js';
import { named } from '../lookup.js';
import { textOf } from '../../common/text.js';

export type Row = Record<string, unknown>;

export function toColumns(entity: EntityModel, data: Row): Row {
  const out: Row = {};
  for (const field of entity.fields) {
    if (field.name in data) out[field.column] = toDbValue(field, data[field.name]);
  }
  return out;
}

export function fromColumns(entity: EntityModel, row: Row): Row {
  const out: Row = {};
  for (const field of entity.fields) out[field.name] = fromDbValue(field, row[field.column]);
  return out;
}

function toDbValue(field: FieldModel, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (field.type === 'datetime') return new Date(textOf(value)).toISOString();
  if (field.type === 'decimal' && typeof value === 'number') return roundToScale(value, field.scale ?? 2);
  return value;
}

/**
 * A decimal as its column keeps it: PostgreSQL's numeric(p, s) rounds to the scale (half away from zero), SQLite
 * would keep every digit, so the two answered 12.35 and 12.345 for one save (seed 002 §5: fraud thresholds
 * "rounded to two decimals"). The epsilon keeps 1.005, stored in binary as 1.00499..., rounding up as typed.
 */
function roundToScale(value: number, scale: number): number {
  const factor = 10 ** scale;
  return Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + Number.EPSILON)) / factor;
}

function fromDbValue(field: FieldModel, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (field.type) {
    case 'boolean': return value === true || value === 1 || value === '1' || value === 't';
    case 'integer': case 'decimal': return Number(value);
    case 'date': return value instanceof Date ? value.toISOString().slice(0, 10) : textOf(value).slice(0, 10);
    case 'datetime': return new Date(value instanceof Date || typeof value === 'number' ? value : textOf(value)).toISOString();
    case 'reference': return field.reference?.type === 'integer' ? Number(value) : textOf(value);
    default: return textOf(value);
  }
}

export function keyOf(entity: EntityModel, data: Row): Row {
  return Object.fromEntries(entity.key.map((k) => [k, data[k]]));
}

export function keyColumns(entity: EntityModel, key: Row): Row {
  return Object.fromEntries(entity.key.map((k) => [named(entity.fields, k, `${entity.name} fields`).column, key[k]]));
}
