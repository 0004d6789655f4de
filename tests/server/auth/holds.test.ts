/**
 * `holds` and `holdsFunction` (server/domain/auth/caller.ts) on grants with wildcards and on a merchant's withheld
 * functions. They read an index made once per grants array: the answers must be the ones a scan of the grants gives.
 */
import { describe, expect, it } from 'vitest';
import { holds, holdsFunction, type Caller } from '../../../server/domain/auth/caller.js';

const caller = (grants: string[], withheld?: string[]): Caller => ({
  username: 'u', userType: 'banca', group: 'g', authorities: [], grants, withheld, scope: 'all', banks: [],
  isAssistenza: false, isMerchant: false, isMerchantOp: false, kind: 'bank',
});

describe('holds', () => {
  it('matches a function and an action exactly, or through a * on either side', () => {
    const c = caller(['GES_NEG:VISUALIZZAZIONE', 'GES_POS:*', '*:EXPORT']);
    expect(holds(c, 'GES_NEG:VISUALIZZAZIONE')).toBe(true);
    expect(holds(c, 'GES_NEG:VARIAZIONE')).toBe(false);
    expect(holds(c, 'GES_POS:CREAZIONE')).toBe(true);
    expect(holds(c, 'GES_ESER:EXPORT')).toBe(true);
    expect(holds(c, 'GES_ESER:VISUALIZZAZIONE')).toBe(false);
    expect(holds(caller(['*:*']), 'ANY:THING')).toBe(true);
    expect(holds(caller([]), 'GES_NEG:VISUALIZZAZIONE')).toBe(false);
  });

  it('refuses a function the merchant withholds, even to a wildcard grant', () => {
    const c = caller(['*:*', 'PWMAIL:VISUALIZZAZIONE'], ['PWMAIL']);
    expect(holds(c, 'PWMAIL:VISUALIZZAZIONE')).toBe(false);
    expect(holdsFunction(c, 'PWMAIL')).toBe(false);
    expect(holds(c, 'GES_NEG:VISUALIZZAZIONE')).toBe(true);
  });

  it('follows a new grants array (roles read again), not the index of the old one', () => {
    const before = caller(['GES_NEG:VISUALIZZAZIONE']);
    expect(holds(before, 'GES_NEG:VARIAZIONE')).toBe(false);
    const after = caller([...before.grants, 'GES_NEG:VARIAZIONE']);
    expect(holds(after, 'GES_NEG:VARIAZIONE')).toBe(true);
    expect(holds(before, 'GES_NEG:VARIAZIONE')).toBe(false);
  });

  it('holdsFunction: any action of the function, or a * function', () => {
    expect(holdsFunction(caller(['GES_NEG:VISUALIZZAZIONE']), 'GES_NEG')).toBe(true);
    expect(holdsFunction(caller(['GES_NEG:VISUALIZZAZIONE']), 'GES_POS')).toBe(false);
    expect(holdsFunction(caller(['*:VISUALIZZAZIONE']), 'GES_POS')).toBe(true);
  });
});
