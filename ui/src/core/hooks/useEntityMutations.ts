/** Save (create when there is no key yet, update otherwise) and delete for one entity. */
import { useMemo } from 'react';
import type { KeyValues } from '../keys';
import type { EntityMeta, Row } from '../types';
import { useDataProvider } from './useDataProvider';

export interface EntityMutations {
  save(key: KeyValues | undefined, body: Row): Promise<Row>;
  remove(key: KeyValues): Promise<void>;
}

export function useEntityMutations(entity: EntityMeta): EntityMutations {
  const provider = useDataProvider();
  return useMemo(() => ({
    save: (key, body) => (key ? provider.update(entity, key, body) : provider.create(entity, body)),
    remove: (key) => provider.remove(entity, key),
  }), [provider, entity]);
}
