/**
 * The names the API sends beside reference codes (`_labels`, docs/spec-language.md#references): a list cell
 * and a record show `30480 - BCC di Esempio` where the row holds `30480`; a form's select shows it for the
 * code the row (or a child row: a legal representative's municipality) was loaded with.
 */
import { isRecord } from './guards';

/** A name the API sent, with the code it names: a code changed since loading has no name yet. */
export interface LoadedLabel { value: string; label: string }

/**
 * The names the API sent with a row (`_labels`) and with its child rows, by the rjsf id of the field each
 * names: `root_comune`, `root_legaleRappresentante_comune`, `root_titolari_0_comune`.
 */
export function labelsById(row: unknown, prefix: string): Record<string, LoadedLabel> {
  const out: Record<string, LoadedLabel> = {};
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => { walk(item, `${path}_${String(i)}`); });
      return;
    }
    if (!isRecord(value)) return;
    const names = value._labels;
    if (isRecord(names)) {
      for (const [field, label] of Object.entries(names)) {
        const code = value[field];
        if (typeof label === 'string' && label !== '' && (typeof code === 'string' || typeof code === 'number')) out[`${path}_${field}`] = { value: String(code), label };
      }
    }
    for (const [key, child] of Object.entries(value)) if (key !== '_labels' && typeof child === 'object' && child !== null) walk(child, `${path}_${key}`);
  };
  walk(row, prefix);
  return out;
}

/** The name the API sent for the field with this rjsf id, while it still holds the code it was loaded with. */
export function loadedLabel(labels: unknown, id: string, value: unknown): string | undefined {
  const found: unknown = isRecord(labels) ? labels[id] : undefined;
  if (!isRecord(found) || typeof found.label !== 'string') return undefined;
  return (typeof value === 'string' || typeof value === 'number') && String(value) === found.value ? found.label : undefined;
}
