/**
 * The biometric support state of seed 000 §4 (0 not supported, 1 internal error, 2 supported, 3 authenticator
 * not compatible) from the browser's capabilities, and the seed's §8 error texts with the error's name appended.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import manifest from '../../generated/manifest.json';
import type { Manifest } from '../../generated/types/manifest';
import { ApiError } from '../../ui/src/core/apiError';

const browser = vi.hoisted(() => ({ supports: true, platform: (): Promise<boolean> => Promise.resolve(true) }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => browser.supports,
  platformAuthenticatorIsAvailable: () => browser.platform(),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const { PasskeyError, passkeyErrorTitle, passkeySupport, passkeySupportText } = await import('../../ui/src/core/passkeys');

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

describe('messages (seed 000 §8), from the spec', () => {
  const texts: Partial<Manifest['shellMessages']> = manifest.shellMessages;
  const shellMessage = (operation: string, name: string): string => {
    const text = texts[operation]?.[name];
    if (text === undefined) throw new Error(`no shellMessages.${name} on ${operation}`);
    return text;
  };

  it("appends the browser's error name or the server's code to the seed's text of the step that failed", () => {
    const cancelled = new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    expect(new PasskeyError('webauthnRegistrationFinish', cancelled).text(shellMessage)).toBe('Impossibile effettuare la registrazione biometrica: NotAllowedError');
    expect(new PasskeyError('webauthnAssertionFinishAuth', new ApiError(401, 'INVALID_CREDENTIALS', 'Nome utente o password non validi', [])).text(shellMessage))
      .toBe('Impossibile effettuare il riconoscimento biometrico: INVALID_CREDENTIALS');
    expect(new PasskeyError('webauthnAssertionFinish', cancelled).text(shellMessage)).toBe('Impossibile effettuare il riconoscimento biometrico: NotAllowedError');
    expect(new PasskeyError('webauthnAssertionStart', new TypeError('x')).text(shellMessage)).toBe('Impossibile avviare il riconoscimento biometrico: TypeError');
    expect(new PasskeyError('webauthnDelete', 'x').text(shellMessage)).toBe('Impossibile procedere con la disattivazione: Error');
  });

  it('titles every failure ERRORE AUTENTICATORE and names the four support states', () => {
    expect(passkeyErrorTitle(shellMessage)).toBe('ERRORE AUTENTICATORE');
    expect(([0, 1, 2, 3] as const).map((state) => passkeySupportText(shellMessage, state))).toEqual([
      'Il browser non supporta il riconoscimento biometrico',
      'Errore interno durante la verifica del riconoscimento biometrico',
      'Riconoscimento biometrico disponibile su questo dispositivo',
      'Autenticatore del dispositivo non compatibile',
    ]);
  });
});
