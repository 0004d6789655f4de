/**
 * A list's operation buttons (manifest `listOperations`, docs/spec-language.md#list-operations), as pure steps:
 * which buttons go where, the question asked first, and the call each makes from the list's selection or filters.
 */
import type { ListOperation } from './types';

const METHODS = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE' } as const;

export interface ListOperationCall {
  method: (typeof METHODS)[keyof typeof METHODS];
  path: string;
  query: Record<string, string>;
  body?: Record<string, string>;
}

/** Buttons above the selected rows (they send the selection), and buttons beside the export (they send filters). */
export function splitListOperations(operations: readonly ListOperation[]): { onSelection: ListOperation[]; onList: ListOperation[] } {
  return {
    onSelection: operations.filter((op) => op.selection !== undefined),
    onList: operations.filter((op) => op.selection === undefined),
  };
}

/** The spec's question with the number of selected rows in place of {count}; none when the spec asks nothing. */
export function listOperationQuestion(op: ListOperation, count: number): string | undefined {
  return op.confirm?.replace(/\{count\}/g, String(count));
}

/** The call: the selected keys joined by commas in the body field `selection`; the filters' values, as set, in the query. */
export function listOperationCall(op: ListOperation, selectedKeys: readonly string[], filters: Readonly<Record<string, string | undefined>>): ListOperationCall {
  const query = Object.fromEntries((op.filters ?? []).flatMap(({ query: name, param }) => {
    const value = filters[param]?.trim();
    return value ? [[name, value]] : [];
  }));
  return {
    method: METHODS[op.method],
    path: op.path,
    query,
    ...(op.selection !== undefined ? { body: { [op.selection]: selectedKeys.join(',') } } : {}),
  };
}
