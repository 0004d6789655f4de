/** One record by key; with no key (a create form) nothing is fetched. */
import { useCallback, useEffect, useState } from 'react';
import type { KeyValues } from '../keys';
import type { EntityMeta, Row } from '../types';
import { useDataProvider } from './useDataProvider';

export interface EntityRecordState {
  record: Row | undefined;
  loading: boolean;
  error: unknown;
  /** Read the record again (after a state-machine action changed it). */
  reload: () => void;
}

export function useEntityRecord(entity: EntityMeta, key: KeyValues | undefined): EntityRecordState {
  const provider = useDataProvider();
  const [state, setState] = useState<Omit<EntityRecordState, 'reload'>>({ record: undefined, loading: key !== undefined, error: null });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const keyString = key ? JSON.stringify(key) : '';

  useEffect(() => {
    if (!keyString) {
      setState({ record: undefined, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    provider.get(entity, JSON.parse(keyString) as KeyValues, controller.signal).then(
      (record) => setState({ record, loading: false, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ record: undefined, loading: false, error });
      },
    );
    return () => controller.abort();
  }, [provider, entity, keyString, generation]);

  return { ...state, reload };
}
