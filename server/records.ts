/**
 * Narrowing of values whose shape no type states: JSON bodies and documents, rows a driver returns.
 * `typeof value === 'object'` alone also lets null and arrays through.
 */
import { textOf } from '../common/text.js';

/** A plain object (a JSON object, a row): not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The record under `key` of `value`, or undefined when there is none. */
export function recordAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const inner = value[key];
  return isRecord(inner) ? inner : undefined;
}

/** The text under `key` of `record`, or undefined when it is absent or not text. */
export function textAt(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

/** `value` as a record, for data a check before already shaped (a body the document validated). */
export function expectRecord(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new Error(`${what} is not an object`);
  return value;
}

/** `value` as a list of records, for data a check before already shaped. */
export function expectRecords(value: unknown, what: string): Record<string, unknown>[] {
  const items: unknown[] = Array.isArray(value) ? value : [];
  if (!Array.isArray(value) || !items.every(isRecord)) throw new Error(`${what} is not a list of objects`);
  return items;
}

/** A row's text value, or null when it has none. */
export function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : textOf(value);
}
