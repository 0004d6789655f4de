/**
 * A `many` child shown as tabs (docs/spec-language.md#children, `widget: tabs`): the tabs' titles from the
 * spec's `itemLabel` ("Titolare {n}", n from 1), when an item may be added or removed within the list's
 * `minItems` / `maxItems`, and how many errors each tab holds, so a refused save says which tab to open.
 */
import { isRecord } from './guards';

/** The options the generator writes in the child's `ui:options` (generator/emitters/forms.ts). */
export interface ChildTabsOptions { itemLabel: string }

export function childTabsOptions(uiOptions: unknown): ChildTabsOptions {
  const itemLabel = isRecord(uiOptions) ? uiOptions.itemLabel : undefined;
  return { itemLabel: typeof itemLabel === 'string' ? itemLabel : '{n}' };
}

/** The title of the item at `index` (0-based): "Titolare {n}" -> "Titolare 2" for index 1. */
export function tabTitle(itemLabel: string, index: number): string {
  return itemLabel.replaceAll('{n}', String(index + 1));
}

/** The list's bounds as the schema states them (`minItems`, `maxItems`; absent: unbounded). */
export function itemBounds(schema: unknown): { min: number; max: number } {
  const read = (key: string, fallback: number) => {
    const value = isRecord(schema) ? schema[key] : undefined;
    return typeof value === 'number' ? value : fallback;
  };
  return { min: read('minItems', 0), max: read('maxItems', Number.POSITIVE_INFINITY) };
}

export function canAdd(count: number, bounds: { max: number }): boolean {
  return count < bounds.max;
}

export function canRemove(count: number, bounds: { min: number }): boolean {
  return count > bounds.min;
}

/** The list without the item at `index`. */
export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** The tab to show after removing the one at `index` of `count`: the one before it, or the new first. */
export function tabAfterRemoval(index: number, count: number): number {
  return Math.max(0, Math.min(index - 1, count - 2));
}

/** The errors rjsf holds under one item (its `__errors` and its fields' own, at any depth). */
export function errorCount(errorSchema: unknown): number {
  if (!isRecord(errorSchema)) return 0;
  return Object.entries(errorSchema).reduce((sum, [key, value]) => sum + (key === '__errors' ? (Array.isArray(value) ? value.length : 0) : errorCount(value)), 0);
}
