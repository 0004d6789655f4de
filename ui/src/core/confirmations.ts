/**
 * Field changes that need the user's yes before they stick (seed 000 §4: rental -> purchase). A confirmation
 * fires when the field goes exactly from `from` to `to`; an unset boolean counts as false, because a checkbox
 * the user never touched shows as unchecked.
 */
import { getPath } from './objectPath';
import type { Confirmation } from './types';

function sameAs(value: unknown, expected: unknown): boolean {
  if (value === undefined || value === null) return expected === null || expected === undefined || expected === false;
  return value === expected;
}

export function triggeredConfirmations(confirmations: readonly Confirmation[] = [], previous: unknown, next: unknown): Confirmation[] {
  return confirmations.filter((c) => {
    const before = getPath(previous, c.field);
    const after = getPath(next, c.field);
    return before !== after && sameAs(before, c.from) && sameAs(after, c.to);
  });
}
