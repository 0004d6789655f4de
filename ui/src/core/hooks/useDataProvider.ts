import { useMemo } from 'react';
import { createDataProvider, type DataProvider } from '../dataProvider';
import { useManifest } from './useManifest';

/** One provider per API base; cheap to build, memoised so effects depending on it do not loop. */
export function useDataProvider(): DataProvider {
  const { apiBase } = useManifest();
  return useMemo(() => createDataProvider(apiBase), [apiBase]);
}
