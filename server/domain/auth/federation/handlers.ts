/**
 * POST authorization/auth/{sinergiaId}/feu/{feu} (single sign-on) and POST authorization/otf/{otfTipo}/id/{otfId}
 * (one-time login): seed 000 §1, §4, §7; issue 18; docs/federated-login.md. One flow for both, which differ in
 * the assertion's audience and `typ` (config.ts):
 * counted per client address (throttle.ts) -> verified (verify.ts) -> used once (used-assertions.ts) -> its
 * user exists, is enabled and is of the kind the path names -> the session a password login opens.
 * Every attempt is audited (attempts.ts); every refusal is the one 401 ASSERTION_REFUSED.
 */
import { ApiError } from '../../../http/api-error.js';
import { clientAddress } from '../../../http/client-address.js';
import type { DomainHandler } from '../../handler.js';
import { loadAccount, userTypeOf } from '../credentials.js';
import type { AuthRuntime } from '../runtime.js';
import { openSession, revokeSession } from '../sessions.js';
import { recordAttempt } from './attempts.js';
import type { AssertionKind } from './config.js';
import { AssertionRefused } from './refusal.js';
import { useOnce } from './used-assertions.js';
import { assertionVerifier } from './verify.js';

/** The path parameters of each operation (spec/sicurezza/operazioni-accesso.yaml). */
const PARAMS: Record<AssertionKind, { assertion: string; userType: string }> = {
  sso: { assertion: 'sinergiaId', userType: 'feu' },
  otf: { assertion: 'otfId', userType: 'otfTipo' },
};

export function createFederationHandlers(auth: AuthRuntime): Record<string, DomainHandler> {
  const { db } = auth;
  const verify = assertionVerifier(auth.federation);

  const enter = (kind: AssertionKind): DomainHandler => async ({ params, token: previous }) => {
    const assertion = params[PARAMS[kind].assertion];
    const userType = params[PARAMS[kind].userType];
    const address = clientAddress();
    const now = new Date();
    try {
      await auth.throttle.assertionAttempt(address);
      const verified = await verify(kind, assertion, now);
      // Used up before the user is looked at: a refused assertion cannot be tried again either.
      if (!(await useOnce(db, kind, verified, now))) throw new AssertionRefused('replay', verified.username);
      const account = await loadAccount(db, verified.username);
      if (!account) throw new AssertionRefused('unknownUser', verified.username);
      if (account.locked || !account.enabled) throw new AssertionRefused('userDisabled', account.username);
      if (userTypeOf(account, auth.realms) !== userType) throw new AssertionRefused('wrongUserType', account.username);
      const session = await openSession(db, account.username, userType, { method: kind, now });
      await auth.throttle.assertionSucceeded(address);
      // As at a password login: the token the client had before is ended.
      if (previous) await revokeSession(db, previous);
      await recordAttempt(db, { kind, userType, address, username: account.username }, now);
      return { access_token: session.token, expire_in: session.expiresIn };
    } catch (error) {
      if (error instanceof AssertionRefused) {
        await recordAttempt(db, { kind, userType, address, username: error.claimedUser, refusal: error.reason }, now);
        throw new ApiError('ASSERTION_REFUSED');
      }
      if (error instanceof ApiError && error.code === 'TOO_MANY_REQUESTS') await recordAttempt(db, { kind, userType, address, refusal: 'throttled' }, now);
      throw error;
    }
  };

  return { singleSignOn: enter('sso'), oneTimeLogin: enter('otf') };
}
