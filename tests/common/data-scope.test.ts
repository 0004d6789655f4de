/**
 * fixedScopeOf (common/data-scope.ts): the data-scope values a caller can only ever write, which users/me
 * hands to the forms and filters to prefill and lock (seed 000 §6, seed 002 §6).
 */
import { describe, expect, it } from 'vitest';
import { fixedScopeOf, type KindScope } from '../../common/data-scope';

const bank: KindScope = { restrict: { bank: 'groupTree', group: 'groupTree', branch: 'ownBranch' } };
const merchant: KindScope = { needs: ['merchant', 'group'], restrict: { bank: 'ownBank', group: 'ownGroup', merchant: 'ownMerchant', store: 'assignedStores' } };

describe('fixedScopeOf', () => {
  it('a single-bank user: its bank, and its group when that is the bank', () => {
    expect(fixedScopeOf(bank, { group: '30480', banks: ['30480'] })).toEqual({ bank: '30480', group: '30480' });
  });

  it('a branch user adds its cab', () => {
    expect(fixedScopeOf(bank, { group: '30480', cab: '01600', banks: ['30480'] })).toEqual({ bank: '30480', group: '30480', branch: '01600' });
  });

  it('a federation with one member bank: the bank, not the group (its own group is a choice too)', () => {
    expect(fixedScopeOf(bank, { group: '15000', banks: ['08549'] })).toEqual({ bank: '08549' });
  });

  it('several banks, or none: nothing is fixed', () => {
    expect(fixedScopeOf(bank, { group: '15000', banks: ['08549', '60855'] })).toEqual({});
    expect(fixedScopeOf(bank, { group: '99999', banks: [] })).toEqual({});
  });

  it('assistance sees everything and is fixed to nothing', () => {
    expect(fixedScopeOf({ all: true }, { group: '11000', banks: [] })).toEqual({});
  });

  it('a merchant: its bank, group and merchant code; an operator with one store, that store', () => {
    const own = { group: '30480-0001234', banks: ['30480'], merchant: { bank: '30480', code: '0001234' } };
    expect(fixedScopeOf(merchant, own)).toEqual({ bank: '30480', group: '30480-0001234', merchant: '0001234' });
    expect(fixedScopeOf(merchant, { ...own, stores: ['P1'] })).toMatchObject({ store: 'P1' });
    expect(fixedScopeOf(merchant, { ...own, stores: ['P1', 'P2'] })).not.toHaveProperty('store');
  });
});
