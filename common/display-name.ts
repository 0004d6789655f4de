/**
 * How a row is named where others refer to it (docs/spec-language.md#references): its display fields' values,
 * the empty ones left out, joined by ' - ' (`30480 - BCC di Esempio`). The API's `_labels` and the reference
 * select's options say it alike.
 */
import { textOf } from './text.js';

export function displayName(values: readonly unknown[]): string {
  return values.filter((v) => v !== null && v !== undefined && v !== '').map(textOf).join(' - ');
}
