/**
 * The transfer list of a promotion's banks (seed 000 §3-§4): the non-associated banks are the visible ones
 * minus the associated; moving banks marks the promotion modified, and moving one back undoes that.
 */
import { describe, expect, it } from 'vitest';
import { addChosen, availableOptions, chosenKeys, isModified, removeChosen, rowsFor } from '../../ui/src/core/transferList';

const banks = [
  { value: '08549', label: '08549 - Banca C' },
  { value: '30480', label: '30480 - Banca A' },
  { value: '60855', label: '60855 - Banca B' },
];

describe('transfer list', () => {
  it('reads the chosen keys from the child rows', () => {
    expect(chosenKeys([{ configId: 'P', codAbi: '30480' }, { configId: 'P', codAbi: '60855' }], 'codAbi')).toEqual(['30480', '60855']);
    expect(chosenKeys(undefined, 'codAbi')).toEqual([]);
  });

  it('offers the visible rows that are not chosen', () => {
    expect(availableOptions(banks, ['30480']).map((o) => o.value)).toEqual(['08549', '60855']);
    expect(availableOptions(banks, [])).toEqual(banks);
  });

  it('adds once, sorted, and removes', () => {
    expect(addChosen(['60855'], ['30480', '60855'])).toEqual(['30480', '60855']);
    expect(removeChosen(['30480', '60855'], ['30480'])).toEqual(['60855']);
  });

  it('is modified when a bank moves, and no longer when it moves back', () => {
    const initial = ['30480', '60855'];
    const moved = removeChosen(initial, ['30480']);
    expect(isModified(initial, moved)).toBe(true);
    expect(isModified(initial, addChosen(moved, ['30480']))).toBe(false);
    expect(isModified(initial, ['60855', '30480'])).toBe(false);
    expect(isModified(initial, addChosen(initial, ['08549']))).toBe(true);
  });

  it('sends rows with the moved field only: the server fills the link', () => {
    expect(rowsFor(['30480'], 'codAbi')).toEqual([{ codAbi: '30480' }]);
  });
});
