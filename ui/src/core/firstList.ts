/**
 * The first page of the list the address opens, asked by main.tsx as soon as the session has answered, instead of
 * after React's first render: the list's first render then has its rows, one render and commit of the table instead
 * of two (on a slow phone each is a long task), and the rows travel while the code does (issue 15 item 8). The
 * list's first read (useEntityList) takes it only when it asks exactly that query; any other query asks the server.
 */
import { listQuery, type DataProvider, type ListParams, type ListResult } from './dataProvider';
import { fixedListFilters, type FixedAnswer } from './fixedScope';
import { readListView, viewQuery } from './listView';
import type { EntityMeta } from './types';

interface Started { key: string; pending: Promise<ListResult>; answer?: ListResult }
let started: Started | undefined;

/** The request a query makes, its filters in one order (the page may build them in another). */
const keyOf = (entity: Pick<EntityMeta, 'path'>, query: ListParams) => {
  const filters = Object.fromEntries(Object.entries(query.filters ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  return `${entity.path}?${listQuery({ ...query, filters })}`;
};

/**
 * The query a list page asks as it opens (ui/src/shell/pages/ListPage.tsx): the view in the address, with the
 * caller's fixed bank or branch. None for a list that first needs something else: a filter to be set
 * (`requireOneFilter`), its opening period written into the address (`period`), a single choice looked up
 * (`selectSingle`).
 */
export function openingListQuery(entity: EntityMeta, search: string, user: FixedAnswer): ListParams | undefined {
  if (entity.requireOneFilter || entity.period || entity.selectSingle?.length) return undefined;
  const view = readListView(search, entity);
  return viewQuery(view, { ...view.filters, ...fixedListFilters(entity, user) });
}

/** Asks for the page; settles when it has answered, either way (main.tsx waits for it). */
export function startFirstList(provider: DataProvider, entity: EntityMeta, query: ListParams): Promise<unknown> {
  const pending = provider.list(entity, query);
  const mine: Started = { key: keyOf(entity, query), pending };
  started = mine;
  // A refusal is the page's to say: its own read takes the same answer and shows it.
  return pending.then((answer) => { mine.answer = answer; }, () => undefined);
}

/**
 * The page startFirstList asked, when it is the one asked for now: its answer if it has come (the first render shows
 * it), else the request still on its way (the list waits for it rather than asking again). Only the first list that
 * asks may take it, whatever it asks: an answer left for a later visit would be out of date.
 */
export function takeFirstList(entity: Pick<EntityMeta, 'path'>, query: ListParams): { answer?: ListResult; pending: Promise<ListResult> } | undefined {
  const mine = started;
  started = undefined;
  return mine && mine.key === keyOf(entity, query) ? { answer: mine.answer, pending: mine.pending } : undefined;
}
