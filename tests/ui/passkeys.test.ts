/**
 * The biometric support state of seed 000 §4 (0 not supported, 1 internal error, 2 supported, 3 authenticator
 * not compatible) from the browser's capabilities, and the seed's §8 error texts with the error's name appended.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../ui/src/core/apiError';

const browser = vi.hoisted(() => ({ supports: true, platform: (): Promise<boolean> => Promise.resolve(true) }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => browser.supports,
  platformAuthenticatorIsAvailable: () => browser.platform(),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const { PasskeyError, passkeySupport } = await import('../../ui/src/core/passkeys');

describe('support state (seed 000 §4)', () => {
  beforeEach(() => {
    browser.supports = true;
    browser.platform = () => Promise.resolve(true);
  });

  it('0 without WebAuthn in the browser', async () => {
    browser.supports = false;
    expect(await passkeySupport()).toBe(0);
  });

  it('1 when asking for the platform authenticator fails', async () => {
    browser.platform = () => Promise.reject(new Error('boom'));
    expect(await passkeySupport()).toBe(1);
  });

  it('2 with a user-verifying platform authenticator, 3 without one', async () => {
    expect(await passkeySupport()).toBe(2);
    browser.platform = () => Promise.resolve(false);
    expect(await passkeySupport()).toBe(3);
  });
});

describe('messages (seed 000 §8)', () => {
  it("appends the browser's error name or the server's code to the seed's text", () => {
    const cancelled = new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    expect(new PasskeyError('registration', cancelled).message).toBe('Impossibile effettuare la registrazione biometrica: NotAllowedError');
    expect(new PasskeyError('recognition', new ApiError(401, 'INVALID_CREDENTIALS', 'Nome utente o password non validi', [])).message)
      .toBe('Impossibile effettuare il riconoscimento biometrico: INVALID_CREDENTIALS');
    expect(new PasskeyError('start', new TypeError('x')).message).toBe('Impossibile avviare il riconoscimento biometrico: TypeError');
    expect(new PasskeyError('deletion', 'x').message).toBe('Impossibile procedere con la disattivazione: Error');
  });
});
