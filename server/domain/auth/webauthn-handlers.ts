/**
 * Passkeys (seed 000 §4, §7 Biometric; spec/sicurezza/operazioni-passkey.yaml; docs/security.md#passkeys):
 * registration by the signed-in user, login by passkey (the same session as a password login), and the
 * assertion that confirms a critical operation, answered with a single-use proof the transition's
 * `reauthenticate` check takes in place of the password (credentials.ts). Every assertion is counted by the
 * login throttle like a password: over the limits 429, the failure that reaches the limit locks the username.
 */
import { ApiError } from '../../http/api-error.js';
import { clientAddress } from '../../http/client-address.js';
import { callerIn, operationMessage, type DomainHandler } from '../handler.js';
import { loadAccount, userTypeOf } from './credentials.js';
import type { AuthRuntime } from './runtime.js';
import { openSession, revokeAllSessions, revokeSession } from './sessions.js';
import { expectedOrigins, type RelyingParty } from './webauthn-config.js';
import { authenticationResponse, registrationResponse } from './webauthn-json.js';
import {
  advanceCounter, deletePasskeys, findPasskey, issueProof, passkeySummary, passkeysOf, PASSKEY_TTL_SECONDS, rememberChallenge, savePasskey, takeChallenge,
} from './webauthn-store.js';

/** ES256 and RS256: what platform authenticators and security keys offer (EdDSA is not verified by every browser). */
const ALGORITHMS = [-7, -257];

/**
 * The stored counter is a 32-bit signed integer column (the spec language has no wider integer); an
 * authenticator's counter is unsigned 32-bit. One above this is refused like a bad assertion, never a 500.
 */
const MAX_COUNTER = 2_147_483_647;

/** Loaded at the first passkey operation, not at every server start: with its certificate libraries it is a tenth of a start. */
const webauthn = () => import('@simplewebauthn/server');

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** The origin the client data claims, to pick the origins to check it against (webauthn-config.ts). */
async function claimedOrigin(clientDataJSON: string): Promise<string> {
  const { decodeClientDataJSON } = await import('@simplewebauthn/server/helpers');
  try {
    return decodeClientDataJSON(clientDataJSON).origin;
  } catch {
    return '';
  }
}

export function createWebauthnHandlers(auth: AuthRuntime, rp: RelyingParty): Record<string, DomainHandler> {
  const { db, throttle } = auth;

  /**
   * True when `text` is an assertion of one of `username`'s passkeys, over a challenge given to `username`
   * (taken now: never twice), from an accepted origin, with user verification and a counter above the stored one.
   */
  const verifiedAssertion = async (username: string, text: string): Promise<boolean> => {
    const response = authenticationResponse(text);
    const passkey = response && await findPasskey(db, response.id);
    if (!response || passkey?.username !== username) return false;
    try {
      const { verifyAuthenticationResponse } = await webauthn();
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => takeChallenge(db, challenge, username),
        expectedOrigin: expectedOrigins(rp, await claimedOrigin(response.response.clientDataJSON)),
        expectedRPID: rp.id,
        credential: { id: passkey.credentialId, publicKey: bytes(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: true,
      });
      return verified && authenticationInfo.newCounter <= MAX_COUNTER && await advanceCounter(db, passkey, authenticationInfo.newCounter);
    } catch {
      // A forged, replayed, expired, cloned or foreign assertion: the library says which; the client learns only that it failed.
      return false;
    }
  };

  /** An assertion counted like a password (throttle.ts); `failure` when it is not right. */
  const countedAssertion = async (username: string, text: string, failure: ApiError) => {
    const attempt = await throttle.begin(username, clientAddress());
    if (!(await verifiedAssertion(username, text))) {
      if (throttle.lockedBy(attempt)) {
        await throttle.exclusive(username, async () => {
          await throttle.block(username);
          await revokeAllSessions(db, username);
        });
      }
      throw failure;
    }
    return attempt;
  };

  const webauthnRegistrationStart: DomainHandler = async (ctx) => {
    const { username } = callerIn(ctx);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: rp.name, rpID: rp.id, userName: username, userID: new TextEncoder().encode(username),
      attestationType: 'none', timeout: PASSKEY_TTL_SECONDS * 1000, supportedAlgorithmIDs: ALGORITHMS,
      // Discoverable, so login asks for no credential list (which would tell who has passkeys); verified, so a passkey is two factors.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: (await passkeysOf(db, username)).map((p) => ({ id: p.credentialId, transports: p.transports })),
    });
    await rememberChallenge(db, options.challenge, username);
    return { options: JSON.stringify(options) };
  };

  const webauthnRegistrationFinish: DomainHandler = async (ctx) => {
    const { username } = callerIn(ctx);
    const refused = new ApiError('VALIDATION_ERROR', [{ field: 'credential', message: operationMessage(ctx.operation, 'refused') }]);
    const response = registrationResponse(String(ctx.body.credential));
    if (!response) throw refused;
    let credential;
    try {
      const { verifyRegistrationResponse } = await webauthn();
      const { verified, registrationInfo } = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => takeChallenge(db, challenge, username),
        expectedOrigin: expectedOrigins(rp, await claimedOrigin(response.response.clientDataJSON)),
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!verified || registrationInfo.credential.counter > MAX_COUNTER) throw refused;
      credential = registrationInfo.credential;
    } catch {
      throw refused;
    }
    // The same authenticator twice (excludeCredentials asked the browser not to): refused, not a second row.
    if (await findPasskey(db, credential.id)) throw refused;
    await savePasskey(db, {
      credentialId: credential.id, username, publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter, transports: credential.transports ?? [],
    });
    return { message: ctx.operation.successMessage };
  };

  /** The switch off: every passkey of the caller goes (nobody can name another user's). */
  const webauthnDelete: DomainHandler = async (ctx) => {
    await deletePasskeys(db, callerIn(ctx).username);
    return { message: ctx.operation.successMessage };
  };

  const webauthnStatus: DomainHandler = async (ctx) => {
    const { count, createdAt, lastUsedAt } = await passkeySummary(db, callerIn(ctx).username);
    return {
      registered: count > 0, count,
      ...(createdAt ? { createdAt: new Date(createdAt).toISOString() } : {}),
      ...(lastUsedAt ? { lastUsedAt: new Date(lastUsedAt).toISOString() } : {}),
    };
  };

  /**
   * The same answer for any username, registered or not: the browser offers the site's discoverable passkeys.
   * Anyone may call it and each call stores a challenge: counted per client address (PASSKEY_STARTS_PER_IP).
   */
  const webauthnAssertionStart: DomainHandler = async ({ params }) => {
    await throttle.passkeyStarted(clientAddress());
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: 'required', timeout: PASSKEY_TTL_SECONDS * 1000 });
    await rememberChallenge(db, options.challenge, params.userHandle);
    return { options: JSON.stringify(options) };
  };

  /** Login: the same answers as a password login (an assertion that fails is INVALID_CREDENTIALS), and the same session. */
  const webauthnAssertionFinishAuth: DomainHandler = async ({ query, body, token: previous }) => {
    const username = String(body.userHandle);
    const attempt = await countedAssertion(username, String(body.credential), new ApiError('INVALID_CREDENTIALS'));
    const account = await loadAccount(db, username);
    // An account of the other realm fails like a wrong assertion, as with a password.
    if (!account || userTypeOf(account, auth.realms) !== String(query.userType)) throw new ApiError('INVALID_CREDENTIALS');
    if (account.locked || !account.enabled) throw new ApiError('ACCOUNT_LOCKED');
    let session: { token: string; expiresIn: number } | undefined;
    await throttle.exclusive(username, async () => {
      await throttle.succeeded(attempt);
      session = await openSession(db, username, String(query.userType), { method: 'passkey' });
    });
    if (!session) throw new ApiError('INVALID_CREDENTIALS');
    if (previous) await revokeSession(db, previous);
    return { access_token: session.token, expire_in: session.expiresIn };
  };

  /** Re-authentication of the signed-in user: a wrong assertion is 403 (its session is still good), as a wrong password. */
  const webauthnAssertionFinish: DomainHandler = async (ctx) => {
    const { username } = callerIn(ctx);
    const attempt = await countedAssertion(username, String(ctx.body.credential), new ApiError('REAUTHENTICATION_FAILED'));
    await throttle.exclusive(username, () => throttle.succeeded(attempt));
    return { proof: await issueProof(db, username) };
  };

  return {
    webauthnRegistrationStart, webauthnRegistrationFinish, webauthnDelete, webauthnStatus,
    webauthnAssertionStart, webauthnAssertionFinishAuth, webauthnAssertionFinish,
  };
}
