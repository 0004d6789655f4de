/**
 * One record by key; with no key (a create form) nothing is fetched. While a record is read again (a new
 * key, `reload`) the last one read stays, with `loading`.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { KeyValues } from '../keys';
import type { EntityMeta, Row } from '../types';
import { useDataProvider } from './useDataProvider';
import { useStableValue } from './useStableValue';

export interface EntityRecordState {
  record: Row | undefined;
  loading: boolean;
  error: unknown;
  /** Read the record again (after a state-machine action changed it). */
  reload: () => void;
}

export function useEntityRecord(entity: EntityMeta, key: KeyValues | undefined): EntityRecordState {
  const provider = useDataProvider();
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const stableKey = useStableValue(key);
  const request = useMemo(() => (stableKey ? { provider, entity, key: stableKey, generation } : undefined), [provider, entity, stableKey, generation]);
  const [answered, setAnswered] = useState<{ request: typeof request; record: Row | undefined; error: unknown }>();

  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    request.provider.get(request.entity, request.key, controller.signal).then(
      (record) => setAnswered({ request, record, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswered({ request, record: undefined, error });
      },
    );
    return () => controller.abort();
  }, [request]);

  if (!request) return { record: undefined, loading: false, error: null, reload };
  return { record: answered?.record, loading: answered?.request !== request, error: answered?.error ?? null, reload };
}
