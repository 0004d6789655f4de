/**
 * Turns list query parameters (already checked against the OpenAPI document) into a Knex query:
 * filters by the spec's search mode, stable sorting, paging, and the total count of the filter.
 */
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';

export interface ListParams {
  page: number;
  size: number;
  sort: { field: string; direction: 'asc' | 'desc' }[];
  /** `exact` forces equality whatever the field's search mode (path parameters). */
  filters: { field: string; value: unknown; exact?: boolean }[];
  compact: boolean;
}

export interface FilterParam { param: string; field: string }

export function parseListParams(entity: EntityModel, query: Record<string, unknown>, filterable: readonly FilterParam[]): ListParams {
  const size = Math.min(Number(query.size ?? entity.api.pageSize), entity.api.maxPageSize);
  const rawSort = query.sort === undefined ? [] : Array.isArray(query.sort) ? query.sort : [query.sort];
  const sort = rawSort.map((s) => {
    const [field, direction] = String(s).split(',');
    return { field, direction: direction === 'desc' ? 'desc' as const : 'asc' as const };
  });
  const filters = filterable
    .filter(({ param }) => query[param] !== undefined && query[param] !== '')
    .map(({ param, field }) => ({ field, value: query[param] }));
  return { page: Number(query.page ?? 0), size, sort, filters, compact: query.format === 'compact' };
}

export function applyFilters(qb: Knex.QueryBuilder, entity: EntityModel, params: ListParams): Knex.QueryBuilder {
  for (const { field, value, exact } of params.filters) {
    const f = entity.fields.find((x) => x.name === field)!;
    if (f.search === 'wildcard' && !exact) {
      qb.whereRaw(`LOWER(??) LIKE ? ESCAPE '\\'`, [f.column, `%${escapeLike(String(value).toLowerCase())}%`]);
    } else if (f.type === 'boolean') {
      qb.where(f.column, value === true || value === 'true');
    } else {
      qb.where(f.column, f.type === 'integer' || f.type === 'decimal' ? Number(value) : String(value));
    }
  }
  return qb;
}

/** Requested order first, then the key, so pages never overlap or skip rows with equal sort values. */
export function applySortAndPage(qb: Knex.QueryBuilder, entity: EntityModel, params: ListParams): Knex.QueryBuilder {
  const sort = params.sort.length ? params.sort : [entity.list?.sort ?? { field: entity.key[0], direction: 'asc' as const }];
  const used = new Set<string>();
  for (const s of [...sort, ...entity.key.map((k) => ({ field: k, direction: 'asc' as const }))]) {
    if (used.has(s.field)) continue;
    used.add(s.field);
    qb.orderBy(entity.fields.find((f) => f.name === s.field)!.column, s.direction);
  }
  return qb.limit(params.size).offset(params.page * params.size);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
