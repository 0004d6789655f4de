/**
 * The verification of a single-sign-on or one-time-login assertion (docs/federated-login.md), the same for
 * both kinds but for their audience and `typ`: a compact JWS signed with one of the configured keys, by a
 * pinned algorithm, with iss, aud, sub, jti, iat, nbf and exp, living at most MAX_LIFETIME_SECONDS.
 * jose checks signature, algorithm, typ and the claims; the lifetime is checked here.
 */
import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import { ALGORITHMS, ASSERTION_TYPES, CLOCK_TOLERANCE_SECONDS, MAX_LIFETIME_SECONDS, type AssertionKind, type FederationConfig } from './config.js';
import { AssertionRefused, type RefusalReason } from './refusal.js';

export interface VerifiedAssertion {
  username: string;
  issuer: string;
  jti: string;
  expiresAt: Date;
}

export type AssertionVerifier = (kind: AssertionKind, assertion: string, now: Date) => Promise<VerifiedAssertion>;

export function assertionVerifier(config: FederationConfig): AssertionVerifier {
  const keys = createLocalJWKSet({ keys: config.keys });
  return async (kind, assertion, now) => {
    if (!config.keys.length) throw new AssertionRefused('disabled', claimedUser(assertion));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(assertion, keys, {
        algorithms: [...ALGORITHMS],
        issuer: config.issuer,
        audience: config.audiences[kind],
        typ: ASSERTION_TYPES[kind],
        requiredClaims: ['iss', 'aud', 'sub', 'jti', 'iat', 'nbf', 'exp'],
        maxTokenAge: MAX_LIFETIME_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now,
      }));
    } catch (error) {
      throw new AssertionRefused(reasonOf(error), claimedUser(assertion));
    }
    const { sub, jti, iat, exp, iss } = payload;
    if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || !jti || typeof iss !== 'string') throw new AssertionRefused('claims', claimedUser(assertion));
    // requiredClaims made them present and jose checked them as numbers; a longer life than allowed is refused.
    if (iat === undefined || exp === undefined || exp - iat > MAX_LIFETIME_SECONDS) throw new AssertionRefused('lifetime', sub);
    return { username: sub, issuer: iss, jti, expiresAt: new Date(exp * 1000) };
  };
}

function reasonOf(error: unknown): RefusalReason {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return 'claims';
    if (error.claim === 'iss') return 'issuer';
    if (error.claim === 'aud') return 'audience';
    if (error.claim === 'typ') return 'type';
    if (error.claim === 'nbf') return 'notYetValid';
    // An iat in the future (one too old is JWTExpired).
    if (error.claim === 'iat') return 'notYetValid';
    return 'claims';
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return 'algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return 'signature';
  return 'malformed';
}

/** The `sub` the assertion claims, unverified (for the audit only), cut to the column's length. */
function claimedUser(assertion: string): string | undefined {
  try {
    const { sub } = decodeJwt(assertion);
    return typeof sub === 'string' ? sub.slice(0, 100) : undefined;
  } catch {
    return undefined;
  }
}
