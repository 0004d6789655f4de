/**
 * A child chosen by checkboxes (ui/src/core/childChoices.ts; spec child `choices`): ticking adds an item with
 * the value, unticking removes it, and items the caller may not choose stay as they are, shown locked.
 */
import { describe, expect, it } from 'vitest';
import { heldValues, lockedOptions, toggleChoice } from '../../ui/src/core/childChoices';

const OFFERED = [{ value: 'MERCHANT_OP_STAT', label: 'Statistiche' }, { value: 'MERCHANT_OP_DOC', label: 'Documenti' }];

describe('child choices', () => {
  it('adds and removes the ticked value, keeping the other items as they are', () => {
    const rows = [{ roleName: 'MERCHANT_OP', username: 'op' }];
    const ticked = toggleChoice(rows, 'roleName', 'MERCHANT_OP_STAT');
    expect(ticked).toEqual([{ roleName: 'MERCHANT_OP', username: 'op' }, { roleName: 'MERCHANT_OP_STAT' }]);
    expect(toggleChoice(ticked, 'roleName', 'MERCHANT_OP_STAT')).toEqual(rows);
    expect(toggleChoice(undefined, 'roleName', 'MERCHANT_OP_DOC')).toEqual([{ roleName: 'MERCHANT_OP_DOC' }]);
  });

  it('shows the held values that are not offered with their label, else the code', () => {
    const held = heldValues([{ roleName: 'ROLE_WPB' }, { roleName: 'MERCHANT_OP_STAT' }, { roleName: 'ALTRO' }], 'roleName');
    expect(held).toEqual(['ROLE_WPB', 'MERCHANT_OP_STAT', 'ALTRO']);
    expect(lockedOptions(held, OFFERED, { ROLE_WPB: 'ADMIN' })).toEqual([{ value: 'ROLE_WPB', label: 'ADMIN' }, { value: 'ALTRO', label: 'ALTRO' }]);
  });
});
