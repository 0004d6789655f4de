/** Save (create when there is no key yet, update otherwise) and delete for one entity. */
import { useMemo } from 'react';
import type { KeyValues } from '../keys';
import type { EntityMeta, Row } from '../types';
import { versionOf } from '../dataProvider';
import { useDataProvider } from './useDataProvider';

export interface EntityMutations {
  /**
   * `version`: the ETag of the row as loaded (dataProvider `versionOf`), sent as If-Match on update.
   * Answers the row as saved; undefined when the answer carries none.
   */
  save(key: KeyValues | undefined, body: Row, version?: string): Promise<Row | undefined>;
  remove(key: KeyValues, version?: string): Promise<void>;
  /** The row's version now (a list row has none): read before asking to confirm a delete from the list. */
  versionNow(key: KeyValues): Promise<string | undefined>;
}

export function useEntityMutations(entity: EntityMeta): EntityMutations {
  const provider = useDataProvider();
  return useMemo(() => ({
    save: (key, body, version) => (key ? provider.update(entity, key, body, version) : provider.create(entity, body)),
    remove: (key, version) => provider.remove(entity, key, version),
    versionNow: async (key) => versionOf(await provider.get(entity, key)),
  }), [provider, entity]);
}
