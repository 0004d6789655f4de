/** Generic table access for one entity; every method takes the transaction (or db) it runs in. */
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';
import { countCacheOf, countOf } from './count-cache.js';
import { encodeCursor } from './cursor.js';
import { whereAfter, type Order } from './keyset.js';
import { applyFilters, applySortAndPage, keysetOrder, markBroadTextFilters, orderByField, type ListParams } from './list-query.js';
import { fromColumns, keyColumns, toColumns, type Row } from './row-mapping.js';
import { named } from '../lookup.js';

/**
 * A page of a list and how many rows match. With `api.countLimit` the count stops past the limit:
 * `totalCountCapped` says more rows match than `totalCount`, which is then the limit.
 */
export interface ListPage {
  results: Row[]; totalCount: number; totalCountCapped?: boolean;
  /** A list paged by cursor (spec `api.paging: keyset`, ./cursor.ts): where the next and previous pages start. */
  nextCursor?: string; prevCursor?: string;
}

/** Narrows every read of the table to the entity's own rows (a view's `viewRows`, ./view-rows.ts). */
export type RowsNarrowing = (db: Knex | Knex.Transaction, qb: Knex.QueryBuilder) => void;

export class Repository {
  constructor(readonly entity: EntityModel, private readonly narrow: RowsNarrowing = () => {}) {}

  /** The entity's table, narrowed to its rows. */
  private from(db: Knex | Knex.Transaction): Knex.QueryBuilder<Row, Row[]> {
    const qb = db<Row, Row[]>(this.entity.table);
    this.narrow(db, qb);
    return qb;
  }

  async list(db: Knex | Knex.Transaction, requested: ListParams, restrict: (qb: Knex.QueryBuilder) => void = () => {}): Promise<ListPage> {
    const params = await markBroadTextFilters(db, this.entity, requested);
    const filtered = () => {
      // The service's `restrict` narrows a list (with the caller's scope): not twice.
      const qb = applyFilters(db<Row, Row[]>(this.entity.table), this.entity, params);
      restrict(qb);
      return qb;
    };
    const limit = this.entity.api.countLimit;
    // Counting limit + 1 rows at most tells "more than the limit" from "exactly the limit".
    const counting = limit === undefined
      ? filtered().count({ count: '*' })
      : db.from(filtered().select(db.raw('1')).limit(limit + 1).as('capped')).count({ count: '*' });
    const cache = countCacheOf(db);
    const counted = cache ? await cache.count(this.entity.table, counting, db) : await countOf(counting);
    const order = keysetOrder(this.entity, params);
    const paged = order ? await this.keysetPage(filtered, order, params) : { results: (await applySortAndPage(filtered().select('*'), this.entity, params)).map((r) => fromColumns(this.entity, r)) };
    if (limit === undefined) return { ...paged, totalCount: counted };
    return { ...paged, totalCount: Math.min(counted, limit), totalCountCapped: counted > limit };
  }

  /**
   * A page of a list paged by cursor, with the cursors around it. One row more than the page is read to know
   * whether another page follows. A page by cursor starts after (next) or before (prev) the cursor's row, the
   * order reversed for prev; a page by number (the first one, or a page the window pager asked for) is read by
   * OFFSET as any list, and answers cursors too, so paging on from it costs the same at any depth. A prev that
   * finds no more than a page before its row answers the first page (rows before it may have been deleted).
   */
  private async keysetPage(filtered: () => Knex.QueryBuilder<Row, Row[]>, order: Order, params: ListParams): Promise<Pick<ListPage, 'results' | 'nextCursor' | 'prevCursor'>> {
    const { cursor, size } = params;
    const backwards = cursor?.direction === 'prev';
    const walk = backwards ? order.map((o) => ({ field: o.field, direction: o.direction === 'asc' ? 'desc' as const : 'asc' as const })) : order;
    const qb = filtered().select('*');
    if (cursor) whereAfter(qb, walk, cursor.values);
    for (const o of walk) orderByField(qb, o.field, o.direction);
    if (!cursor) qb.offset(params.page * size);
    const rows = (await qb.limit(size + 1)).map((r) => fromColumns(this.entity, r));
    if (backwards && rows.length <= size) return this.keysetPage(filtered, order, { ...params, page: 0, cursor: undefined });
    const more = rows.length > size;
    const results = backwards ? rows.slice(0, size).reverse() : rows.slice(0, size);
    const at = (row: Row | undefined) => order.map((o) => row?.[o.field.name]);
    const first = results.at(0);
    const last = results.at(-1);
    // Forwards, rows precede this page when it was reached by a cursor or is not the first page by number.
    const hasPrev = backwards ? more : Boolean(cursor) || params.page > 0;
    const hasNext = backwards || more;
    return {
      results,
      ...(hasNext && last ? { nextCursor: encodeCursor(order, 'next', at(last)) } : {}),
      ...(hasPrev && first ? { prevCursor: encodeCursor(order, 'prev', at(first)) } : {}),
    };
  }

  async find(db: Knex | Knex.Transaction, key: Row): Promise<Row | undefined> {
    const row = await this.from(db).where(keyColumns(this.entity, key)).first();
    return row ? fromColumns(this.entity, row) : undefined;
  }

  /**
   * The row, locked until the transaction ends: writers of one row (and of its children) take turns on
   * PostgreSQL as they do on SQLite, whose single connection runs one transaction at a time. Without
   * it two saves of a child list at once could insert the same child twice (a 409 on PostgreSQL only).
   * NO KEY UPDATE, like PostgreSQL's own UPDATE: it does not wait for foreign-key checks of other rows.
   */
  async findForUpdate(trx: Knex.Transaction, key: Row): Promise<Row | undefined> {
    const row = await this.from(trx).where(keyColumns(this.entity, key)).forNoKeyUpdate().first();
    return row ? fromColumns(this.entity, row) : undefined;
  }

  /**
   * The row, locked as PostgreSQL's own DELETE locks it (FOR UPDATE): a row about to be inserted that
   * refers to it waits for the delete to end instead of slipping in after the delete removed its children
   * (a new user's first password, written after the answer, made the user's delete fail with 409).
   */
  async findForDelete(trx: Knex.Transaction, key: Row): Promise<Row | undefined> {
    const row = await this.from(trx).where(keyColumns(this.entity, key)).forUpdate().first();
    return row ? fromColumns(this.entity, row) : undefined;
  }

  async findWhere(db: Knex | Knex.Transaction, where: Row): Promise<Row[]> {
    const qb = this.from(db).where(toColumns(this.entity, where));
    for (const k of this.entity.key) orderByField(qb, named(this.entity.fields, k, `${this.entity.name} fields`), 'asc');
    const rows = await qb;
    return rows.map((r) => fromColumns(this.entity, r));
  }

  /** Whether the key is taken in the table, by a row of the entity or not (a view's create must not take it twice). */
  async exists(db: Knex | Knex.Transaction, key: Row): Promise<boolean> {
    const found = await db(this.entity.table).where(keyColumns(this.entity, key)).first<{ one: number } | undefined>(db.raw('1 as one'));
    return found !== undefined;
  }

  async insert(db: Knex.Transaction, data: Row): Promise<void> {
    await db(this.entity.table).insert(toColumns(this.entity, data));
  }

  /** Inserts the row and answers it as stored (defaults and conversions of the database included), in the same statement (RETURNING). */
  async insertReturning(db: Knex.Transaction, data: Row): Promise<Row> {
    const [stored] = await db<Row>(this.entity.table).insert(toColumns(this.entity, data)).returning('*');
    return fromColumns(this.entity, stored);
  }

  /**
   * Inserts the row and answers it as stored, or nothing when its key is taken (ON CONFLICT on the primary key DO
   * NOTHING, on SQLite and PostgreSQL): a create learns that its key is free from the insert itself instead of a
   * read before it. Any other constraint still fails the statement.
   */
  async insertUnlessKeyTaken(db: Knex.Transaction, data: Row): Promise<Row | undefined> {
    const keys = this.entity.fields.filter((f) => this.entity.key.includes(f.name)).map((f) => f.column);
    const stored = (await db<Row>(this.entity.table).insert(toColumns(this.entity, data)).onConflict(keys).ignore().returning('*')).at(0);
    return stored ? fromColumns(this.entity, stored) : undefined;
  }

  async update(db: Knex.Transaction, key: Row, data: Row): Promise<void> {
    const keys = new Set(this.entity.fields.filter((f) => this.entity.key.includes(f.name)).map((f) => f.column));
    const values = Object.fromEntries(Object.entries(toColumns(this.entity, data)).filter(([column]) => !keys.has(column)));
    if (Object.keys(values).length) await db(this.entity.table).where(keyColumns(this.entity, key)).update(values);
  }

  async delete(db: Knex.Transaction, key: Row): Promise<number> {
    return db(this.entity.table).where(keyColumns(this.entity, key)).delete();
  }

  async deleteWhere(db: Knex.Transaction, where: Row): Promise<number> {
    return db(this.entity.table).where(toColumns(this.entity, where)).delete();
  }
}
