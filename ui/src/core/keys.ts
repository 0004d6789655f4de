/**
 * Keys and route patterns. A manifest route like `/anagrafiche/anaBanca/formBanca/:codAbi?` names its
 * parameters after the entity's key fields, so one row fills both the route and the API path
 * (`/banche/{codAbi}`, composite keys as several segments in key order).
 */
import type { Row } from './types';

export type KeyValues = Record<string, string>;

/** Fills `:name` / `:name?` segments from `values`; an optional segment without a value is dropped. */
export function fillRoute(pattern: string, values: Record<string, unknown>): string {
  const segments = pattern.split('/').flatMap((segment) => {
    const match = /^:([^?]+)(\?)?$/.exec(segment);
    if (!match) return [segment];
    const value = values[match[1]];
    if (value === undefined || value === null || value === '') {
      if (match[2]) return [];
      throw new Error(`Route ${pattern} needs a value for ${match[1]}`);
    }
    return [encodeURIComponent(String(value))];
  });
  const path = segments.join('/');
  return path === '' ? '/' : path;
}

/** The key of a row, or undefined when any key field is missing (a row not yet saved). */
export function keyOf(keyFields: readonly string[], row: Row | Record<string, string | undefined>): KeyValues | undefined {
  const key: KeyValues = {};
  for (const field of keyFields) {
    const value = row[field];
    if (value === undefined || value === null || value === '') return undefined;
    key[field] = String(value);
  }
  return key;
}

/** `/banche/30480`, `/filiali/30480/01234`. */
export function entityPath(basePath: string, keyFields: readonly string[], key?: KeyValues): string {
  const base = `/${basePath.replace(/^\/+/, '')}`;
  if (!key) return base;
  return [base, ...keyFields.map((field) => encodeURIComponent(key[field] ?? ''))].join('/');
}
