/**
 * What the server trusts of single sign-on and one-time login (README variables, docs/federated-login.md):
 * the identity provider's public keys (SSO_PUBLIC_KEYS: a JWK set, one JWK or PEM public keys; Ed25519 or
 * P-256 only), its issuer (SSO_ISSUER) and the audience of each kind of assertion (SSO_AUDIENCE,
 * OTF_AUDIENCE). Read once at start: a key that cannot be used stops the server with the reason, and so does
 * the demo key under NODE_ENV=production.
 */
import { createPublicKey } from 'node:crypto';
import type { JWK } from 'jose';
import { DEMO_ISSUER, DEMO_PUBLIC_JWK } from './demo-key.js';

export type AssertionKind = 'sso' | 'otf';

export interface FederationConfig {
  /** The public keys assertions may be signed with; none: every assertion is refused (federation off). */
  keys: JWK[];
  issuer: string;
  /** `aud` an assertion must carry, per kind: an SSO assertion cannot be used as a one-time login, nor back. */
  audiences: Record<AssertionKind, string>;
}

/** The algorithms accepted, pinned: never `none`, never an HMAC (whose "secret" would be the public key). */
export const ALGORITHMS = ['EdDSA', 'ES256'] as const;

/** The `typ` header of each kind: a second, explicit separation besides the audience (RFC 8725 3.11). */
export const ASSERTION_TYPES: Record<AssertionKind, string> = { sso: 'webpos-sso+jwt', otf: 'webpos-otf+jwt' };

/** The longest life an assertion may have (exp - iat), and the clock difference tolerated with the provider. */
export const MAX_LIFETIME_SECONDS = 120;
export const CLOCK_TOLERANCE_SECONDS = 30;

/** The audiences when SSO_AUDIENCE and OTF_AUDIENCE are unset. */
export const DEFAULT_AUDIENCES: Record<AssertionKind, string> = { sso: 'webpos-sso', otf: 'webpos-otf' };

export function federationFromEnv(env: NodeJS.ProcessEnv = process.env): FederationConfig {
  const production = env.NODE_ENV === 'production';
  const configured = env.SSO_PUBLIC_KEYS?.trim();
  // Unset: the demo key outside production; in production, no key at all (federation off).
  const keys = configured ? parseKeys(configured) : production ? [] : [{ ...DEMO_PUBLIC_JWK }];
  if (production && keys.some(isDemoKey)) {
    throw new Error('SSO_PUBLIC_KEYS contains the demo key of the repository (anyone can sign with it): refused with NODE_ENV=production');
  }
  return {
    keys,
    issuer: env.SSO_ISSUER?.trim() || DEMO_ISSUER,
    audiences: { sso: env.SSO_AUDIENCE?.trim() || DEFAULT_AUDIENCES.sso, otf: env.OTF_AUDIENCE?.trim() || DEFAULT_AUDIENCES.otf },
  };
}

const isDemoKey = (key: JWK) => key.x === DEMO_PUBLIC_JWK.x;

/** A JWK set `{"keys": [...]}`, a single JWK, or one or more PEM public keys (SPKI). */
function parseKeys(text: string): JWK[] {
  if (text.startsWith('-----BEGIN')) {
    const blocks = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];
    if (!blocks.length) throw new Error('SSO_PUBLIC_KEYS: no "BEGIN PUBLIC KEY" block found (give the public key, SPKI PEM)');
    return blocks.map((pem, i) => usableKey(createPublicKey(pem).export({ format: 'jwk' }), `PEM block ${i + 1}`));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('SSO_PUBLIC_KEYS is neither JSON (a JWK set or a JWK) nor PEM');
  }
  const list = isObject(parsed) && Array.isArray(parsed.keys) ? parsed.keys : [parsed];
  if (!list.length) throw new Error('SSO_PUBLIC_KEYS: the JWK set has no keys');
  return list.map((key: unknown, i) => {
    if (!isObject(key)) throw new Error(`SSO_PUBLIC_KEYS: key ${i + 1} is not a JSON object`);
    return usableKey(key, `key ${i + 1}`);
  });
}

/** An Ed25519 or P-256 public key, with its `alg` set (or checked); a private key is refused. */
function usableKey(key: JWK, where: string): JWK {
  if ('d' in key) throw new Error(`SSO_PUBLIC_KEYS ${where}: a private key; give the public key only`);
  const alg = key.kty === 'OKP' && key.crv === 'Ed25519' ? 'EdDSA' : key.kty === 'EC' && key.crv === 'P-256' ? 'ES256' : undefined;
  if (!alg) throw new Error(`SSO_PUBLIC_KEYS ${where}: only Ed25519 (EdDSA) and P-256 (ES256) keys are accepted`);
  if (key.alg !== undefined && key.alg !== alg) throw new Error(`SSO_PUBLIC_KEYS ${where}: alg ${key.alg} does not fit a ${key.crv} key (${alg})`);
  return { ...key, alg };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
