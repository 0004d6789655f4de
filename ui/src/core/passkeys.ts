/**
 * Biometric login with passkeys (seed 000 §4, §7 Biometric, §8; server: docs/security.md#passkeys): the
 * browser's ceremonies with @simplewebauthn/browser, the server's webauthn operations through the typed
 * client, the support state of seed 000 §4 and the seed's error texts.
 */
import { browserSupportsWebAuthn, platformAuthenticatorIsAvailable, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { paths } from '../../../generated/types/api';
import { ApiError } from './apiError';
import type { DataProvider } from './dataProvider';
import { isRecord } from './guards';

/** Seed 000 §4: 0 not supported, 1 internal error, 2 supported, 3 authenticator not compatible. */
export type PasskeySupport = 0 | 1 | 2 | 3;

export const PASSKEY_SUPPORT_LABELS: Record<PasskeySupport, string> = {
  0: 'Il browser non supporta il riconoscimento biometrico',
  1: 'Errore interno durante la verifica del riconoscimento biometrico',
  2: 'Riconoscimento biometrico disponibile su questo dispositivo',
  3: 'Autenticatore del dispositivo non compatibile',
};

/** The seed's texts (seed 000 §8), under the title ERRORE AUTENTICATORE, each with the error's name appended. */
export const PASSKEY_ERROR_TITLE = 'ERRORE AUTENTICATORE';
export const PASSKEY_ERRORS = {
  registration: 'Impossibile effettuare la registrazione biometrica',
  recognition: 'Impossibile effettuare il riconoscimento biometrico',
  start: 'Impossibile avviare il riconoscimento biometrico',
  deletion: 'Impossibile procedere con la disattivazione',
} as const;

/** Which of the seed's failures, and the name of what failed: the browser's (NotAllowedError) or the server's code. */
export class PasskeyError extends Error {
  constructor(readonly kind: keyof typeof PASSKEY_ERRORS, override readonly cause: unknown) {
    super(`${PASSKEY_ERRORS[kind]}: ${errorName(cause)}`);
  }
}

function errorName(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  if (error instanceof Error) return error.name;
  return 'Error';
}

export async function passkeySupport(): Promise<PasskeySupport> {
  if (!browserSupportsWebAuthn()) return 0;
  try {
    return (await platformAuthenticatorIsAvailable()) ? 2 : 3;
  } catch {
    return 1;
  }
}

type Realm = NonNullable<paths['/webauthn/assertion/finish/auth']['post']['parameters']['query']>['userType'];

/** Runs `step`; any failure becomes the seed's error of `kind`. */
async function failingAs<T>(kind: keyof typeof PASSKEY_ERRORS, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new PasskeyError(kind, error);
  }
}

type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/**
 * The server's options come as a JSON text of the W3C shape (operazioni-passkey.yaml says why it is text): taken
 * as the browser library's type once the members it reads first are there; the browser refuses anything else.
 */
function parsedOptions(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (!isRecord(value) || typeof value.challenge !== 'string') throw new TypeError('Opzioni WebAuthn senza challenge');
  return value;
}

const isCreationOptions = (value: Record<string, unknown>): value is CreationOptions & Record<string, unknown> => isRecord(value.rp) && isRecord(value.user);
const isRequestOptions = (value: Record<string, unknown>): value is RequestOptions & Record<string, unknown> => typeof value.challenge === 'string';

function creationOptions(text: string): CreationOptions {
  const value = parsedOptions(text);
  if (!isCreationOptions(value)) throw new TypeError('Opzioni WebAuthn senza utente');
  return value;
}

function requestOptions(text: string): RequestOptions {
  const value = parsedOptions(text);
  if (!isRequestOptions(value)) throw new TypeError('Opzioni WebAuthn non valide');
  return value;
}

/** The browser's assertion (as JSON text) over a challenge the server gives `username`. */
async function assertion(provider: DataProvider, username: string): Promise<string> {
  const { options } = await failingAs('start', () => provider.api.GET('/webauthn/assertion/start/{userHandle}', { params: { path: { userHandle: username } }, credentialCall: true }));
  return JSON.stringify(await failingAs('recognition', () => startAuthentication({ optionsJSON: requestOptions(options) })));
}

export function createPasskeyApi(provider: DataProvider) {
  const { api } = provider;
  return {
    status: () => api.GET('/webauthn/registration'),
    /** Creates a passkey of the signed-in user; answers the server's success message. */
    async register(): Promise<string> {
      const { options } = await failingAs('registration', () => api.GET('/webauthn/registration/start'));
      const credential = await failingAs('registration', () => startRegistration({ optionsJSON: creationOptions(options) }));
      const { message } = await failingAs('registration', () => api.POST('/webauthn/registration/finish', { body: { credential: JSON.stringify(credential) } }));
      return message;
    },
    async remove(): Promise<string> {
      const { message } = await failingAs('deletion', () => api.POST('/webauthn/registration/delete', {}));
      return message;
    },
    /** Login: the same session as a password login (the server writes its cookie). */
    async login(userType: string, username: string): Promise<void> {
      const credential = await assertion(provider, username);
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the manifest's realm text is one of the spec's codes (authApi.ts says why)
      const realm = userType as Realm;
      await failingAs('recognition', () => api.POST('/webauthn/assertion/finish/auth', { params: { query: { userType: realm } }, body: { userHandle: username, credential }, credentialCall: true }));
    },
    /** A critical operation's confirmation: the single-use proof to send as its password. */
    async proof(username: string): Promise<string> {
      const credential = await assertion(provider, username);
      const { proof } = await failingAs('recognition', () => api.POST('/webauthn/assertion/finish', { body: { credential } }));
      return proof;
    },
  };
}

export type PasskeyApi = ReturnType<typeof createPasskeyApi>;
