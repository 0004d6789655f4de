/**
 * The pure part of a transfer list (spec child `widget: transferList`; seed 000 §3-§4: a promotion's
 * associated and non-associated banks). The chosen list is the child rows; the available list is every row
 * the caller may see minus the chosen ones; moving rows marks the parent modified when the chosen set
 * differs from the one loaded (moving a bank out and back in again is no change).
 */
import type { Row } from './types';
import { textOf } from '../../../common/text';

export interface TransferOption { value: string; label: string }

/** The chosen keys, in the order the rows came. */
export function chosenKeys(rows: readonly Row[] | undefined, field: string): string[] {
  return (rows ?? []).map((r) => textOf(r[field] ?? '')).filter(Boolean);
}

/** Rows the caller may see that are not chosen, in the order offered. */
export function availableOptions(all: readonly TransferOption[], chosen: readonly string[]): TransferOption[] {
  const taken = new Set(chosen);
  return all.filter((o) => !taken.has(o.value));
}

/** The chosen keys after adding `keys` (kept once each, sorted so the list reads in code order). */
export function addChosen(chosen: readonly string[], keys: readonly string[]): string[] {
  return [...new Set([...chosen, ...keys])].sort();
}

export function removeChosen(chosen: readonly string[], keys: readonly string[]): string[] {
  const gone = new Set(keys);
  return chosen.filter((k) => !gone.has(k));
}

/** Whether the chosen set differs from the loaded one, whatever the order. */
export function isModified(initial: readonly string[], current: readonly string[]): boolean {
  const a = new Set(initial);
  const b = new Set(current);
  return a.size !== b.size || [...a].some((k) => !b.has(k));
}

/** The child rows to send for the chosen keys: only the moved field; the server fills the link. */
export function rowsFor(keys: readonly string[], field: string): Row[] {
  return keys.map((k) => ({ [field]: k }));
}
