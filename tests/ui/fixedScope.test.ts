/**
 * Which fields a form and a list lock for the caller (ui/src/core/fixedScope.ts, seed 000 §6, seed 002 §6):
 * the entity's scope fields whose dimension users/me says the caller is fixed to.
 */
import { describe, expect, it } from 'vitest';
import { fixedFieldValues, fixedFilterValues } from '../../ui/src/core/fixedScope';
import type { FilterDef } from '../../ui/src/core/types';

const branchUser = { fixedBank: '30480', fixedGroup: '30480', fixedBranch: '01600' };

describe('fixedFieldValues', () => {
  it('maps each fixed dimension to the field the entity keeps it in', () => {
    expect(fixedFieldValues({ bank: 'codAbi', branch: 'cab' }, branchUser)).toEqual({ codAbi: '30480', cab: '01600' });
    expect(fixedFieldValues({ group: 'group', branch: 'cab' }, branchUser)).toEqual({ group: '30480', cab: '01600' });
  });

  it('locks nothing for a caller fixed to nothing, an entity without scope, or nobody logged in', () => {
    expect(fixedFieldValues({ bank: 'codAbi' }, { fixedBank: null, fixedBranch: null })).toEqual({});
    expect(fixedFieldValues(undefined, branchUser)).toEqual({});
    expect(fixedFieldValues({ bank: 'codAbi' }, undefined)).toEqual({});
  });
});

describe('fixedFilterValues', () => {
  const filter = (field: string, param: string, search: FilterDef['search']): FilterDef => ({ field, param, search, label: field, type: 'string' });

  it('sets the filters of the fixed fields by their parameter, never a range', () => {
    const filters = [filter('codAbi', 'abi', 'exact'), filter('cab', 'cab', 'exact'), filter('cab', 'cabDa', 'range'), filter('nome', 'nome', 'wildcard')];
    expect(fixedFilterValues(filters, { codAbi: '30480', cab: '01600' })).toEqual({ abi: '30480', cab: '01600' });
  });
});
