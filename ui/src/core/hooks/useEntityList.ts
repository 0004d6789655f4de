/**
 * One page of an entity's list, refetched when page, size, sort or filters change. The previous request is
 * aborted so a slow answer for an old filter can never overwrite the newer one. The rows and the error stay
 * those of the last answer while the next one is awaited; `loading` says that one is. `enabled` false asks
 * nothing and answers no rows (a list that needs a filter before it may be searched).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FilterValue, ListResult } from '../dataProvider';
import { takeFirstList } from '../firstList';
import type { EntityMeta, Row, SortSpec } from '../types';
import { useDataProvider } from './useDataProvider';
import { useStableValue } from './useStableValue';
import { arrived } from '../arrival';

export interface EntityListQuery {
  page: number;
  /** A list paged by cursor: asked instead of `page`. */
  cursor?: string;
  size: number;
  sort?: SortSpec[];
  filters?: Record<string, FilterValue>;
}

export interface EntityListState {
  rows: Row[];
  totalCount: number;
  /** More rows match than totalCount (spec api.countLimit). */
  totalCountCapped: boolean;
  /** A list paged by cursor (spec api.paging: keyset): where the next and previous pages start. */
  cursors: { next?: string; prev?: string };
  loading: boolean;
  error: unknown;
  reload: () => void;
}

interface ListAnswer { rows: Row[]; totalCount: number; totalCountCapped: boolean; cursors: { next?: string; prev?: string }; error: unknown }

export function useEntityList(entity: EntityMeta, query: EntityListQuery, enabled = true): EntityListState {
  const provider = useDataProvider();
  const [generation, setGeneration] = useState(0);
  // Callers build a fresh query object on every render: what it says is the effect's real dependency.
  const stableQuery = useStableValue(query);
  const request = useMemo(() => ({ provider, entity, query: stableQuery, generation }), [provider, entity, stableQuery, generation]);
  // The page main.tsx asked as the shell started (core/firstList.ts), when it is this query: shown at once if it
  // has come, awaited rather than asked again if not.
  const [first] = useState(() => takeFirstList(entity, query));
  const firstRequest = useRef(first && request);
  const [answered, setAnswered] = useState<{ request: typeof request; answer: ListAnswer } | undefined>(() => first?.answer && { request, answer: listAnswer(first.answer) });

  useEffect(() => {
    if (!enabled) return;
    const early = firstRequest.current === request ? first : undefined;
    firstRequest.current = undefined;
    if (early?.answer) return;
    const controller = new AbortController();
    (early?.pending ?? request.provider.list(request.entity, request.query, controller.signal)).then(
      (page) => { if (!controller.signal.aborted) arrived(() => { setAnswered({ request, answer: listAnswer(page) }); }); },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setAnswered((last) => ({ request, answer: { rows: last?.answer.rows ?? [], totalCount: last?.answer.totalCount ?? 0, totalCountCapped: last?.answer.totalCountCapped ?? false, cursors: {}, error: err } }));
      },
    );
    return () => controller.abort();
  }, [request, enabled, first]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  if (!enabled) return { rows: [], totalCount: 0, totalCountCapped: false, cursors: {}, loading: false, error: null, reload };
  const answer = answered?.answer;
  const loading = answered?.request !== request;
  // The rows on screen stay while the next page loads, but its cursors are the old page's: "next" clicked then
  // would ask the page just asked for again and number it one further (page 3 showing page 2's rows). Without
  // cursors the move goes by page number.
  return { rows: answer?.rows ?? [], totalCount: answer?.totalCount ?? 0, totalCountCapped: answer?.totalCountCapped ?? false, cursors: loading ? {} : answer?.cursors ?? {}, loading, error: answer?.error ?? null, reload };
}

function listAnswer(page: ListResult): ListAnswer {
  return { rows: page.results, totalCount: page.totalCount, totalCountCapped: page.totalCountCapped === true, cursors: { next: page.nextCursor, prev: page.prevCursor }, error: null };
}
