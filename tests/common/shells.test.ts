/** The one rule that places a route and a user in a shell (common/shells.ts), for the generator, the server and the UI. */
import { describe, expect, it } from 'vitest';
import { deepestShell, shellOfKind, underPrefix, userKind } from '../../common/shells';

const shells = [
  { name: 'bank', prefix: '/', users: ['bank', 'assistance'] as const },
  { name: 'business', prefix: '/wpbusiness', alsoUnder: ['/esercente/anaeseweb'], users: ['merchant'] as const },
];

describe('shells', () => {
  it('places a route in the shell with the longest prefix it lies under, its own or one it is also under', () => {
    expect(deepestShell(shells, '/wpbusiness/home')?.name).toBe('business');
    expect(deepestShell(shells, '/wpbusiness')?.name).toBe('business');
    expect(deepestShell(shells, '/esercente/anaeseweb/1/2')?.name).toBe('business');
    expect(deepestShell(shells, '/esercente/ricercaEsercente')?.name).toBe('bank');
    // A prefix is a whole path segment: /wpbusinessx is not under /wpbusiness.
    expect(deepestShell(shells, '/wpbusinessx')?.name).toBe('bank');
    expect(underPrefix('/wpbusinessx', '/wpbusiness')).toBe(false);
    expect(deepestShell([shells[1]], '/home')).toBeUndefined();
  });

  it('gives each kind of user its shell', () => {
    expect(userKind({ isMerchant: true, isAssistenza: false })).toBe('merchant');
    expect(userKind({ isMerchant: false, isAssistenza: true })).toBe('assistance');
    expect(userKind({ isMerchant: false, isAssistenza: false })).toBe('bank');
    expect(shellOfKind(shells, 'assistance')?.name).toBe('bank');
    expect(shellOfKind(shells, 'merchant')?.name).toBe('business');
  });
});
