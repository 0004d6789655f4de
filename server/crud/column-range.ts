/**
 * The numbers an integer column can hold. Integer fields are 32-bit columns (t.integer): PostgreSQL
 * refuses a larger number (a 500), SQLite would store it. So a value outside the range is the user's
 * mistake on both databases, answered like the field's own minimum and maximum. A spec bound inside
 * the range is checked earlier, by the OpenAPI document.
 */
import type { FieldModel } from '../../common/model.js';

const INTEGER_COLUMN_RANGE = { minimum: -2147483648, maximum: 2147483647 } as const;

/** The message key of the bound `value` breaks, if it is an integer column's value it does not fit. */
export function outOfColumnRange(field: FieldModel, value: unknown): 'minimum' | 'maximum' | undefined {
  const integer = field.type === 'integer' || (field.type === 'reference' && field.reference?.type === 'integer');
  if (!integer || value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  if (n < INTEGER_COLUMN_RANGE.minimum) return 'minimum';
  if (n > INTEGER_COLUMN_RANGE.maximum) return 'maximum';
  return undefined;
}
