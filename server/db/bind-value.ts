/**
 * A value read from a row or from the spec, as a query binding. Rows and the spec hold scalars (and
 * null); anything else, undefined included, has no meaning in a comparison, and knex would refuse it too.
 */
import type { Knex } from 'knex';
import { textOf } from '../../common/text.js';

export function bindValue(value: unknown): Knex.Value {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  throw new Error(`A query cannot compare with ${typeof value} ${textOf(value)}`);
}
