/**
 * Reads every row of a list query in its order, a batch at a time, each batch starting after the last
 * row of the previous one (keyset pagination). Why not the alternatives, read in knex 3.3's source
 * (dialects/sqlite3 `_stream`, which better-sqlite3 inherits): `.stream()` on SQLite runs the whole query and buffers every row
 * before the first one is emitted, so a 1,000,000-row export would hold all of them; OFFSET paging
 * re-reads every skipped row, so its cost grows with the square of the size. A keyset batch costs the
 * same at row 10 and at row 999,990, on both databases, and memory stays one batch.
 *
 * The order is the list's own (list-query.ts `sortOrder`: requested sort, then the key), so it is total
 * and the "after" condition is exact; rows without a value sort last in either direction, as in the list.
 */
import type { Knex } from 'knex';
import { whereAfter, type Order } from '../crud/keyset.js';
import { orderByField } from '../crud/list-query.js';
import type { Row } from '../crud/row-mapping.js';

export async function* keysetBatches(filtered: () => Knex.QueryBuilder<Row, Row[]>, order: Order, size: number): AsyncGenerator<Row[]> {
  let last: Row | undefined;
  for (;;) {
    const qb = filtered().select('*');
    if (last) whereAfter(qb, order, order.map((o) => last?.[o.field.column]));
    for (const o of order) orderByField(qb, o.field, o.direction);
    const rows = await qb.limit(size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}
