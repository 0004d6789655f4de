/**
 * The position of a page in a list paged by cursor (spec `api.paging: keyset`, docs/spec-language.md#paging-by-cursor):
 * the values of the list's order (sort fields, then the key) of the row the page starts after, and which way it
 * goes, as base64url JSON. The order's fields are named in it, so a cursor of another sort is refused rather than
 * read as this one.
 *
 * Why no signature: a cursor only says where to start within the search. The server always adds the caller's
 * data scope and the request's filters, and binds the cursor's values as query parameters, so a forged cursor can
 * at worst start the page elsewhere among the rows the caller may read anyway. What it cannot be is malformed:
 * any cursor the server did not answer in this shape is 400 with the spec's message, never a 500 or a silent
 * first page.
 */
import type { FieldModel } from '../../common/model.js';
import { ApiError } from '../http/api-error.js';
import type { Order } from './keyset.js';

export type Direction = 'next' | 'prev';
export interface Cursor { direction: Direction; values: readonly (string | number | boolean)[] }

/** The order in a cursor: field names and directions, `-` before a descending one. */
const signature = (order: Order) => order.map((o) => `${o.direction === 'desc' ? '-' : ''}${o.field.name}`).join(',');

export function encodeCursor(order: Order, direction: Direction, values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify({ o: signature(order), d: direction === 'next' ? 'n' : 'p', v: values.map(plain) }), 'utf8').toString('base64url');
}

/** Dates PostgreSQL answers as Date objects (timestamps) travel as ISO text, which it compares alike. */
function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** The cursor `text` for `order`, or 400 VALIDATION_ERROR on `cursor` with `message`. */
export function decodeCursor(text: string, order: Order, message: string): Cursor {
  const refuse = () => new ApiError('VALIDATION_ERROR', [{ field: 'cursor', message }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (typeof parsed !== 'object' || parsed === null || !('o' in parsed) || !('d' in parsed) || !('v' in parsed)) throw refuse();
  const { o, d, v } = parsed;
  if (o !== signature(order) || (d !== 'n' && d !== 'p') || !Array.isArray(v) || v.length !== order.length) throw refuse();
  const values: (string | number | boolean)[] = [];
  order.forEach((item, i) => {
    const value: unknown = v[i];
    if (!fits(item.field, value)) throw refuse();
    values.push(value);
  });
  return { direction: d === 'n' ? 'next' : 'prev', values };
}

/** A value of the field's type: the order's fields are required (keysetOrder), so never null. */
function fits(field: FieldModel, value: unknown): value is string | number | boolean {
  if (field.type === 'integer' || field.type === 'decimal') return typeof value === 'number' && Number.isFinite(value);
  if (field.type === 'boolean') return typeof value === 'boolean';
  if (field.type === 'reference' && field.reference?.type !== 'string') return typeof value === 'number' || typeof value === 'string';
  return typeof value === 'string' && value.length <= 1000;
}
