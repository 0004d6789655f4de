/**
 * A `many` child shown as tabs (seed 001 §2-§3: a merchant's beneficial owners, "Titolare 1..n"): the tabs'
 * titles, adding and removing within minItems / maxItems, the tab shown after a removal, and each tab's errors.
 */
import { describe, expect, it } from 'vitest';
import { canAdd, canRemove, childTabsOptions, errorCount, itemBounds, removeAt, tabAfterRemoval, tabTitle } from '../../ui/src/core/childTabs';

describe('child tabs', () => {
  it("titles each tab by the spec's itemLabel, numbered from 1", () => {
    const { itemLabel } = childTabsOptions({ orderable: false, itemLabel: 'Titolare {n}' });
    expect([0, 1, 2].map((i) => tabTitle(itemLabel, i))).toEqual(['Titolare 1', 'Titolare 2', 'Titolare 3']);
    expect(tabTitle(childTabsOptions(undefined).itemLabel, 0)).toBe('1');
  });

  it('adds up to maxItems and removes down to minItems; an unbounded list always may', () => {
    const bounds = itemBounds({ type: 'array', minItems: 1, maxItems: 4 });
    expect([canAdd(3, bounds), canAdd(4, bounds)]).toEqual([true, false]);
    expect([canRemove(2, bounds), canRemove(1, bounds)]).toEqual([true, false]);
    const open = itemBounds({ type: 'array' });
    expect([canAdd(1000, open), canRemove(1, open), canRemove(0, open)]).toEqual([true, true, false]);
  });

  it('removes one item and shows the tab before it (the first when it was the first)', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(tabAfterRemoval(1, 3)).toBe(0);
    expect(tabAfterRemoval(0, 3)).toBe(0);
    expect(tabAfterRemoval(2, 3)).toBe(1);
    expect(tabAfterRemoval(0, 1)).toBe(0);
  });

  it("counts a tab's errors at any depth", () => {
    expect(errorCount({ cognome: { __errors: ["Questo campo e' obbligatorio"] }, nome: { __errors: ['a', 'b'] }, quota: {} })).toBe(3);
    expect(errorCount(undefined)).toBe(0);
  });
});
