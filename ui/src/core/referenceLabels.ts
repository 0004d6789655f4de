/**
 * The names the API sends beside reference codes (`_labels`, docs/spec-language.md#references): a list cell
 * and a record show `30480 - BCC di Esempio` where the row holds `30480`.
 */
import { recordAt } from './guards';

/** The display name of the row `field` refers to, when the API sent one. */
export function referenceLabel(row: unknown, field: string): string | undefined {
  const label = recordAt(row, '_labels')?.[field];
  return typeof label === 'string' && label !== '' ? label : undefined;
}
