/**
 * Turns list query parameters (already checked against the OpenAPI document) into a Knex query:
 * filters by the spec's search mode, stable sorting, paging, and the total count of the filter.
 * SQLite and PostgreSQL answer alike: same matches for a wildcard, same order of rows.
 */
import type { Knex } from 'knex';
import type { EntityModel, FieldModel } from '../../common/model.js';
import { foldCaseSql } from '../../common/fold-case.js';
import { isPostgres } from '../db/dialect.js';
import { named } from '../lookup.js';
import type { Cursor } from './cursor.js';
import type { Order } from './keyset.js';

export interface ListParams {
  page: number;
  size: number;
  sort: { field: string; direction: 'asc' | 'desc' }[];
  /** `exact` forces equality whatever the field's search mode (path parameters). */
  filters: { field: string; value: unknown; exact?: boolean; range?: 'from' | 'to'; exists?: boolean; broad?: boolean; group?: string }[];
  compact: boolean;
  /** `?q=`: rows whose display fields contain this text (a reference input's search). */
  search?: string;
  /** `?cursor=` of a list paged by cursor (./cursor.ts), decoded against the list's order; it replaces `page`. */
  cursor?: Cursor;
}

/**
 * `range`: the parameter is one end of a `search: range` filter (`dataAperturaDa` from, `dataAperturaA` to).
 * `exists`: a filter over related rows (the entity's `existsFilters`, by the name in `field`), which the
 * service applies with the caller's scope on the related entity (applyFilters leaves it).
 */
/** `group`: a yes/no filter over that group of the enum `field` (docs/spec-language.md#filters-over-an-enum-group). */
export interface FilterParam { param: string; field: string; range?: 'from' | 'to'; exists?: boolean; group?: string }

export function parseListParams(entity: EntityModel, query: Record<string, unknown>, filterable: readonly FilterParam[]): ListParams {
  const size = Math.min(Number(query.size ?? entity.api.pageSize), entity.api.maxPageSize);
  const rawSort = query.sort === undefined ? [] : Array.isArray(query.sort) ? query.sort : [query.sort];
  const sort = rawSort.map((s) => {
    const [field, direction] = String(s).split(',');
    return { field, direction: direction === 'desc' ? 'desc' as const : 'asc' as const };
  });
  const filters = filterable
    .filter(({ param }) => query[param] !== undefined && query[param] !== '')
    .map(({ param, field, range, exists, group }) => ({ field, value: query[param], ...(range ? { range } : {}), ...(exists ? { exists } : {}), ...(group ? { group } : {}) }));
  const search = typeof query.q === 'string' && query.q.trim() !== '' ? { search: query.q.trim() } : {};
  return { page: Number(query.page ?? 0), size, sort, filters, compact: query.format === 'compact', ...search };
}

export function applyFilters<TRecord extends object, TResult>(qb: Knex.QueryBuilder<TRecord, TResult>, entity: EntityModel, params: ListParams): Knex.QueryBuilder<TRecord, TResult> {
  if (params.search !== undefined) applyDisplaySearch(qb, entity, params.search);
  for (const { field, value, exact, range, exists, broad, group } of params.filters) {
    if (exists) continue;
    const f = named(entity.fields, field, `${entity.name} fields`);
    if (group !== undefined) {
      // Yes: a code of the group; no: any other value, or none.
      const codes = f.groups?.[group] ?? [];
      if (value === true || value === 'true') qb.whereIn(f.column, codes);
      else qb.where((w) => { w.whereNotIn(f.column, codes).orWhereNull(f.column); });
    } else if (range) {
      // Both ends included; dates and datetimes compare as ISO text, numbers as numbers.
      const bound = f.type === 'integer' || f.type === 'decimal' ? Number(value) : String(value);
      qb.where(f.column, range === 'from' ? '>=' : '<=', bound);
    } else if (f.search === 'wildcard' && !exact) {
      qb.whereRaw(...contains(qb, f.column, `%${escapeLike(String(value).toLowerCase())}%`));
      if (!broad) whereTrigramCandidates(qb, entity, f, String(value));
    } else if (f.type === 'boolean') {
      qb.where(f.column, value === true || value === 'true');
    } else {
      qb.where(f.column, f.type === 'integer' || f.type === 'decimal' ? Number(value) : String(value));
    }
  }
  return qb;
}

/** Requested order first, then the key, so pages never overlap or skip rows with equal sort values. */
export function applySortAndPage<TRecord extends object, TResult>(qb: Knex.QueryBuilder<TRecord, TResult>, entity: EntityModel, params: ListParams): Knex.QueryBuilder<TRecord, TResult> {
  for (const s of sortOrder(entity, params)) orderByField(qb, s.field, s.direction);
  return qb.limit(params.size).offset(params.page * params.size);
}

/**
 * The full, unique order of a list: the requested sort (or the spec's), then the key (exports page by it). A list
 * paged by cursor takes the key in the direction of the first sort field (newest first, then the highest id): an
 * order all one way is one index range (`(date, id) < (?, ?)` on an index of both), where a mixed one makes the
 * database sort each day's rows again on every page.
 */
export function sortOrder(entity: EntityModel, params: ListParams): Order {
  const sort = params.sort.length ? params.sort : [entity.list?.sort ?? { field: entity.key[0], direction: 'asc' as const }];
  const keyDirection = entity.api.paging === 'keyset' ? sort[0].direction : 'asc';
  const used = new Set<string>();
  const out: Order = [];
  for (const s of [...sort, ...entity.key.map((k) => ({ field: k, direction: keyDirection }))]) {
    if (used.has(s.field)) continue;
    used.add(s.field);
    out.push({ field: named(entity.fields, s.field, `${entity.name} fields`), direction: s.direction });
  }
  return out;
}

/**
 * The order a list with `api.paging: keyset` pages by cursor, when every field of it is required: a missing
 * value has no place a plain comparison can seek to (it sorts last either way), so such an order pages by number
 * only. Undefined for any other list.
 */
export function keysetOrder(entity: EntityModel, params: ListParams): Order | undefined {
  if (entity.api.paging !== 'keyset') return undefined;
  const order = sortOrder(entity, params);
  return order.every((o) => o.field.required) ? order : undefined;
}

/**
 * One order on both databases: text by code point (SQLite's BINARY; on PostgreSQL COLLATE "C", not the
 * server's locale, which puts 'Banca di' before 'Banca Piemontese' under it_IT or en_US), and rows
 * without a value last in either direction (SQLite puts NULL first going up, PostgreSQL last).
 */
export function orderByField(qb: Knex.QueryBuilder, field: FieldModel, direction: 'asc' | 'desc'): Knex.QueryBuilder {
  const text = field.type === 'string' || field.type === 'enum' || (field.type === 'reference' && field.reference?.type === 'string');
  const collate = text && isPostgres(qb) ? ' COLLATE "C"' : '';
  // A required field's column is NOT NULL, so NULLS LAST changes nothing there, and leaving it out keeps
  // its indexes usable for the order: SQLite never reads an index for ASC NULLS LAST (a sort of the whole
  // filter on every page otherwise, bench/suites/scale.ts), PostgreSQL not backwards for DESC NULLS LAST.
  const nulls = field.required ? '' : ' NULLS LAST';
  return qb.orderByRaw(`??${collate} ${direction === 'desc' ? 'DESC' : 'ASC'}${nulls}`, [field.column]);
}

/**
 * A field with a trigram index (docs/spec-language.md#text-search-indexes), on SQLite: the rows its FTS5 table
 * finds for the text, so the LIKE above (which keeps the exact meaning on both databases) reads those rows only,
 * not the whole table. The FTS5 trigram tokenizer folds case at least as widely as the LIKE, so it drops no
 * match. Under three characters there is no trigram to look up: the LIKE alone. PostgreSQL needs nothing here:
 * its index is on the very expression the LIKE compares.
 */
/** Beyond this many rows a text's trigram candidates cost more to list than the other filters' rows to read. */
const BROAD_TEXT_ROWS = 2000;

/**
 * On SQLite, marks `broad` the wildcard filters whose text the trigram index finds in more than BROAD_TEXT_ROWS
 * rows ("eria" is in half the merchants' names): listing them all and reading each row would cost seconds
 * at a million rows, where the other filters (a bank's merchants, in order) read a few thousand. SQLite's planner
 * cannot weigh that (it knows no selectivity of an FTS5 match), so the list asks FTS5 first, at most
 * BROAD_TEXT_ROWS + 1 rows. PostgreSQL's planner weighs its own index: nothing to do there.
 */
export async function markBroadTextFilters(db: Knex | Knex.Transaction, entity: EntityModel, params: ListParams): Promise<ListParams> {
  if (isPostgres(db)) return params;
  const filters = await Promise.all(params.filters.map(async (filter) => {
    const index = entity.indexes.find((ix) => ix.kind === 'trigram' && ix.fields[0] === filter.field);
    const text = String(filter.value);
    if (!index || filter.exact || filter.exists || Array.from(text).length < 3) return filter;
    const rows = await db.raw<{ n: number }[]>(`SELECT count(*) AS n FROM (SELECT 1 FROM ?? WHERE ?? MATCH ? LIMIT ${BROAD_TEXT_ROWS + 1})`, [index.name, index.name, phrase(text)]);
    return (rows[0]?.n ?? 0) > BROAD_TEXT_ROWS ? { ...filter, broad: true } : filter;
  }));
  return { ...params, filters };
}

/** The whole text as one FTS5 phrase: the trigram tokenizer matches it as a substring, spaces included. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

function whereTrigramCandidates(qb: Knex.QueryBuilder, entity: EntityModel, field: FieldModel, text: string): void {
  const index = entity.indexes.find((ix) => ix.kind === 'trigram' && ix.fields[0] === field.name);
  // Characters as the tokenizer counts them: code points, not UTF-16 units.
  if (!index || isPostgres(qb) || Array.from(text).length < 3) return;
  qb.whereRaw('??.rowid IN (SELECT rowid FROM ?? WHERE ?? MATCH ?)', [entity.table, index.name, index.name, phrase(text)]);
}

/**
 * `column` folded to lower case (common/fold-case.ts) is LIKE `pattern` (already lower case). On SQLite the same
 * condition, cheaper: its LIKE already ignores ASCII case, so only a text holding an accented capital (À..Þ) needs
 * the fold, a chain of thirty REPLACE calls that costs some 25 times the LIKE (bench/README.md#merchants). A row
 * that matches without the fold matches with it (the pattern holds no capital), so both forms find the same rows.
 * PostgreSQL keeps the folded form: its trigram index is on that very expression.
 */
function contains(qb: Knex.QueryBuilder, column: string, pattern: string): [string, string[]] {
  if (isPostgres(qb)) return [`${foldCaseSql('??')} LIKE ? ESCAPE '\\'`, [column, pattern]];
  return [`(?? LIKE ? ESCAPE '\\' OR (?? GLOB '*[À-Þ]*' AND ${foldCaseSql('??')} LIKE ? ESCAPE '\\'))`, [column, pattern, column, column, pattern]];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `?q=`: any display field contains the text, case aside (text fields), or equals it (numbers). A display
 * without a text field is searched by its numbers alone.
 */
function applyDisplaySearch(qb: Knex.QueryBuilder, entity: EntityModel, text: string): void {
  const fields = entity.display.map((name) => named(entity.fields, name, `${entity.name} fields`));
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  qb.where((any) => {
    any.whereRaw('1 = 0');
    for (const f of fields) {
      if (f.type === 'integer' || f.type === 'decimal') {
        if (/^-?\d+(\.\d+)?$/.test(text)) any.orWhere(f.column, Number(text));
      } else if (f.type === 'string' || f.type === 'reference' || f.type === 'enum') {
        any.orWhereRaw(...contains(any, f.column, pattern));
      }
    }
  });
}
