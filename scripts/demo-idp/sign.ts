/**
 * Signs an assertion as an identity provider does (docs/federated-login.md): a compact JWS with the kind's
 * `typ`, the configured issuer and audience, sub = the username, a fresh jti, iat = nbf = now, exp = now + 60 s.
 * By default with the DEMO key (private-key.json beside this file); `overrides` let tests forge bad ones.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload, type KeyObject } from 'jose';
import { ASSERTION_TYPES, DEFAULT_AUDIENCES, type AssertionKind } from '../../server/domain/auth/federation/config.js';
import { DEMO_ISSUER } from '../../server/domain/auth/federation/demo-key.js';
import { isRecord } from '../../server/records.js';

export const DEMO_PRIVATE_JWK = jwkOf(JSON.parse(readFileSync(new URL('private-key.json', import.meta.url), 'utf8')));

/** The Ed25519 private JWK of the file, its text members only (the file's `comment` is left out). */
function jwkOf(value: unknown): JWK {
  if (!isRecord(value) || typeof value.kty !== 'string') throw new Error('private-key.json is not a JWK');
  const text = (name: string) => { const v = value[name]; return typeof v === 'string' ? v : undefined; };
  return { kty: value.kty, crv: text('crv'), d: text('d'), x: text('x'), kid: text('kid'), alg: text('alg') };
}

export interface AssertionOptions {
  kind?: AssertionKind;
  issuer?: string;
  audience?: string;
  /** Seconds from now: iat and nbf at `issuedAt`, exp at `issuedAt + lifetime`. */
  issuedAt?: number;
  lifetime?: number;
  notBefore?: number;
  jti?: string;
  typ?: string;
  /** Another signing key and its algorithm (ES256 or EdDSA); default the demo key. */
  key?: { key: CryptoKey | KeyObject | Uint8Array; alg: string; kid?: string };
  /** Claims set as they are (a missing claim: set it to undefined). */
  claims?: JWTPayload;
}

export async function signAssertion(username: string, options: AssertionOptions = {}): Promise<string> {
  const kind = options.kind ?? 'sso';
  const now = Math.floor(Date.now() / 1000) + (options.issuedAt ?? 0);
  const signer = options.key ?? { key: await importJWK(DEMO_PRIVATE_JWK, 'EdDSA'), alg: 'EdDSA', kid: DEMO_PRIVATE_JWK.kid };
  const payload: JWTPayload = {
    iss: options.issuer ?? DEMO_ISSUER,
    aud: options.audience ?? DEFAULT_AUDIENCES[kind],
    sub: username,
    jti: options.jti ?? randomUUID(),
    iat: now,
    nbf: now + (options.notBefore ?? 0),
    exp: now + (options.lifetime ?? 60),
    ...options.claims,
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: signer.alg, typ: options.typ ?? ASSERTION_TYPES[kind], ...(signer.kid ? { kid: signer.kid } : {}) })
    .sign(signer.key);
}
