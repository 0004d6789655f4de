/**
 * One record by key; with no key (a create form) nothing is fetched. While a record is read again (a new
 * key, `reload`) the last one read stays, with `loading`; `refresh` reads it again without `loading`, so
 * whatever shows it (a form being edited) stays on screen.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyValues } from '../keys';
import type { EntityMeta, Row } from '../types';
import { useDataProvider } from './useDataProvider';
import { useStableValue } from './useStableValue';
import { arrived } from '../arrival';
import { takeFirstRecord } from '../firstRecord';

export interface EntityRecordState {
  record: Row | undefined;
  loading: boolean;
  error: unknown;
  /** Read the record again (after a state-machine action changed it). */
  reload: () => void;
  /** Read the record again behind what shows it (after a save: the title, the actions the new state allows). */
  refresh: () => void;
}

export function useEntityRecord(entity: EntityMeta, key: KeyValues | undefined): EntityRecordState {
  const provider = useDataProvider();
  const [generation, setGeneration] = useState({ count: 0, quiet: false });
  const reload = useCallback(() => setGeneration((g) => ({ count: g.count + 1, quiet: false })), []);
  const refresh = useCallback(() => setGeneration((g) => ({ count: g.count + 1, quiet: true })), []);
  const stableKey = useStableValue(key);
  const request = useMemo(() => (stableKey ? { provider, entity, key: stableKey, generation } : undefined), [provider, entity, stableKey, generation]);
  // The record main.tsx asked for as the shell started (core/firstRecord.ts): the first render shows it.
  const [answered, setAnswered] = useState<{ request: typeof request; record: Row | undefined; error: unknown } | undefined>(() => {
    const first = request && takeFirstRecord(request.entity, request.key);
    return first ? { request, record: first, error: null } : undefined;
  });
  const firstAnswered = useRef(answered?.request);

  useEffect(() => {
    if (!request || request === firstAnswered.current) return;
    const controller = new AbortController();
    request.provider.get(request.entity, request.key, controller.signal).then(
      (record) => { arrived(() => { setAnswered({ request, record, error: null }); }); },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswered({ request, record: undefined, error });
      },
    );
    return () => controller.abort();
  }, [request]);

  if (!request) return { record: undefined, loading: false, error: null, reload, refresh };
  // A quiet read of the same record keeps the last answer on screen until the new one comes.
  const refreshing = request.generation.quiet && answered?.record !== undefined && answered.request?.key === request.key && answered.request.entity === request.entity;
  return { record: answered?.record, loading: answered?.request !== request && !refreshing, error: answered?.error ?? null, reload, refresh };
}
