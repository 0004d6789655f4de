/** The single-sign-on and one-time-login entry parameters (seed 000 §1; common/federated-entry.ts). */
import { describe, expect, it } from 'vitest';
import { federatedEntryOf } from '../../common/federated-entry';

describe('federatedEntryOf', () => {
  it('reads sinergia_id with FEU as single sign-on and otfid with otftipo as one-time login', () => {
    expect(federatedEntryOf('?sinergia_id=a.b.c&FEU=banca')).toEqual({ kind: 'sso', assertion: 'a.b.c', userType: 'banca' });
    expect(federatedEntryOf('?otftipo=merchant&otfid=x.y.z')).toEqual({ kind: 'otf', assertion: 'x.y.z', userType: 'merchant' });
  });

  it('needs both parameters of a pair, with their exact names', () => {
    expect(federatedEntryOf('?sinergia_id=a.b.c')).toBeUndefined();
    expect(federatedEntryOf('?otfid=x.y.z&FEU=banca')).toBeUndefined();
    expect(federatedEntryOf('?SINERGIA_ID=a.b.c&feu=banca')).toBeUndefined();
    expect(federatedEntryOf('?sinergia_id=&FEU=banca')).toBeUndefined();
    expect(federatedEntryOf('')).toBeUndefined();
  });
});
