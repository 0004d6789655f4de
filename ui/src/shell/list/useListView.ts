/**
 * The list's view (page, size, sort, filters) read from and written to the address (core/listView.ts).
 * Each change is a history entry, so Back undoes it; a text filter settles after a typing pause, and the
 * settles of one search (the same input, nothing else changed in between) replace each other's entry:
 * Back undoes the search, not its last letters. The query is also kept for "Torna all'elenco".
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { browserStore, rememberListQuery } from '../../core/listMemory';
import { readListView, writeListView, type ListShape, type ListView } from '../../core/listView';

export interface ChangeOptions {
  /** The filter parameter whose typing settled into this change, if that is what made it. */
  typedIn?: string;
  /** A correction of the address (a page past the end), not a step Back should return to. */
  replace?: boolean;
}

export interface ListViewControl {
  view: ListView;
  change: (next: ListView, options?: ChangeOptions) => void;
}

export function useListView(shape: ListShape, listRoute: string | undefined): ListViewControl {
  const location = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => readListView(location.search, shape), [location.search, shape]);
  // The last typed search written: which input, and the query it left in the address.
  const typing = useRef<{ param: string; query: string } | undefined>(undefined);

  const current = location.search.replace(/^\?/, '');
  useEffect(() => {
    if (listRoute) rememberListQuery(browserStore('session'), listRoute, current);
  }, [listRoute, current]);

  const change = useCallback((next: ListView, { typedIn, replace = false }: ChangeOptions = {}) => {
    const query = writeListView(next, shape);
    if (query === current) return;
    // The user has left the list (opened a row) and its page still shows while the next page's code loads: a
    // filter settling now must not take them back (seen in CI: a row clicked within the typing pause).
    if (window.location.pathname !== location.pathname) return;
    const sameSearch = typedIn !== undefined && typing.current?.param === typedIn && typing.current.query === current;
    typing.current = typedIn === undefined ? undefined : { param: typedIn, query };
    void navigate({ pathname: location.pathname, search: query ? `?${query}` : '' }, { replace: replace || sameSearch });
  }, [shape, current, navigate, location.pathname]);

  return { view, change };
}
