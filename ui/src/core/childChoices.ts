/**
 * The pure part of a child chosen by checkboxes (spec child `widget: checkboxes` with `choices`; seed 002 §3:
 * an operator's roles). Each offered value is a checkbox; an item whose value is not offered (the
 * administrator's ADMIN, an operator's MERCHANT_OP) stays in the list as it is, shown checked and locked,
 * because the server keeps it whatever is sent.
 */
import type { Row } from './types';
import { textOf } from '../../../common/text';

export interface ChoiceOption { value: string; label: string }

/** The values the rows hold, in their order. */
export function heldValues(rows: readonly Row[] | undefined, field: string): string[] {
  return (rows ?? []).map((r) => textOf(r[field] ?? '')).filter(Boolean);
}

/** The held values that are not offered, with their label (`labels`, else the value itself). */
export function lockedOptions(held: readonly string[], offered: readonly ChoiceOption[], labels: Readonly<Record<string, string>>): ChoiceOption[] {
  const choosable = new Set(offered.map((o) => o.value));
  return held.filter((v) => !choosable.has(v)).map((value) => ({ value, label: labels[value] ?? value }));
}

/** The rows after checking or unchecking `value`: other rows (locked ones included) are kept as they are. */
export function toggleChoice(rows: readonly Row[] | undefined, field: string, value: string): Row[] {
  const list = [...(rows ?? [])];
  const at = list.findIndex((r) => textOf(r[field] ?? '') === value);
  if (at >= 0) list.splice(at, 1);
  else list.push({ [field]: value });
  return list;
}
