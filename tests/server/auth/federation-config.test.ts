/**
 * SSO_PUBLIC_KEYS, SSO_ISSUER and the audiences (server/domain/auth/federation/config.ts; README, docs/federated-login.md):
 * the demo key only outside production, the key formats accepted, the keys refused at start.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { federationFromEnv } from '../../../server/domain/auth/federation/config.js';
import { DEMO_PUBLIC_JWK } from '../../../server/domain/auth/federation/demo-key.js';
import { DEMO_PRIVATE_JWK } from '../../../scripts/demo-idp/sign.js';

const demoSet = JSON.stringify({ keys: [DEMO_PUBLIC_JWK] });

describe('federationFromEnv', () => {
  it('trusts the demo key when nothing is configured outside production, with the demo issuer and the default audiences', () => {
    expect(federationFromEnv({ NODE_ENV: 'development' })).toEqual({
      keys: [DEMO_PUBLIC_JWK], issuer: 'webpos-demo-idp', audiences: { sso: 'webpos-sso', otf: 'webpos-otf' },
    });
  });

  it('in production trusts no key when nothing is configured, and refuses to start with the demo key', () => {
    expect(federationFromEnv({ NODE_ENV: 'production' }).keys).toEqual([]);
    expect(() => federationFromEnv({ NODE_ENV: 'production', SSO_PUBLIC_KEYS: demoSet })).toThrow(/demo key.*NODE_ENV=production/);
  });

  it('reads a JWK set, a single JWK and PEM public keys (Ed25519 and P-256), setting each key its algorithm', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const ed = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const fromPem = federationFromEnv({ NODE_ENV: 'production', SSO_PUBLIC_KEYS: `${ec}\n${ed}`, SSO_ISSUER: 'https://idp.banca.example', SSO_AUDIENCE: 'https://webpos.example/sso' });
    expect(fromPem.keys.map((k) => [k.kty, k.crv, k.alg])).toEqual([['EC', 'P-256', 'ES256'], ['OKP', 'Ed25519', 'EdDSA']]);
    expect(fromPem.issuer).toBe('https://idp.banca.example');
    expect(fromPem.audiences).toEqual({ sso: 'https://webpos.example/sso', otf: 'webpos-otf' });
    const jwk = createPublicKey(ed).export({ format: 'jwk' });
    expect(federationFromEnv({ SSO_PUBLIC_KEYS: JSON.stringify(jwk) }).keys).toEqual([{ ...jwk, alg: 'EdDSA' }]);
  });

  it('refuses a private key, an RSA key, an algorithm that does not fit the key and text that is no key', () => {
    expect(() => federationFromEnv({ SSO_PUBLIC_KEYS: JSON.stringify(DEMO_PRIVATE_JWK) })).toThrow(/private key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => federationFromEnv({ SSO_PUBLIC_KEYS: rsa })).toThrow(/only Ed25519 \(EdDSA\) and P-256 \(ES256\)/);
    expect(() => federationFromEnv({ SSO_PUBLIC_KEYS: JSON.stringify({ ...DEMO_PUBLIC_JWK, alg: 'HS256' }) })).toThrow(/does not fit/);
    expect(() => federationFromEnv({ SSO_PUBLIC_KEYS: 'segreto' })).toThrow(/neither JSON/);
    expect(() => federationFromEnv({ SSO_PUBLIC_KEYS: '{"keys":[]}' })).toThrow(/no keys/);
  });
});
