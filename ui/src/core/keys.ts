/**
 * Keys and route patterns. A manifest route like `/anagrafiche/anaBanca/formBanca/:codAbi?` names its
 * parameters after the entity's key fields, so one row fills both the route and the API path
 * (`/banche/{codAbi}`, composite keys as several segments in key order).
 */
import type { Row } from './types';
import { textOf } from '../../../common/text';

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
    return [encodeURIComponent(textOf(value))];
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
    key[field] = textOf(value);
  }
  return key;
}

/**
 * `/banche/30480`, `/filiali/30480/01234`. A base path may name parent values in braces
 * (`gruppi/{groupName}/ruoli`): they are filled from the key, else from `parent`, and a key field used there
 * is not appended again (`/gruppi/30480/ruoli/BANCA_SEDE`).
 */
export function entityPath(basePath: string, keyFields: readonly string[], key?: KeyValues, parent: Record<string, unknown> = {}): string {
  const used = new Set<string>();
  const filled = basePath.replace(/^\/+/, '').replace(/\{([^}]+)\}/g, (_match, name: string) => {
    used.add(name);
    const value = key?.[name] ?? parent[name];
    if (value === undefined || value === null || value === '') throw new Error(`API path ${basePath} needs a value for ${name}`);
    return encodeURIComponent(textOf(value));
  });
  const base = `/${filled}`;
  if (!key) return base;
  return [base, ...keyFields.filter((f) => !used.has(f)).map((field) => encodeURIComponent(key[field] ?? ''))].join('/');
}

/**
 * The address up to the record's key: the pattern's fixed segments and then its key's. Parameters after the
 * key (a related list's open tab, docs/spec-language.md#related-lists-as-tabs) do not change the record.
 */
export function recordPath(pattern: string, pathname: string, keyLength: number): string {
  const firstParam = pattern.split('/').findIndex((segment) => segment.startsWith(':'));
  return firstParam < 0 ? pathname : pathname.split('/').slice(0, firstParam + keyLength).join('/');
}
