import type { EntityMeta } from '../../ui/src/core/types';

/**
 * A manifest entity with `path` and `key` (what the data provider builds its URLs from) and nothing else of
 * note: no columns, filters, operations or permissions.
 */
export function entityMeta(path: string, key: string[]): EntityMeta {
  return {
    label: path, labelPlural: path, path, key, pageSize: 30, maxPageSize: 100, display: key,
    columns: [], filters: [], defaultSort: { field: key[0], direction: 'asc' }, operations: [], permissions: {},
  };
}
