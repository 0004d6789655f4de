/**
 * The live count of one spec indicator (manifest `indicators`): read at once, then polled every 60000 ms times
 * its configuration key (core/indicatorPolling.ts) until the caller unmounts. Shared by the header badge and the
 * home work queue, so both show the same figure from the same counter operation.
 */
import { useEffect, useState } from 'react';
import { useDataProvider } from '../core/hooks/useDataProvider';
import { startIndicatorPolling } from '../core/indicatorPolling';
import type { IndicatorDef } from '../core/types';
import { genericApiError } from '../core/apiError';
import { isRecord } from '../core/guards';

/** undefined until the first answer; a later failed read keeps the last count. */
export function useIndicatorCount(indicator: IndicatorDef): number | undefined {
  const api = useDataProvider();
  const [count, setCount] = useState<number>();
  useEffect(() => startIndicatorPolling({
    allowed: true,
    readFactor: async () => (await api.api.GET('/config/{key}', { params: { path: { key: indicator.refreshKey } } })).value ?? null,
    // The counter's path is data of the manifest (any operation with `indicator:`), so untyped by path.
    readCount: async () => countOf(await api.requestPath('GET', indicator.path)),
    onCount: setCount,
  }), [api, indicator]);
  return count;
}

/** The counter's answer (`{ count }`); anything else is a failed read, which keeps the last count. */
function countOf(answer: unknown): number {
  if (!isRecord(answer) || typeof answer.count !== 'number') throw genericApiError(200);
  return answer.count;
}
