/**
 * How a row is named where others refer to it (docs/spec-language.md#references): its display fields' values,
 * the empty ones left out, joined by ' - ' (`30480 - BCC di Esempio`). The API's `_labels` and the reference
 * select's options say it alike.
 */
import { textOf } from './text.js';

export function displayName(values: readonly unknown[]): string {
  return values.filter((v) => v !== null && v !== undefined && v !== '').map(textOf).join(' - ');
}

/** The display name of the row `field` refers to, when the API sent one beside the code (`_labels`). */
export function referenceLabel(row: unknown, field: string): string | undefined {
  const labels: unknown = typeof row === 'object' && row !== null && '_labels' in row ? row._labels : undefined;
  const label: unknown = typeof labels === 'object' && labels !== null ? Reflect.get(labels, field) : undefined;
  return typeof label === 'string' && label !== '' ? label : undefined;
}

/**
 * The name of a row (a question, a record page's title): its display fields, a reference among them by the name
 * the API sent beside its code (`_labels`: "1001 - Bar Roma", not "1001"), else its key values.
 */
export function rowName(display: readonly string[], row: Readonly<Record<string, unknown>> | undefined, key: Readonly<Record<string, unknown>>): string {
  const named = row ? displayName(display.map((field) => referenceLabel(row, field) ?? row[field])) : '';
  return named || displayName(Object.values(key));
}
