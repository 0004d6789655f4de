/**
 * One page of an entity's list, refetched when page, size, sort or filters change. The previous request is
 * aborted so a slow answer for an old filter can never overwrite the newer one.
 */
import { useCallback, useEffect, useState } from 'react';
import type { FilterValue } from '../dataProvider';
import type { EntityMeta, Row, SortSpec } from '../types';
import { useDataProvider } from './useDataProvider';

export interface EntityListQuery {
  page: number;
  size: number;
  sort?: SortSpec[];
  filters?: Record<string, FilterValue>;
}

export interface EntityListState {
  rows: Row[];
  totalCount: number;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

export function useEntityList(entity: EntityMeta, query: EntityListQuery): EntityListState {
  const provider = useDataProvider();
  const [rows, setRows] = useState<Row[]>([]);
  const [totalCount, setTotalCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  // The serialised query is the effect's real dependency: callers build a fresh object on every render.
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    provider.list(entity, JSON.parse(queryKey) as EntityListQuery, controller.signal).then(
      (answer) => {
        setRows(answer.results);
        setTotalCount(answer.totalCount);
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setError(err);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [provider, entity, queryKey, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { rows, totalCount, loading, error, reload };
}
