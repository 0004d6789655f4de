/**
 * What a list shows (page, page size, sort, filters) as the query string of its route, so Back restores it
 * exactly, a pasted address opens the same list and a record can send the user back to it. The names are the
 * API's own (`page`, `size`, `sort=field,asc`, each filter's `param`), the page counted from 1 as on screen.
 * Defaults are left out (a list as it opens has no query), and a value the list could not have written (an
 * unknown column, a size it does not offer, an enum code it does not know, a malformed date) is ignored, not
 * an error: the address may have been typed, edited or kept from an older version.
 */
import type { ListParams } from './dataProvider';
import { isCalendarDate } from './dates';
import type { EntityMeta, FilterDef, SortSpec } from './types';

export interface ListView {
  /** 0-based, as the API counts. */
  page: number;
  size: number;
  sort: SortSpec[];
  /** Query parameter -> value, only the filters that are set. */
  filters: Record<string, string>;
  /**
   * A list paged by cursor (spec api.paging: keyset): the position the API answered for this page, asked instead
   * of `page` (which still says the page's number on screen). Only next and previous set it.
   */
  cursor?: string;
}

export type ListShape = Pick<EntityMeta, 'pageSize' | 'maxPageSize' | 'defaultSort' | 'columns' | 'filters'>;

const COMMON_SIZES = [10, 20, 50, 100];
/** Longer than any value a filter input holds: a guard against an address stuffed with text. */
const MAX_FILTER_LENGTH = 200;

/** The page sizes the list offers: its own, common ones around it, none above what the API accepts. */
export function pageSizeOptions(shape: Pick<ListShape, 'pageSize' | 'maxPageSize'>): number[] {
  const sizes = new Set([...COMMON_SIZES, shape.pageSize]);
  return [...sizes].filter((s) => s > 0 && s <= shape.maxPageSize).sort((a, b) => a - b);
}

export function defaultView(shape: ListShape): ListView {
  return { page: 0, size: shape.pageSize, sort: [shape.defaultSort], filters: {} };
}

export function readListView(search: string | URLSearchParams, shape: ListShape): ListView {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const view = defaultView(shape);
  const page = positiveInteger(query.get('page'));
  if (page !== undefined) view.page = page - 1;
  const cursor = query.get('cursor');
  if (cursor !== null && CURSOR.test(cursor)) view.cursor = cursor;
  const size = positiveInteger(query.get('size'));
  if (size !== undefined && pageSizeOptions(shape).includes(size)) view.size = size;
  const sort = readSort(query.getAll('sort'), shape);
  if (sort.length) view.sort = sort;
  for (const filter of shape.filters) {
    const value = filterValue(filter, query.get(filter.param));
    if (value !== undefined) view.filters[filter.param] = value;
  }
  return view;
}

/** The query string of `view` (no leading `?`), empty for the list as it opens. */
export function writeListView(view: ListView, shape: ListShape): string {
  const query = new URLSearchParams();
  for (const filter of shape.filters) {
    const value = filterValue(filter, view.filters[filter.param]);
    if (value !== undefined) query.set(filter.param, value);
  }
  if (!sameSort(view.sort, [shape.defaultSort])) for (const s of view.sort) query.append('sort', `${s.field},${s.direction}`);
  if (view.size !== shape.pageSize) query.set('size', String(view.size));
  if (view.page > 0) query.set('page', String(view.page + 1));
  if (view.cursor !== undefined) query.set('cursor', view.cursor);
  return query.toString();
}

/** What a list with `view` asks the API: its page (or cursor), size and sort, with `filters` (the view's and any fixed). */
export function viewQuery(view: ListView, filters: Record<string, string>): Pick<ListParams, 'page' | 'cursor' | 'size' | 'sort' | 'filters'> {
  return { page: view.page, ...(view.cursor ? { cursor: view.cursor } : {}), size: view.size, sort: view.sort, filters };
}

/** What the API answers as a cursor (base64url), no longer than it accepts. */
const CURSOR = /^[A-Za-z0-9_-]{1,2048}$/;

/** The view without its cursor: a new filter, sort or page number starts a new walk. */
function uncursored(view: ListView): ListView {
  const { cursor: _cursor, ...rest } = view;
  return rest;
}

/**
 * A move to page `page` (of `size` rows): the next or previous page by the cursor the list answered for it, when it
 * answered one (the same cost at any depth), any other page by number.
 */
export function withPageMove(view: ListView, page: number, size: number, cursors: { next?: string; prev?: string }): ListView {
  if (size === view.size && page === view.page + 1 && cursors.next) return { ...view, page, cursor: cursors.next };
  if (size === view.size && page === view.page - 1 && page > 0 && cursors.prev) return { ...view, page, cursor: cursors.prev };
  return withPage(view, page, size);
}

/** A filter set or cleared: the old page number means nothing for the new rows. */
export function withFilter(view: ListView, param: string, value: string | undefined): ListView {
  const { [param]: _old, ...others } = view.filters;
  const text = value?.trim();
  return { ...uncursored(view), page: 0, filters: text ? { ...others, [param]: text } : others };
}

export function withSort(view: ListView, sort: SortSpec[]): ListView {
  return { ...uncursored(view), page: 0, sort };
}

/** A new page size keeps the first row on screen in view. */
export function withPage(view: ListView, page: number, size: number): ListView {
  if (size === view.size) return { ...uncursored(view), page: Math.max(0, page) };
  return { ...uncursored(view), size, page: Math.floor((view.page * view.size) / size) };
}

export function withoutFilters(view: ListView): ListView {
  return { ...uncursored(view), page: 0, filters: {} };
}

function positiveInteger(text: string | null): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 ? n : undefined;
}

function readSort(values: string[], shape: ListShape): SortSpec[] {
  const sortable = new Set(shape.columns.map((c) => c.field));
  const seen = new Set<string>();
  const sort: SortSpec[] = [];
  for (const value of values) {
    const [field, direction, ...rest] = value.split(',');
    if (rest.length || !sortable.has(field) || seen.has(field) || (direction !== 'asc' && direction !== 'desc')) continue;
    seen.add(field);
    sort.push({ field, direction });
  }
  return sort;
}

function sameSort(a: readonly SortSpec[], b: readonly SortSpec[]): boolean {
  return a.length === b.length && a.every((s, i) => s.field === b[i].field && s.direction === b[i].direction);
}

/** The value as the filter's input could have set it, else undefined. */
function filterValue(filter: FilterDef, raw: string | null | undefined): string | undefined {
  const value = raw?.trim();
  if (!value || value.length > MAX_FILTER_LENGTH) return undefined;
  switch (filter.type) {
    case 'enum': return filter.options?.some((o) => o.value === value) ? value : undefined;
    case 'boolean': return value === 'true' || value === 'false' ? value : undefined;
    case 'date': case 'datetime': return isCalendarDate(value) ? value : undefined;
    case 'integer': return /^-?\d{1,15}$/.test(value) ? value : undefined;
    case 'decimal': return /^-?\d{1,15}(\.\d+)?$/.test(value) ? value : undefined;
    default: return value;
  }
}
