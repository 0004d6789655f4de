/**
 * Biometric login with passkeys (seed 000 §4, §7 Biometric, §8; server: docs/security.md#passkeys): the
 * browser's ceremonies with @simplewebauthn/browser, the server's webauthn operations through the typed
 * client and the support state of seed 000 §4. The seed's texts are the operations' `shellMessages`
 * (spec/sicurezza/operazioni-passkey.yaml).
 */
import { browserSupportsWebAuthn, platformAuthenticatorIsAvailable, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { paths } from '../../../generated/types/api';
import { ApiError } from './apiError';
import type { DataProvider } from './dataProvider';
import { isRecord } from './guards';
import type { ShellMessage } from './hooks/useManifest';

/** Seed 000 §4: 0 not supported, 1 internal error, 2 supported, 3 authenticator not compatible. */
export type PasskeySupport = 0 | 1 | 2 | 3;

/** The title of every failure and the texts of the support states: `shellMessages` of the status operation. */
export const passkeyErrorTitle = (shellMessage: ShellMessage): string => shellMessage('webauthnStatus', 'errorTitle');
export const passkeySupportText = (shellMessage: ShellMessage, support: PasskeySupport): string => shellMessage('webauthnStatus', `support${support}`);

/** The step that failed, named by its operation: its `shellMessages.failed` is the seed's text (seed 000 §8). */
type FailedStep = 'webauthnRegistrationFinish' | 'webauthnDelete' | 'webauthnAssertionStart' | 'webauthnAssertionFinishAuth' | 'webauthnAssertionFinish';

/** Which step failed, and the name of what failed: the browser's (NotAllowedError) or the server's code. */
export class PasskeyError extends Error {
  constructor(readonly step: FailedStep, override readonly cause: unknown) {
    super(`${step}: ${errorName(cause)}`);
  }

  /** What the user reads (seed 000 §8): the step's text with the error's name appended. */
  text(shellMessage: ShellMessage): string {
    return `${shellMessage(this.step, 'failed')}: ${errorName(this.cause)}`;
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

/** Runs `run`; any failure becomes a failure of `step`. */
async function failingAs<T>(step: FailedStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PasskeyError(step, error);
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

/** The browser's assertion (as JSON text) over a challenge the server gives `username`, for `finish` to check. */
async function assertion(provider: DataProvider, username: string, finish: FailedStep): Promise<string> {
  const { options } = await failingAs('webauthnAssertionStart', () => provider.api.GET('/webauthn/assertion/start/{userHandle}', { params: { path: { userHandle: username } }, credentialCall: true }));
  return JSON.stringify(await failingAs(finish, () => startAuthentication({ optionsJSON: requestOptions(options) })));
}

export function createPasskeyApi(provider: DataProvider) {
  const { api } = provider;
  return {
    status: () => api.GET('/webauthn/registration'),
    /** Creates a passkey of the signed-in user; answers the server's success message. */
    async register(): Promise<string> {
      const { options } = await failingAs('webauthnRegistrationFinish', () => api.GET('/webauthn/registration/start'));
      const credential = await failingAs('webauthnRegistrationFinish', () => startRegistration({ optionsJSON: creationOptions(options) }));
      const { message } = await failingAs('webauthnRegistrationFinish', () => api.POST('/webauthn/registration/finish', { body: { credential: JSON.stringify(credential) } }));
      return message;
    },
    async remove(): Promise<string> {
      const { message } = await failingAs('webauthnDelete', () => api.POST('/webauthn/registration/delete', {}));
      return message;
    },
    /** Login: the same session as a password login (the server writes its cookie). */
    async login(userType: string, username: string): Promise<void> {
      const credential = await assertion(provider, username, 'webauthnAssertionFinishAuth');
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the manifest's realm text is one of the spec's codes (authApi.ts says why)
      const realm = userType as Realm;
      await failingAs('webauthnAssertionFinishAuth', () => api.POST('/webauthn/assertion/finish/auth', { params: { query: { userType: realm } }, body: { userHandle: username, credential }, credentialCall: true }));
    },
    /** A critical operation's confirmation: the single-use proof to send as its password. */
    async proof(username: string): Promise<string> {
      const credential = await assertion(provider, username, 'webauthnAssertionFinish');
      const { proof } = await failingAs('webauthnAssertionFinish', () => api.POST('/webauthn/assertion/finish', { body: { credential } }));
      return proof;
    },
  };
}

export type PasskeyApi = ReturnType<typeof createPasskeyApi>;
