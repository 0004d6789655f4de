/**
 * "After this row" in a list's total order (list-query.ts `sortOrder`: the requested sort, then the key), as a
 * condition on the sort columns: what a page by cursor (./cursor.ts) and an export's batches (server/exports/
 * keyset.ts) start from. It reads only the rows it answers through the order's index, at any depth, where OFFSET
 * reads and throws away every row before the page. Rows without a value sort last in either direction, as in the
 * list.
 */
import type { Knex } from 'knex';
import type { FieldModel } from '../../common/model.js';
import { bindValue } from '../db/bind-value.js';
import { isPostgres } from '../db/dialect.js';

export type Order = { field: FieldModel; direction: 'asc' | 'desc' }[];

/** (a, b, k) after (A, B, K): a beyond A, or a = A and b beyond B, or a = A and b = B and k beyond K. */
export function whereAfter(qb: Knex.QueryBuilder, order: Order, values: readonly unknown[]): void {
  const text = isPostgres(qb) ? ' COLLATE "C"' : '';
  // All one way and no value missing: one row-value comparison, which both databases read as a range of an index
  // on those columns (PostgreSQL as an index condition, not a filter of every row of the first column's value).
  if (order.every((o) => o.field.required && o.direction === order[0].direction) && values.every((v) => v !== null && v !== undefined)) {
    const columns = order.map((o) => `??${isText(o.field) ? text : ''}`).join(', ');
    const op = order[0].direction === 'asc' ? '>' : '<';
    qb.whereRaw(`(${columns}) ${op} (${order.map(() => '?').join(', ')})`, [...order.map((o) => o.field.column), ...values.map(bindValue)]);
    return;
  }
  // The same condition again as a plain range on the first column, which the database can seek to in
  // its index: with the OR alone SQLite scans the index from the start on every batch (a cost that grows
  // with the position: 16 ms against 49 ms half-way through 1,000,000 branches).
  const first = order[0];
  const bound = values[0];
  if (first.field.required && bound !== null && bound !== undefined) {
    const collate = isText(first.field) ? text : '';
    qb.whereRaw(`??${collate} ${first.direction === 'asc' ? '>=' : '<='} ?`, [first.field.column, bindValue(bound)]);
  }
  qb.where((outer) => {
    order.forEach((o, i) => {
      const value = values[i];
      // Nothing sorts after a missing value but other missing values (equal on this column).
      if (value === null || value === undefined) return;
      outer.orWhere((inner) => {
        order.slice(0, i).forEach((prev, j) => {
          const v = values[j];
          if (v === null || v === undefined) inner.whereNull(prev.field.column);
          else inner.where(prev.field.column, bindValue(v));
        });
        const collate = isText(o.field) ? text : '';
        const op = o.direction === 'asc' ? '>' : '<';
        if (o.field.required) inner.whereRaw(`??${collate} ${op} ?`, [o.field.column, bindValue(value)]);
        else inner.where((b) => { b.whereRaw(`??${collate} ${op} ?`, [o.field.column, bindValue(value)]).orWhereNull(o.field.column); });
      });
    });
    // When every column of the last row was missing (impossible: the key is required), stop.
    outer.orWhereRaw('1 = 0');
  });
}

function isText(field: FieldModel): boolean {
  return field.type === 'string' || field.type === 'enum' || (field.type === 'reference' && field.reference?.type === 'string');
}
